# portable
"""The Learn lesson (engine/lesson.py) and its screen (firmware/screens/
learn.py): every step's points are the engine's (``engine.score``) and the
ones worked out here by hand from docs/rules.md, each with a count written
here from the rules (fifteens by every subset, pairs, runs, flushes, nobs);
the steps together show every part of the game the lesson is for; the
screen, driven by its buttons from the start menu, says "Step k of N",
keeps every text on the 128x64 screen and moves the LED board's pegs with
the scores, back and forth. Runs under CPython, the MicroPython unix port
and WebAssembly: the same steps on each."""

from boards import pico
from driver import Driver
from engine import lesson
from engine.cards import VALUES
from engine.crc import crc16
from engine.score import peg_score, show_score
from firmware.app import App
from firmware.hal import A, B, DOWN, LEFT, RIGHT, UP
from firmware.hw import host
from firmware.pegboard import Pegboard
from screentext import drawn_text, off_screen

# Every award of the lesson, worked out by hand from the two staged deals:
# step (1-based), seat (0 Red, 1 Blue), points, reason.
AWARDS = (
    (3, 1, 2, "heels"),  # the starter JC: his heels (R5)
    (4, 1, 2, "peg"),  # 2S then 2D: a pair
    (5, 0, 6, "peg"),  # 2H: a pair royal
    (6, 1, 2, "peg"),  # 2+2+2+9 = 15
    (7, 1, 2, "peg"),  # +6 +K = 31
    (8, 1, 1, "last"),  # AS 3D: the last card
    (9, 0, 4, "hand"),  # 2S 2H 6C AS + JC: 2+2+A+J = 15, a pair
    (10, 1, 8, "hand"),  # 2D 3D 9D KD + JC: 2+3+K, 2+3+J, a flush of four
    (11, 1, 2, "crib"),  # 4H 7H 8H QH + JC: 7+8; four hearts are no crib flush
    (15, 1, 3, "peg"),  # 3C 4S 5S: a run of three
    (16, 0, 4, "peg"),  # 6D: a run of four
    (18, 1, 1, "go"),  # 28: neither can play, Blue laid the last card
    (19, 0, 1, "last"),  # KC JH 9S: the last card
    (20, 1, 11, "hand"),  # 3C 5S TD JH + 5H: four fifteens, a pair, nobs
    (21, 0, 9, "hand"),  # 4S 6D KC 9S + 5H: three fifteens, a run of three
    (22, 0, 4, "crib"),  # AC 2C 7D QS + 5H: A+2+7+5, Q+5
)
FINAL = (28, 34)  # Red, Blue after the second deal


def counted(hand, starter, crib):
    """A hand's points by the rules (R12), counted the slow plain way."""
    cards = list(hand) + [starter]
    pts = 0
    for mask in range(1, 32):  # every set of cards making 15
        if sum([VALUES[cards[i] >> 2] for i in range(5) if mask >> i & 1]) == 15:
            pts += 2
    for i in range(5):
        for j in range(i + 1, 5):
            if cards[i] >> 2 == cards[j] >> 2:
                pts += 2
    for length in (5, 4, 3):  # the longest runs, every way of making them
        ways = 0
        for mask in range(1, 32):
            ranks = sorted([cards[i] >> 2 for i in range(5) if mask >> i & 1])
            if len(ranks) == length and ranks == list(range(ranks[0], ranks[0] + length)):
                ways += 1
        if ways:
            pts += ways * length
            break
    suits = [c & 3 for c in hand]
    if suits.count(suits[0]) == 4:
        if starter & 3 == suits[0]:
            pts += 5
        elif not crib:
            pts += 4
    if 10 * 4 + (starter & 3) in hand:  # the jack of the starter's suit: nobs
        pts += 1
    return pts


def steps():
    return [lesson.step(k) for k in range(lesson.N)]


def test_every_award_is_the_engines_and_the_hand_count():
    got = []
    for st in steps():
        for e in st.events:
            if e[0] == "score":
                got.append((st.k + 1, e[1], e[2], e[4]))
    assert tuple(got) == AWARDS
    last = lesson.step(lesson.N - 1)
    assert tuple(last.scores) == FINAL
    assert sum([a[2] for a in AWARDS if a[1] == 0]) == FINAL[0]
    assert sum([a[2] for a in AWARDS if a[1] == 1]) == FINAL[1]


def test_each_show_is_show_score_and_the_count_by_the_rules():
    shows = 0
    for st in steps():
        for e in st.events:
            if e[0] == "show":
                shows += 1
                crib = e[2] == "crib"
                assert len(st.cards) == 4 and st.starter is not None
                assert e[3] == show_score(st.cards, st.starter, crib)
                assert e[3] == counted(st.cards, st.starter, crib), st.k
    assert shows == 6


def _piles():
    # each event of every step with the pile of the play as it stands after
    # it (a step's cards end with the cards it plays)
    out = []
    for st in steps():
        plays = [e for e in st.events if e[0] == "play"]
        pile = st.cards[: len(st.cards) - len(plays)]
        for e in st.events:
            if e[0] == "play":
                pile.append(e[2])
            out.append((e, list(pile)))
    return out


def test_each_pegged_card_is_peg_score_of_its_pile():
    for e, pile in _piles():
        if e[0] == "play":
            assert sum([VALUES[c >> 2] for c in pile]) == e[3]  # the count said
        elif e[0] == "score" and e[4] == "peg":
            assert e[2] == peg_score(pile)


def test_the_steps_show_every_part_of_the_game():
    kinds = []
    reasons = []
    order = []
    for st in steps():
        kinds.append(st.kind)
        for e in st.events:
            if e[0] == "score":
                reasons.append((e[4], e[2]))
            elif e[0] == "show":
                order.append((st.dealer, e[1], e[2]))
    for kind in ("deal", "crib", "starter", "play", "go", "show"):
        assert kind in kinds, kind
    for why in (("heels", 2), ("go", 1), ("last", 1)):
        assert why in reasons, why
    # the counting order (R11): the pone's hand, the dealer's, the crib
    for i in range(0, 6, 3):
        dealer = order[i][0]
        assert order[i : i + 3] == [
            (dealer, 1 - dealer, "hand"),
            (dealer, dealer, "hand"),
            (dealer, dealer, "crib"),
        ]
    # pegging: a pair, a pair royal, a fifteen, a 31, a run (named by the breakdown)
    from engine.score import item_name, peg_breakdown

    named = []
    for e, pile in _piles():
        if e[0] == "play":
            named += [item_name(i) for i in peg_breakdown(pile)]
    for name in ("pair", "pair royal", "15", "31", "run"):
        assert name in named, name
    # a flush in a hand; a crib of four hearts whose flush does not count; nobs
    from engine.breakdown import hand_breakdown

    items = []
    for st in steps():
        if st.kind == "show":
            crib = st.events[0][2] == "crib"
            kinds = [i[0] for i in hand_breakdown(st.cards, st.starter, crib)]
            suits = [c & 3 for c in st.cards]
            if crib and suits.count(suits[0]) == 4:
                assert st.starter & 3 != suits[0] and "flush" not in kinds
                items.append("crib of one suit")
            items += [k + (" in a crib" if crib else "") for k in kinds]
    for want in ("flush", "nobs", "crib of one suit"):
        assert want in items, want
    assert lesson.step(2).starter >> 2 == 10  # the starter of the heels step is a jack


def test_steps_and_notes():
    assert lesson.N == len(lesson.NOTES)
    for st in steps():
        assert st.events and st.note and st.rules
        for rule in st.rules:
            assert rule[0] in "RV" and rule[1:].replace(".", "").isdigit(), rule
    for bad in (-1, lesson.N, "1", None):
        try:
            lesson.step(bad)
        except ValueError as e:
            assert "no step" in str(e)
        else:
            raise AssertionError("step %r accepted" % (bad,))


def fingerprint():
    from firmware.screens.learn import text_lines

    crc = 0xFFFF
    for st in steps():
        cards = " ".join(["%d" % c for c in st.cards])
        starter = -1 if st.starter is None else st.starter
        text = "%d %d|%s|%d" % (st.scores[0], st.scores[1], cards, starter)
        crc = crc16(("\n".join(text_lines(st)) + text).encode(), crc)
    return crc


def test_the_same_steps_on_every_interpreter():
    # the lesson's every line, cards and scores as CPython makes them; the
    # unix port and WebAssembly run this same test and must make the same
    assert fingerprint() == LESSON_CRC, "%04x" % fingerprint()


LESSON_CRC = 0x28EC


def learn_rig():
    peg = Pegboard(pico.LAYOUT)
    d = Driver(App(host.make(), pegboard=peg))
    s = d.open("learn")
    return d, s, peg


def test_the_screen_steps_through_with_the_pegs_and_back():
    d, s, peg = learn_rig()
    assert type(s).__name__ == "LearnScreen"
    fronts = []
    for k in range(lesson.N):
        st = lesson.step(k)
        text = drawn_text(d.app, lambda: d.tick(1))
        assert ("Step %d of %d" % (k + 1, lesson.N)) in text, text
        assert s.k == k
        assert off_screen(d.app, lambda: d.tick(1)) == []
        for line in s.lines:
            assert len(line) <= 20, line
        assert [peg.front[0], peg.front[1]] == st.scores
        assert [peg.rear[0], peg.rear[1]] == st.rear
        fronts.append((peg.front[0], peg.front[1]))
        for _ in range(len(s.lines)):  # scroll to the end of the text and back
            d.tap(DOWN)
        assert s.top == max(0, len(s.lines) - 4)
        for _ in range(len(s.lines)):
            d.tap(UP)
        assert s.top == 0
        d.tap(RIGHT)
    assert s.k == lesson.N - 1  # RIGHT on the last step stays there
    for k in range(lesson.N - 2, -1, -1):
        d.tap(LEFT)
        assert s.k == k and (peg.front[0], peg.front[1]) == fronts[k]
    d.tap(LEFT)
    assert s.k == 0 and (peg.front[0], peg.front[1]) == (0, 0)
    d.tap(RIGHT)
    d.tap(RIGHT)
    assert peg.front[1] == 2  # Blue's heels
    d.tap(B)
    assert len(d.app.stack) == 1 and d.app.errors == 0
    assert (peg.front[0], peg.front[1], peg.rear[0], peg.rear[1]) == (0, 0, 0, 0)


def test_a_steps_on_and_leaves_at_the_end():
    d, s, peg = learn_rig()
    for _ in range(lesson.N - 1):
        d.tap(A)
    assert s.k == lesson.N - 1 and len(d.app.stack) == 2
    d.tap(A)
    assert len(d.app.stack) == 1 and d.app.errors == 0


def test_mashing_the_buttons_never_fails():
    from keeperrig import mash

    d, s, peg = learn_rig()
    d.files = {}
    mash(d, 32, 150)
    assert d.app.errors == 0, d.app.last_error
