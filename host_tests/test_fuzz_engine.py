# portable: runs under MicroPython too
"""Hostile input to the engine's readers never escapes as anything but their
own clear errors: random and mutated save records, game logs and command
lines (the short CI version; tools/fuzz_engine.py runs it long)."""

import io

from engine import gamelog, logcheck
from engine.__main__ import main
from engine.game import Game, run
from engine.match import Match
from engine.players import RandomPlayer
from engine.rng import Rng
from engine.save import SaveError, load_game, load_match, save_game, save_match


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
        status = main(argv, out, err)
        assert status in (0, 2), argv
        if status == 2:
            assert err.getvalue().startswith("error:") or not argv
        statuses[status] = statuses.get(status, 0) + 1
    return statuses


def test_mutated_and_random_saves_only_raise_save_error():
    ok, refused = fuzz_saves(300)
    assert refused > 0


def test_mutated_logs_only_raise_log_error():
    assert fuzz_logs(150) > 100


def test_random_command_lines_exit_0_or_2():
    statuses = fuzz_cli(150)
    assert statuses.get(2, 0) > 50
