"""Speed of the expert level (engine.expert) with the win-chance table on file.

    python3 tools/bench_engine.py --only expert [--games 20]
    python3 tools/bench_engine.py --only expert --emu [--firmware F.uf2] [--deals 16]
        [--levels expert,easy,...]

The first form: every discard and play of ``--games`` games of expert
against itself to 121 (seeds 2000 + k), timed as made; medians, the discards
near the end (where the table decides) and the plays rolled out (the first
two cards a seat lays in a deal, where more than one rank fits) apart, and
the worst. Runs this file under the MicroPython unix port (tools/mpport.py;
engine/ as source, compiled on import) and then under CPython. Timing on a
shared PC is noisy: the medians hold, the worst cases do not.

The second form times decisions on the emulated Pico (tools/emu, the
engine as .mpy; the MicroPython RPI_PICO firmware from ``--firmware`` or
``PICO_UF2``: docs/device-checks.md). The first deal
of seeds 1..``--deals`` (dealer ``seed % 2``; every third seed with both
seats near the end, where the expert's discard reads the table) is played
by the expert in both seats, then by easy, medium and hard: each decision
is timed on the device (``time.ticks_us``). Printed: the expert's first and
second card of a deal (median, worst), its other plays and its discards
(median, worst), and every other level's worst discard and play. Aim: no
decision over 1,500 ms. ``device_run`` is the one call to the device.

Imports engine.game, engine.opponent, engine.expert; on the PC also mpport
(the first form) or os, shutil, tempfile and the emulated Pico (emu.pico,
emu.firmware; the second).
"""

import sys

try:
    import time

    _tick = time.ticks_us
    _diff = time.ticks_diff
except AttributeError:
    _tick = lambda: int(time.perf_counter() * 1e6)  # noqa: E731
    _diff = lambda a, b: a - b  # noqa: E731

LEVELS = ("expert", "easy", "medium", "hard")


def _median(x):
    x = sorted(x)
    return x[len(x) // 2] if x else 0


def measure(games):
    from engine import expert, game, opponent

    discards = []
    near = []
    plays = []
    rolled = []

    class Timed:
        def __init__(self, seed):
            self.p = opponent.make("expert", seed)

        def discard(self, v):
            t = _tick()
            r = self.p.discard(v)
            dt = _diff(_tick(), t)
            discards.append(dt)
            if expert.near(v):
                near.append(dt)
            return r

        def play(self, v):
            if not v.playable():
                return None
            slow = self.p.slow(v)
            t = _tick()
            r = self.p.play(v)
            dt = _diff(_tick(), t)
            plays.append(dt)
            if slow:
                rolled.append(dt)
            return r

    for k in range(games):
        game.run(game.Game(seed=2000 + k, target=121), [Timed(k), Timed(k + 1)])
    return (
        "%s: discard median %.2f ms (%d), near the end median %.2f ms, worst %.1f ms (%d);"
        " play median %.3f ms, worst %.1f ms (%d); rolled out (engine.rollout) median"
        " %.1f ms (%d)"
        % (
            sys.implementation.name,
            _median(discards) / 1000,
            len(discards),
            _median(near) / 1000,
            max(near) / 1000 if near else 0,
            len(near),
            _median(plays) / 1000,
            max(plays) / 1000 if plays else 0,
            len(plays),
            _median(rolled) / 1000,
            len(rolled),
        )
    )


def deal_decisions(level, deals, put):
    """On the device: the first deal of seeds 1..deals played by ``level`` in
    both seats, each decision timed; ``put(kind, us)`` for each, kind one of
    "discard", "card1", "card2" (the first, second card the seat lays),
    "play" (the rest)."""
    import gc

    from engine.game import Game
    from engine.opponent import make

    for seed in range(1, deals + 1):
        g = Game(seed, 121, seed % 2)
        if seed % 3 == 0:  # both near the end: the expert's discard reads the table
            g.scores = [121 - 10 - seed % 30, 121 - 15 - seed * 7 % 25]
        g.start()
        players = (make(level, seed * 2 + 1), make(level, seed * 2 + 2))
        while g.deal_number == 1 and g.phase in ("discard", "play"):
            seat = g.to_act()
            v = g.view(seat)
            if g.phase == "discard":
                kind = "discard"
            else:
                laid = 0
                for s, _ in v.played:
                    laid += s == seat
                kind = "card1" if laid == 0 else "card2" if laid == 1 else "play"
            gc.collect()
            t = _tick()
            if g.phase == "discard":
                d = players[seat].discard(v)
            else:
                d = players[seat].play(v) if v.playable() else None
            put(kind, _diff(_tick(), t))
            g.act(seat, d)


def on_device(deals, levels=LEVELS):
    """The device half of ``--emu``: a line ``@@ level kind us`` a decision."""
    for level in levels:
        deal_decisions(level, deals, lambda kind, us: print("@@", level, kind, us))
    print("@@ done")


def device_run(fw, folder, script):
    """Run ``script`` (its text) on the emulated Pico with firmware ``fw``
    and ``folder``'s files compiled to .mpy: (stdout, stderr, status)."""
    from emu import pico

    r = pico.run(fw, folder, script, mpy=True)
    return r.stdout, r.stderr, r.status


def report(text):
    """The figures from the device's ``@@`` lines, as printed lines."""
    got = {}
    done = False
    for line in text.splitlines():
        parts = line.split()
        if parts[:2] == ["@@", "done"]:
            done = True
        elif len(parts) == 4 and parts[0] == "@@":
            got.setdefault((parts[1], parts[2]), []).append(int(parts[3]))
    out = []
    for kind, what in (
        ("card1", "first card of a deal"),
        ("card2", "second card of a deal"),
        ("play", "other plays"),
        ("discard", "discard"),
    ):
        x = got.get(("expert", kind), [])
        out.append(
            "expert %-21s median %7.1f ms, worst %7.1f ms (%d)"
            % (what, _median(x) / 1000, max(x) / 1000 if x else 0, len(x))
        )
    for level in LEVELS[1:]:
        d = got.get((level, "discard"), [])
        p = []
        for kind in ("card1", "card2", "play"):
            p.extend(got.get((level, kind), []))
        out.append(
            "%-6s worst discard %.1f ms (%d), worst play %.1f ms (%d)"
            % (level, max(d) / 1000 if d else 0, len(d), max(p) / 1000 if p else 0, len(p))
        )
    worst = 0
    for x in got.values():
        worst = max(worst, max(x))
    out.append("every decision: worst %.1f ms (aim 1500 ms)" % (worst / 1000))
    if not done:
        out.append("(the run did not finish: the figures are partial)")
    return out


def pico(flag, deals, levels=LEVELS):
    import os
    import shutil
    import tempfile

    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(os.path.dirname(here))
    work = tempfile.mkdtemp(prefix="bench_expert_")
    try:
        folder = os.path.join(work, "files")
        os.makedirs(os.path.join(folder, "engine"))
        for name in os.listdir(os.path.join(root, "engine")):
            if name.endswith(".py") or name.endswith(".bin"):
                shutil.copy(os.path.join(root, "engine", name), os.path.join(folder, "engine"))
        shutil.copy(os.path.join(here, "expert_speed.py"), folder)
        script = "import expert_speed\nexpert_speed.on_device(%d, %r)\n" % (deals, levels)
        from emu import firmware, workdir

        try:
            fw = firmware.micropython(flag)
            print("emulated Pico, %s" % fw.describe())
            stdout, stderr, status = device_run(fw, folder, script)
        except (firmware.NoFirmware, firmware.BadFirmware, workdir.SetupError) as e:
            print("error: %s" % e)
            return 2
    finally:
        shutil.rmtree(work, ignore_errors=True)
    for line in report(stdout):
        print(line)
    tail = [x for x in stderr.splitlines() if x.startswith("[emu]")]
    if tail:
        print(tail[-1])
    if status:
        print("the device run ended with status %d:" % status)
        print("\n".join((stdout + stderr).strip().splitlines()[-8:]))
        return 1
    return 0


def _usage():
    print(
        "usage: python3 tools/bench_engine.py --only expert [--games N]"
        " | --emu [--firmware F.uf2] [--deals N] [--levels expert,easy,medium,hard]"
    )
    return 2


def main(argv):
    games = 20
    if argv[:1] == ["--emu"]:
        if len(argv) % 2 == 0:
            return _usage()
        deals = 16
        levels = LEVELS
        flag = None
        for i in range(1, len(argv), 2):
            if argv[i] == "--firmware":
                flag = argv[i + 1]
                continue
            if argv[i] == "--deals":
                if not argv[i + 1].isdigit() or not 1 <= int(argv[i + 1]) <= 1000:
                    print("--deals takes a whole number from 1 to 1000")
                    return 2
                deals = int(argv[i + 1])
            elif argv[i] == "--levels":
                levels = tuple(argv[i + 1].split(","))
                for x in levels:
                    if x not in LEVELS:
                        print("--levels takes some of %s, by commas" % ",".join(LEVELS))
                        return 2
            else:
                return _usage()
        return pico(flag, deals, levels)
    if len(argv) == 2 and argv[0] == "--games":
        if not argv[1].isdigit() or not 1 <= int(argv[1]) <= 10000:
            print("--games takes a whole number from 1 to 10000")
            return 2
        games = int(argv[1])
    elif argv:
        return _usage()
    if sys.implementation.name == "micropython":
        print(measure(games))
        return 0
    import os
    import subprocess

    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(os.path.dirname(here))
    sys.path.insert(0, os.path.dirname(here))  # tools/
    import mpport

    exe = mpport.micropython()
    long_one = mpport.too_long([os.path.join(here, "expert_speed.py")] + argv)
    if exe and long_one:
        print("error: " + long_one, file=sys.stderr)
        return 2
    if exe:
        proc = subprocess.run(
            [exe, "-X", "heapsize=512k", os.path.join(here, "expert_speed.py")] + argv,
            cwd=root,
            capture_output=True,
            text=True,
        )
        print((proc.stdout + proc.stderr).strip())
    else:
        print("no MicroPython unix port here: " + mpport.BUILD_HINT)
    print(measure(games))
    return 0


if __name__ == "__main__":  # the unix-port half, run by main from the repository
    sys.path.insert(0, ".")
    sys.exit(main(sys.argv[1:]))
