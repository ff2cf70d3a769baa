"""The cost of playing a friend on a device: one deal's cryptography step
by step and whole deals through the protocol, each seat's time apart, and
the live heap of both sides (tools/table_bench_dev.py, the half that runs
on the target), with the real prime unless told.

    python3 tools/bench_table.py                   # the MicroPython unix port
    python3 tools/bench_table.py --emu [--firmware F.uf2]  # the emulated Pico
        (tools/emu; the firmware from --firmware or PICO_UF2: docs/device-checks.md)
      [--prime p256|t31] [--deals N]

The engine's files and the bench are put in a temporary folder (compiled to
.mpy for the Pico) and run there. CPython only. Imports mpport (the unix
port found as the other benchmarks find it) and the emulated Pico
(emu.pico, emu.firmware).
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
import mpport  # noqa: E402

ENGINE = ("cards", "crc", "deal", "game", "gamelog", "players", "refusals", "rng", "score", "view")


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
    p.add_argument("--emu", action="store_true", help="on the emulated Pico (tools/emu)")
    p.add_argument("--firmware", help="the MicroPython RPI_PICO .uf2 (default $PICO_UF2)")
    p.add_argument("--prime", choices=("p256", "t31"), default="p256")
    p.add_argument("--deals", type=int, default=1)
    args = p.parse_args(argv)
    d = _folder()
    try:
        if args.emu:
            from emu import firmware, pico, workdir

            try:
                fw = firmware.micropython(args.firmware)
                script = "import tbd\ntbd.steps(%r)\ntbd.deals(%r, %d)\n" % (
                    args.prime,
                    args.prime,
                    args.deals,
                )
                r = pico.run(fw, d, script, mpy=True)
            except (firmware.NoFirmware, firmware.BadFirmware, workdir.SetupError) as e:
                print("bench_table.py: %s" % e, file=sys.stderr)
                return 2
            print(r.stdout, end="")
            print(r.stderr, end="", file=sys.stderr)
            return r.status
        exe, where = mpport.find()
        if exe is None:
            print("bench_table.py: no MicroPython unix port (%s)" % where, file=sys.stderr)
            return 2
        return subprocess.call([exe, "tbd.py", args.prime, str(args.deals)], cwd=d)
    finally:
        shutil.rmtree(d, ignore_errors=True)


if __name__ == "__main__":
    import bootstrap  # .venv first (tools/ is on sys.path as the script folder)

    bootstrap.ensure(needed=False)
    sys.exit(main())
