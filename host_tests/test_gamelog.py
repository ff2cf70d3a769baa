# portable: runs under MicroPython too
"""Game logs (docs/gamelog.md): written, read back, replayed against the rules."""

from engine import gamelog, logcheck
from engine.game import Game, run
from engine.players import RandomPlayer


def log_of(seed, target=121, open_hands=False):
    g = Game(seed=seed, target=target, open_hands=open_hands)
    events = []
    run(g, [RandomPlayer(seed), RandomPlayer(seed + 7)], events.append)
    text = gamelog.header(g) + "\n" + "\n".join([gamelog.line(e) for e in events]) + "\n"
    return g, text


def test_written_logs_replay_to_the_same_result():
    for seed in range(10):
        g, text = log_of(seed, 61 if seed % 3 == 0 else 121, seed % 4 == 1)
        back = logcheck.replay(text)
        assert back.scores == g.scores and back.winner == g.winner and back.skunk == g.skunk


def test_log_lines_follow_the_format():
    g, text = log_of(3)
    lines = text.strip().split("\n")
    assert lines[0].startswith("game 1 target=121 seed=")
    assert lines[-1].startswith("end ")
    kinds = set([ln.split()[0] for ln in lines[1:]])
    assert kinds <= set(
        ["cut", "deal", "hand", "crib", "starter", "play", "go", "reset"] + ["show", "score", "end"]
    )
    for ln in lines:
        if ln.startswith("score "):
            assert ln.split()[-1] in ("heels", "peg", "go", "hand", "crib")


def expect_error(text, words):
    try:
        logcheck.replay(text)
    except logcheck.LogError as e:
        assert words in str(e), str(e)
        return
    assert False, "accepted a bad log"


def test_tampered_logs_are_caught_with_the_line_number():
    g, text = log_of(5)
    lines = text.split("\n")
    i = [k for k, ln in enumerate(lines) if ln.startswith("score ") and ln.endswith(" hand")][0]
    words = lines[i].split()
    words[2] = str(int(words[2]) + 1)
    changed = lines[:i] + [" ".join(words)] + lines[i + 1 :]
    expect_error("\n".join(changed), "line %d" % (i + 1))
    dropped = lines[:i] + lines[i + 1 :]
    expect_error("\n".join(dropped), "line")
    j = [k for k, ln in enumerate(lines) if ln.startswith("play ")][0]
    w = lines[j].split()
    w[3] = str(int(w[3]) + 1)
    expect_error("\n".join(lines[:j] + [" ".join(w)] + lines[j + 1 :]), "line %d" % (j + 1))
    expect_error(text + "play A 5H 5\n", "over")
    end = [k for k, ln in enumerate(lines) if ln.startswith("end ")][0]
    expect_error("\n".join(lines[:end]), "stops before")


def test_malformed_logs_give_clear_errors():
    expect_error("", "empty")
    expect_error("game 2 target=121\n", "version")
    expect_error("game 1 target=100\n", "121 or 61")
    expect_error("game 1 target=121\ndeal C\n", "A or B")
    expect_error("game 1 target=121\ndeal A\nhand A 5H 5D JS 4C 6S ZZ\n", "not a card")
    expect_error("game 1 target=121\nfrobnicate\n", "not a log line")
    expect_error("game 1 target=121\ncut A 7C B 2D\ndeal A\n", "lower cut")
    hands = "game 1 target=121\ndeal A\nhand A AC 2C 3C 4C 5C 6C\nhand B AD 2D 3D 4D 5D 6D\n"
    expect_error(hands + "crib A AC 2C\ncrib B AD 2D\n", "no starter")


def test_split_several_games():
    a = log_of(1)[1]
    b = log_of(2)[1]
    parts = logcheck.split(a + b)
    assert len(parts) == 2
    assert logcheck.replay(parts[1]).scores == logcheck.replay(b).scores
