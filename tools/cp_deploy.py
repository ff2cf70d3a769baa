"""The CircuitPython half of tools/deploy.py (``--target cp``): its plan and
the copy onto the CIRCUITPY drive.

It compiles the files to .mpy with CircuitPython's own mpy-cross
(``--mpy-cross PATH``, else $CP_MPY_CROSS, else an ``mpy-cross`` on PATH
that says it is CircuitPython's; CircuitPython refuses MicroPython's .mpy
files, and Adafruit publishes its mpy-cross for each CircuitPython version),
removes the old engine/, firmware/ and boards/ from the drive (a stale .py
would shadow its .mpy; /data, the saves, stays), copies the .mpy files,
boot.py (firmware/cp_boot.py), code.py (firmware/cp_code.py) and board.txt
onto the CIRCUITPY drive. When the drive has a boot_out.txt, its
CircuitPython major version must be the mpy-cross's. ``--source`` copies
the .py sources instead, for a board with more RAM than a Pico: compiled on
a Pico's 160 KB heap, the play screen runs out of memory (measured on the
emulated Pico). firmware/hw/cp_fb.py is the framebuf (CircuitPython has
none). The display driver, the pinned adafruit_displayio_ssd1306
(``DISPLAYIO_LIB``, fetched once with pip into build/cp-libs), goes into
lib/ (compiled to .mpy unless ``--source``); the direct driver
(firmware/hw/cp.py, ``display=direct``) needs none. With boot.py installed,
the drive is writable from the PC only after a reset with B held.

CPython only. Imports check_mpy, device_files and deploy_plan from tools/.
"""

import glob
import os
import shutil
import subprocess
import sys
import zipfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import check_mpy  # noqa: E402
import device_files  # noqa: E402
from deploy_plan import ROOT, Fail, Plan  # noqa: E402

# pinned CircuitPython libraries for lib/: the display driver (firmware/hw/cp_displayio.py)
DISPLAYIO_LIB = "adafruit-circuitpython-displayio-ssd1306==3.0.6"
CP_LIBS = (DISPLAYIO_LIB,)


def plan_cp(args):
    plan = Plan(args)
    drive = args.drive or "<CIRCUITPY drive>"
    if CP_LIBS:
        plan.steps.append(
            (
                "fetch the pinned CircuitPython libraries (cached in build/cp-libs)",
                [
                    sys.executable,
                    "-m",
                    "pip",
                    "download",
                    "--no-deps",
                    "-d",
                    os.path.join(ROOT, "build", "cp-libs"),
                ]
                + list(CP_LIBS),
            )
        )
    if not args.source:
        found = cp_mpy_cross(args)
        plan.steps.append(
            (
                "compile %d files with %s"
                % (
                    len(plan.sources),
                    found[1]
                    if found
                    else "CircuitPython's mpy-cross (none found yet: --mpy-cross PATH)",
                ),
                None,
            )
        )
    plan.steps.append(
        (
            "remove engine/, firmware/, boards/ from %s (not /data, the saves)" % drive,
            None,
        )
    )
    plan.steps.append(
        (
            "copy the %s%s, boot.py, code.py and board.txt to %s"
            % (".py sources" if args.source else ".mpy files", ", lib/" if CP_LIBS else "", drive),
            None,
        )
    )
    return plan


def cp_mpy_cross(args):
    """(path, version line) of CircuitPython's mpy-cross, or None."""
    candidates = [args.mpy_cross, os.environ.get("CP_MPY_CROSS"), shutil.which("mpy-cross")]
    for exe in candidates:
        if not exe:
            continue
        try:
            proc = subprocess.run([exe, "--version"], capture_output=True, text=True, timeout=30)
        except OSError:
            if exe is args.mpy_cross:
                raise Fail("--mpy-cross %s does not run here" % exe)
            continue
        version = (proc.stdout + proc.stderr).strip().splitlines()[:1]
        if version and "CircuitPython" in version[0]:
            return exe, version[0]
        if exe is args.mpy_cross:
            raise Fail(
                "--mpy-cross %s is not CircuitPython's (it says: %s)"
                % (exe, version[0] if version else "nothing")
            )
    return None


def major_version(text):
    """The major version after 'CircuitPython ' in ``text``, or None."""
    words = text.split()
    for i in range(len(words) - 1):
        if words[i] == "CircuitPython":
            head = words[i + 1].split(".")[0]
            return int(head) if head.isdigit() else None
    return None


def find_drive():
    patterns = [
        "/media/*/CIRCUITPY",
        "/run/media/*/CIRCUITPY",
        "/Volumes/CIRCUITPY",
        "/mnt/CIRCUITPY",
    ]
    for pattern in patterns:
        found = glob.glob(pattern)
        if found:
            return found[0]
    return None


def cp_lib(name_spec):
    """The library's .py file from its pinned wheel (downloaded once)."""
    cache = os.path.join(ROOT, "build", "cp-libs")
    dist = name_spec.split("==")[0].replace("-", "_")
    wheels = glob.glob(os.path.join(cache, dist + "-" + name_spec.split("==")[1] + "-*.whl"))
    if not wheels:
        cmd = [sys.executable, "-m", "pip", "download", "--no-deps", "-q", "-d", cache, name_spec]
        if subprocess.run(cmd).returncode != 0:
            raise Fail("could not download %s" % name_spec, 1)
        wheels = glob.glob(os.path.join(cache, dist + "-*.whl"))
    with zipfile.ZipFile(wheels[0]) as z:
        return [(n, z.read(n)) for n in z.namelist() if n.endswith(".py") and "/" not in n]


def compile_lib(exe, out, name, data):
    """(name.mpy, bytes) of a library's .py compiled by CircuitPython's mpy-cross
    (a .py in lib/ would be compiled on the board, in its heap)."""
    src = os.path.join(out, "lib", name)
    os.makedirs(os.path.dirname(src), exist_ok=True)
    with open(src, "wb") as f:
        f.write(data)
    mpy = src[:-3] + ".mpy"
    proc = subprocess.run([exe, "-o", mpy, "-s", name, src], capture_output=True, text=True)
    if proc.returncode != 0:
        raise Fail("mpy-cross failed on lib/%s:\n%s" % (name, proc.stdout + proc.stderr), 1)
    with open(mpy, "rb") as f:
        return name[:-3] + ".mpy", f.read()


def deploy_cp(plan):
    drive = plan.args.drive or find_drive()
    if drive is None or not os.path.isdir(drive):
        raise Fail(
            "no CIRCUITPY drive found%s: plug the board in (it must run CircuitPython) "
            "or pass --drive" % (" at " + drive if drive else "")
        )
    probe_file = os.path.join(drive, ".deploy_probe")
    try:
        with open(probe_file, "w") as f:
            f.write("x")
        os.remove(probe_file)
    except OSError:
        raise Fail(
            "%s is read-only to the PC: hold B and press reset (boot.py then leaves "
            "the drive to the PC), and run this again" % drive
        )
    names = [(os.path.join(ROOT, path), path) for path in plan.sources]
    if not plan.args.source:
        found = cp_mpy_cross(plan.args)
        if found is None:
            raise Fail(
                "CircuitPython's mpy-cross is needed: the game compiled on a Pico's heap "
                "runs out of memory. Download the mpy-cross for your CircuitPython version "
                "from Adafruit (circuitpython.org, 'mpy-cross') and pass --mpy-cross PATH "
                "(or set CP_MPY_CROSS); --source copies the .py files instead, for a "
                "board with more RAM"
            )
        exe, version = found
        boot_out = os.path.join(drive, "boot_out.txt")
        if os.path.exists(boot_out):
            with open(boot_out, errors="replace") as f:
                board_version = f.readline().strip()
            want, have = major_version(version), major_version(board_version)
            if want is not None and have is not None and want != have:
                raise Fail(
                    "the board runs %s but the mpy-cross is for CircuitPython %d: "
                    "use the mpy-cross of CircuitPython %d" % (board_version, want, have)
                )
        out = plan.out
        shutil.rmtree(out, ignore_errors=True)
        os.makedirs(out)
        failures = check_mpy.compile_all(plan.sources, out, exe)
        if failures:
            raise Fail("mpy-cross failed on %s:\n%s" % failures[0], 1)
        print("compiled %d files with %s" % (len(plan.sources), version))
        names = [(os.path.join(out, p[:-3] + ".mpy"), p[:-3] + ".mpy") for p in plan.sources]
    names += [(os.path.join(ROOT, p), p) for p in device_files.data_files()]
    libs = []
    for spec in CP_LIBS:
        libs.extend(cp_lib(spec))
    if not plan.args.source:
        libs = [compile_lib(exe, plan.out, name, data) for name, data in libs]
    for package in device_files.PACKAGES:  # a stale .py would shadow its .mpy
        shutil.rmtree(os.path.join(drive, package), ignore_errors=True)
    for src, path in names:
        dest = os.path.join(drive, path)
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        shutil.copyfile(src, dest)
    if libs:
        os.makedirs(os.path.join(drive, "lib"), exist_ok=True)
    for name, data in libs:
        other = name[:-4] + ".py" if name.endswith(".mpy") else name[:-3] + ".mpy"
        if os.path.exists(os.path.join(drive, "lib", other)):
            os.remove(os.path.join(drive, "lib", other))  # a .py would shadow the .mpy
        with open(os.path.join(drive, "lib", name), "wb") as f:
            f.write(data)
    shutil.copyfile(os.path.join(ROOT, "firmware", "cp_boot.py"), os.path.join(drive, "boot.py"))
    shutil.copyfile(os.path.join(ROOT, "firmware", "cp_code.py"), os.path.join(drive, "code.py"))
    with open(os.path.join(drive, "board.txt"), "w") as f:
        f.write(plan.args.board + "\n")
    print(
        "copied %d files to %s; CircuitPython restarts the game by itself"
        % (len(plan.sources) + len(libs) + 3, drive)
    )
