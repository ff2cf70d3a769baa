"""Speed of the expert level (engine.expert) with the win-chance table on file:
every discard and play of ``--games`` games of expert against itself to 121
(seeds 2000 + k), timed as made; medians, the discards near the end (where
the table decides) and the plays rolled out (the first two cards a seat
lays in a deal, where more than one rank fits) apart, and the worst.

    python3 tools/bench_expert.py [--games 20]

Runs this file under the MicroPython unix port (tools/mpport.py; engine/ as
source, compiled on import) and then under CPython. Aims (issue 16): discard
<= 6 ms, play <= 1.5 ms median on the unix port. Timing on a shared PC is
noisy: the medians hold, the worst cases do not. Imports engine.game,
engine.opponent, engine.expert; on the PC also mpport.
"""

import sys

try:
    import time

    _tick = time.ticks_us
    _diff = time.ticks_diff
except AttributeError:
    _tick = lambda: int(time.perf_counter() * 1e6)  # noqa: E731
    _diff = lambda a, b: a - b  # noqa: E731


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


def main(argv):
    games = 20
    if len(argv) == 2 and argv[0] == "--games":
        games = int(argv[1])
    elif argv:
        print("usage: python3 tools/bench_expert.py [--games N]")
        return 2
    if sys.implementation.name == "micropython":
        print(measure(games))
        return 0
    import os
    import subprocess

    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(here)
    sys.path.insert(0, root)
    import mpport

    exe = mpport.micropython()
    long_one = mpport.too_long([os.path.join(here, "bench_expert.py")] + argv)
    if exe and long_one:
        print("error: " + long_one, file=sys.stderr)
        return 2
    if exe:
        proc = subprocess.run(
            [exe, "-X", "heapsize=512k", os.path.join(here, "bench_expert.py")] + argv,
            cwd=root,
            capture_output=True,
            text=True,
        )
        print((proc.stdout + proc.stderr).strip())
    else:
        print("no MicroPython unix port here: " + mpport.BUILD_HINT)
    print(measure(games))
    return 0


if __name__ == "__main__":
    if sys.implementation.name == "micropython":
        sys.path.insert(0, ".")
    else:
        import bootstrap  # .venv first (tools/ is on sys.path as the script folder)

        bootstrap.ensure()
    sys.exit(main(sys.argv[1:]))
