"""Long fuzz of the engine's readers (saves, game logs, command line):

    python3 tools/fuzz_engine.py [--rounds 20000] [--seed 1]

The fuzzers are here; host_tests/test_fuzz_engine.py runs them short
(tools never import tests). This prints what it tried and what it found. Any
exception other than the readers' own errors stops it with the traceback and
the seed. The fuzzers run on CPython and MicroPython.
"""

import io
import sys

try:  # the repository's root first (run as a script)
    import os

    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
except AttributeError:
    pass  # MicroPython's os has no path: imported by a test, the root is on its path

from engine import gamelog, logcheck  # noqa: E402
from engine.__main__ import main as engine_main  # noqa: E402
from engine.game import Game, run  # noqa: E402
from engine.match import Match  # noqa: E402
from engine.players import RandomPlayer  # noqa: E402
from engine.rng import Rng  # noqa: E402
from engine.restore import SaveError, load_game, load_match  # noqa: E402
from engine.save import save_game, save_match  # noqa: E402


def _mutate(rng, data):
    data = bytearray(data)
    for _ in range(1 + rng.below(4)):
        op = rng.below(4)
        if op == 0 and data:
            data[rng.below(len(data))] = rng.below(256)
        elif op == 1 and data:
            del_at = rng.below(len(data))
            data = data[:del_at] + data[del_at + 1 :]
        elif op == 2:
            at = rng.below(len(data) + 1)
            data = data[:at] + bytes((rng.below(256),)) + data[at:]
        else:
            data = data[: rng.below(len(data) + 1)]
    return bytes(data)


def fuzz_saves(rounds, seed=1):
    rng = Rng(seed)
    g = Game(seed=3)
    run(g, [RandomPlayer(1), RandomPlayer(2)])
    m = Match(3, seed=4)
    g5 = Game(seed=6, variant="five", deals=6)  # V5, V6
    run(g5, [RandomPlayer(1), RandomPlayer(2)])
    m5 = Match(3, 7, 61, None, False, False, "five")
    samples = [save_game(g), save_match(m), save_game(g5), save_match(m5)]
    outcomes = [0, 0]
    for i in range(rounds):
        base = samples[i % 4]
        data = (
            _mutate(rng, base) if i % 5 else bytes([rng.below(256) for _ in range(rng.below(64))])
        )
        for load in (load_game, load_match):
            try:
                load(data)
                outcomes[0] += 1
            except SaveError:
                outcomes[1] += 1
    return outcomes


def fuzz_logs(rounds, seed=2):
    rng = Rng(seed)
    logs = []
    for g in (Game(seed=5, target=61), Game(seed=8, variant="five", deals=4)):  # and V5, V6
        events = []
        run(g, [RandomPlayer(1), RandomPlayer(2)], events.append)
        logs.append([gamelog.header(g)] + [gamelog.line(e) for e in events])
    words = " ".join(logs[0] + logs[1]).split()
    refused = 0
    for i in range(rounds):
        mutated = list(logs[i % 2])
        for _ in range(1 + rng.below(3)):
            k = rng.below(len(mutated))
            op = rng.below(4)
            if op == 0:
                del mutated[k]
            elif op == 1:
                mutated[k] = words[rng.below(len(words))] + " " + mutated[k]
            elif op == 2:
                w = mutated[k].split()
                w[rng.below(len(w))] = words[rng.below(len(words))]
                mutated[k] = " ".join(w)
            else:
                mutated.insert(k, mutated[rng.below(len(mutated))])
        try:
            logcheck.replay("\n".join(mutated))
        except logcheck.LogError:
            refused += 1
    return refused


def fuzz_cli(rounds, seed=3):
    rng = Rng(seed)
    vocab = ["score", "selfplay", "replay", "--games", "--seed", "--target", "--a", "--b"]
    vocab += ["--log", "--json", "--crib", "5H", "10D", "JS", "4C", "6S", "ZZ", "-1", "1"]
    vocab += ["61", "121", "x", "", "hard", "random", "/nonexistent", "99999999999", "--"]
    vocab += ["--variant", "five", "six", "--deals", "6", "7", "7D", "8D"]
    statuses = {}
    for _ in range(rounds):
        argv = [vocab[rng.below(len(vocab))] for _ in range(rng.below(7))]
        if "--games" in argv:
            i = argv.index("--games")
            if i + 1 < len(argv):
                argv[i + 1] = "1"
        out = io.StringIO()
        err = io.StringIO()
        status = engine_main(argv, out, err)
        assert status in (0, 2), argv
        if status == 2:
            assert err.getvalue().startswith("error:") or not argv
        statuses[status] = statuses.get(status, 0) + 1
    return statuses


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
    import time

    t = time.time()
    ok, refused = fuzz_saves(rounds, seed)
    print(
        "saves: %d loads tried, %d accepted, %d refused with SaveError"
        % (ok + refused, ok, refused)
    )
    n = max(1, rounds // 10)
    print("logs: %d mutated logs, %d refused with LogError" % (n, fuzz_logs(n, seed + 1)))
    statuses = fuzz_cli(max(1, rounds // 20), seed + 2)
    print("command lines: %s (exit status: count)" % statuses)
    print("no other exception in %.0f s" % (time.time() - t))
    return 0


if __name__ == "__main__":
    import bootstrap  # .venv first (tools/ is on sys.path as the script folder)

    status = bootstrap.arguments(sys.argv[1:], __doc__, valued=("--rounds", "--seed"))
    if status is not None:
        sys.exit(status)
    bootstrap.ensure()
    sys.exit(main(sys.argv[1:]))
