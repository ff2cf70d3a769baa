"""The cost of playing a friend on a device: one deal's cryptography step
by step and whole deals through the protocol, each seat's time apart, and
the live heap of both sides (tools/table_bench_dev.py, the half that runs
on the target), with the real prime unless told.

    python3 tools/bench_table.py                   # the MicroPython unix port
    python3 tools/bench_table.py --emu KIT_DIR     # the emulated Pico; the
        firmware from PICO_UF2 (the kit's run_on_pico.sh, its README)
      [--prime p256|t31] [--deals N]

The engine's files and the bench are put in a temporary folder (compiled to
.mpy for the Pico with the kit's --mpy) and run there. CPython only.
Imports mpport and check_mpy (the unix port and mpy-cross found as the
other benchmarks find them).
"""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import check_mpy  # noqa: E402
import mpport  # noqa: E402

ENGINE = ("cards", "crc", "game", "game_rare", "gamelog", "players", "rng", "score", "view")


def _folder():
    d = tempfile.mkdtemp(prefix="bench_table_")
    os.makedirs(os.path.join(d, "engine", "table"))
    for name in ("__init__",) + ENGINE:
        shutil.copy(os.path.join(ROOT, "engine", name + ".py"), os.path.join(d, "engine"))
    table = os.path.join(ROOT, "engine", "table")
    for name in sorted(os.listdir(table)):
        if name.endswith(".py"):
            shutil.copy(os.path.join(table, name), os.path.join(d, "engine", "table"))
    shutil.copy(os.path.join(HERE, "table_bench_dev.py"), os.path.join(d, "tbd.py"))
    return d


def main(argv=None):
    p = argparse.ArgumentParser(prog="bench_table.py", description=__doc__.split("\n")[0])
    p.add_argument("--emu", metavar="KIT_DIR", help="the emulator kit's folder")
    p.add_argument("--prime", choices=("p256", "t31"), default="p256")
    p.add_argument("--deals", type=int, default=1)
    args = p.parse_args(argv)
    d = _folder()
    try:
        if args.emu:
            run = os.path.join(args.emu, "run_on_pico.sh")
            if not os.path.exists(run) or not os.environ.get("PICO_UF2"):
                print("bench_table.py: --emu needs the kit's folder and PICO_UF2", file=sys.stderr)
                return 2
            script = d + "_main.py"  # beside the folder: the kit runs it from source
            with open(script, "w") as f:
                f.write(
                    "import tbd\ntbd.steps(%r)\ntbd.deals(%r, %d)\n"
                    % (args.prime, args.prime, args.deals)
                )
            env = dict(os.environ)
            env.setdefault("MPY_CROSS", check_mpy.mpy_cross() or "mpy-cross")
            return subprocess.call([run, "--mpy", d, script], env=env)
        exe, where = mpport.find()
        if exe is None:
            print("bench_table.py: no MicroPython unix port (%s)" % where, file=sys.stderr)
            return 2
        return subprocess.call([exe, "tbd.py", args.prime, str(args.deals)], cwd=d)
    finally:
        shutil.rmtree(d, ignore_errors=True)
        if os.path.exists(d + "_main.py"):
            os.remove(d + "_main.py")


if __name__ == "__main__":
    import bootstrap  # .venv first (tools/ is on sys.path as the script folder)

    bootstrap.ensure(needed=False)
    sys.exit(main())
