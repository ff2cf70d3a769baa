"""Long fuzz of the engine's readers (saves, game logs, command line):

    python3 tools/fuzz_engine.py [--rounds 20000] [--seed 1]

Runs the same fuzzers as host_tests/test_fuzz_engine.py, much longer, and
prints what it tried and what it found. Any exception other than the readers'
own errors stops it with the traceback and the seed.
"""

import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "host_tests"))


def main(argv):
    rounds = 20000
    seed = 1
    try:
        if "--rounds" in argv:
            rounds = int(argv[argv.index("--rounds") + 1])
        if "--seed" in argv:
            seed = int(argv[argv.index("--seed") + 1])
    except (IndexError, ValueError):
        print("usage: python3 tools/fuzz_engine.py [--rounds N] [--seed S]", file=sys.stderr)
        return 2
    import test_fuzz_engine as f

    t = time.time()
    ok, refused = f.fuzz_saves(rounds, seed)
    print(
        "saves: %d loads tried, %d accepted, %d refused with SaveError"
        % (ok + refused, ok, refused)
    )
    n = max(1, rounds // 10)
    print("logs: %d mutated logs, %d refused with LogError" % (n, f.fuzz_logs(n, seed + 1)))
    statuses = f.fuzz_cli(max(1, rounds // 20), seed + 2)
    print("command lines: %s (exit status: count)" % statuses)
    print("no other exception in %.0f s" % (time.time() - t))
    return 0


if __name__ == "__main__":
    import bootstrap  # .venv first (tools/ is on sys.path as the script folder)

    bootstrap.ensure()
    sys.exit(main(sys.argv[1:]))
