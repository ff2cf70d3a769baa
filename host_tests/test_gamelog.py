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


# ---- issue 11.6/11.7: every wrong log refused with its line and reason, every
# valid one accepted whoever wrote it, one ASCII grammar on both interpreters


def corpus_logs():
    """(name, bytes, words the refusal must say, or None for a good log) of
    every file in host_tests/corpus/logs/."""
    import os

    here = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
    folder = here + "/corpus/logs"
    expect = {}
    with open(folder + "/expect.txt") as f:
        for ln in f.read().split("\n"):
            if ": " in ln:
                name, words = ln.split(": ", 1)
                expect[name] = words
    out = []
    for name in sorted(os.listdir(folder)):
        if not (name.endswith(".log") or name.endswith(".bin")):
            continue
        with open(folder + "/" + name, "rb") as f:
            data = f.read()
        words = None
        if name.startswith("bad-"):
            words = expect.get(name)
            if words is None:
                head = data.split(b"\n", 1)[0].split(b"\r", 1)[0]
                mark = b"# expect: "
                words = head[len(mark) :].decode() if head.startswith(mark) else ""
        out.append((name, data, words))
    assert len(out) >= 20, len(out)
    return out


class Chunks:
    """A binary file over bytes, read only through readline(limit)."""

    def __init__(self, data):
        self.data = data
        self.at = 0
        self.most = 0

    def readline(self, limit):
        nl = self.data.find(b"\n", self.at)
        end = len(self.data) if nl < 0 else nl + 1
        end = min(end, self.at + limit)
        got = self.data[self.at : end]
        self.at = end
        self.most = max(self.most, len(got))
        return got


def test_the_log_corpus_good_accepted_bad_refused_with_line_and_reason():
    for name, data, words in corpus_logs():
        f = Chunks(data)
        try:
            games = [g for g in logcheck.replay_file(f)]
        except logcheck.LogError as e:
            msg = str(e)
            assert words is not None, (name, msg)  # a valid log refused
            assert words in msg, (name, words, msg)
            assert len(msg) <= 160, (name, msg)  # never echoes much input
            assert "empty" in msg or "line " in msg, (name, msg)
        else:
            assert words is None, (name, "accepted")
            assert games, name
        assert f.most <= logcheck.MAX_LINE + 2, (name, f.most)  # a line at a time


def test_logs_from_another_writer_are_checked_for_legality_not_their_seed():
    g, text = log_of(21)
    lines = text.split("\n")
    assert "rng=crib1" in lines[0]  # our own logs name the dealing...
    wrong_seed = lines[0].replace("seed=", "seed=9")
    expect_error("\n".join([wrong_seed] + lines[1:]), "not what seed=")  # ...so it is checked
    foreign = "game 1 target=%d seed=99 game=0 A=bot1 B=bot2 rng=theirs" % g.target
    back = logcheck.replay("\n".join([foreign] + lines[1:]))  # notes and rng ignored
    assert back.scores == g.scores


def test_unknown_rules_deals_and_cuts_in_the_wrong_place_are_refused():
    g, text = log_of(22)
    lines = text.split("\n")
    expect_error("\n".join([lines[0] + " bogus"] + lines[1:]), "does not know")
    expect_error("\n".join([lines[0] + " frob"] + lines[1:]), "line 1")
    # known rule words that do not fit this game: V5 is played to 61, V6 has no target
    expect_error("\n".join([lines[0] + " five"] + lines[1:]), "played to 61")
    expect_error("\n".join([lines[0] + " deals=6"] + lines[1:]), "not both")
    expect_error("\n".join(["game 1 deals=6"] + lines[1:]), "rules give 'end")
    play = [i for i, ln in enumerate(lines) if ln.startswith("play ")][3]
    expect_error("\n".join(lines[:play] + ["cut A 7C B 2D"] + lines[play:]), "line %d" % (play + 1))
    expect_error("", "empty")
    expect_error("# only a comment\n\n", "empty")


def test_one_ascii_grammar_and_short_echoes():
    g, text = log_of(23)
    expect_error(text.replace("\n", "\r"), "carriage return")
    assert logcheck.replay(text.replace("\n", "\r\n")).scores == g.scores
    hand = [ln for ln in text.split("\n") if ln.startswith("hand ")][0]
    for odd in (hand.replace(" ", "\u00a0", 1), hand[:-1] + "\u017f", hand + " \u0661"):
        expect_error(text.replace(hand, odd, 1), "not ASCII")
    expect_error(text.replace(hand, hand + "\x0b", 1), "control character")
    try:
        logcheck.replay("game 1 target=121\n" + "frobnicate" * 19 + "\n")
    except logcheck.LogError as e:
        assert len(str(e)) < 120 and "..." in str(e), str(e)
    else:
        assert False
    expect_error("game 1 target=121\nplay A" + " 5H" * 100 + "\n", "longer than")
    long_comment = "# " + "x" * 1000 + "\n"
    assert logcheck.replay(long_comment + text + long_comment).scores == g.scores


# ---- a five-card start line in its place, each rule once, a missing go named


def test_five_card_start_line_only_right_after_the_first_deal_line():
    g = Game(13, 61, None, variant="five")
    events = []
    run(g, [RandomPlayer(13), RandomPlayer(20)], events.append)
    lines = [gamelog.header(g)] + [gamelog.line(e) for e in events]
    at = [k for k, ln in enumerate(lines) if ln.endswith(" start")][0]
    assert lines[at - 1].startswith("deal ")
    logcheck.replay("\n".join(lines) + "\n")
    moved = lines[:at] + lines[at + 1 : at + 3] + [lines[at]] + lines[at + 3 :]
    try:
        logcheck.replay("\n".join(moved) + "\n")
    except logcheck.LogError as e:
        assert "line %d:" % (at + 1) in str(e) and "start" in str(e), str(e)
    else:
        raise AssertionError("a start line after the hands was accepted")


def test_a_first_line_gives_each_rule_once():
    body = "\ndeal A\n"
    for head, word in (
        ("game 1 deals=8 deals=6", "deals"),
        ("game 1 target=121 target=61", "target"),
        ("game 1 target=121 target=121", "target"),
        ("game 1 target=61 five five", "five"),
        ("game 1 target=61 seed=1 seed=2 rng=crib1", "seed"),
    ):
        try:
            logcheck.parse(head + body)
        except logcheck.LogError as e:
            assert ("'%s' twice" % word) in str(e), str(e)
        else:
            raise AssertionError("accepted: " + head)
    logcheck.parse("game 1 target=61 A=me A=you" + body)  # notes are the writer's


def test_a_missing_go_is_named_with_its_seat_and_why():
    for seed in range(12, 40):
        g = Game(seed, 121, None)
        events = []
        run(g, [RandomPlayer(seed), RandomPlayer(seed + 7)], events.append)
        lines = [gamelog.header(g)] + [gamelog.line(e) for e in events]
        gone = [k for k, ln in enumerate(lines) if ln.startswith("go ")]
        for k in gone[:3]:
            who = lines[k].split()[1]
            try:
                logcheck.replay("\n".join(lines[:k] + lines[k + 1 :]) + "\n")
            except logcheck.LogError as e:
                want = "line %d: %s has not said go (no card of %s's fits under 31)" % (
                    k + 1,
                    who,
                    who,
                )
                assert str(e).startswith(want), str(e)
            else:
                raise AssertionError("a log without its go line was accepted")
        if len(gone) >= 3:
            return
