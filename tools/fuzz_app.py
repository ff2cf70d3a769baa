"""Long button fuzz of the whole app (issue 7):

    python3 tools/fuzz_app.py [--gestures 20000] [--seeds 5] [--seed 1] [--per-mode 60]
    micropython tools/fuzz_app.py --gestures 5000

Runs host_tests/test_fuzz_app.py's fuzzer (every mode of the start menu in
turn, random raw button masks: chords, fast repeats, bounce, long holds,
mashing, late frames, restarts over the same storage) for ``--seeds`` seeds
of ``--gestures`` gestures each, and prints what it tried and the screens it
reached. Any exception out of the app, or any error the app caught, stops it
with the seed and where (exit 1).
"""

import sys
import time

sys.path.insert(0, ".")
sys.path.insert(0, "host_tests")


def _arg(argv, name, default):
    if name in argv:
        return int(argv[argv.index(name) + 1])
    return default


def main(argv):
    try:
        gestures = _arg(argv, "--gestures", 20000)
        seeds = _arg(argv, "--seeds", 5)
        seed = _arg(argv, "--seed", 1)
        per_mode = _arg(argv, "--per-mode", 60)
    except (IndexError, ValueError):
        print("usage: fuzz_app.py [--gestures N] [--seeds N] [--seed S] [--per-mode N]")
        return 2
    from test_fuzz_app import Fuzz

    t = time.time()
    total = {"gestures": 0, "events": 0, "frames": 0, "restarts": 0, "games": 0}
    screens = {}
    for s in range(seed, seed + seeds):
        try:
            f = Fuzz(s).run(gestures, per_mode)
        except AssertionError as e:
            print("FAILED: %s" % e)
            return 1
        print("seed %d: %s" % (s, f.report()))
        total["gestures"] += f.gestures
        total["events"] += f.events
        total["frames"] += f.frames
        total["restarts"] += f.restarts
        total["games"] += f.games
        for name in f.screens:
            screens[name] = screens.get(name, 0) + f.screens[name]
    print(
        "all seeds: %d gestures, %d button events, %d frames (%d s of device time), "
        "%d games to the end, %d restarts, %d screens reached, no error, in %.0f s"
        % (
            total["gestures"],
            total["events"],
            total["frames"],
            total["frames"] * 20 // 1000,
            total["games"],
            total["restarts"],
            len(screens),
            time.time() - t,
        )
    )
    return 0


if __name__ == "__main__":
    import bootstrap  # .venv first (tools/ is on sys.path as the script folder)

    bootstrap.ensure()
    sys.exit(main(sys.argv[1:]))
