"""A worked lesson: two staged deals of a six-card game between Red (seat 0)
and Blue (seat 1), played by ``engine.game`` itself with fixed cards and
fixed decisions, cut into steps a learner walks through (the device's
"Learn" mode, ``firmware/screens/learn.py``). Together the deals show the
deal, the discard to the crib, the starter and his heels, a pair, a pair
royal, a fifteen, a 31, a run, a go, the last card, the counting order, a
flush in hand, a crib's four-card flush that scores nothing, and nobs.

Every figure a step shows is the engine's: a step is a slice of the game's
own events (``engine.game``'s tuples), so its points are what the rules'
scoring made; only the plain-words rule behind each step (``NOTES``, with
its docs/rules.md ids) is written here. ``step(k)`` plays the lesson from
the start up to step ``k`` and returns that one ``Step``: nothing is built
at import, and only one step's events are held at a time.

The one change to the engine's events: the point for the last card of a
deal's play, which the game scores as a "go" (R9), has the reason "last"
here, so a step can say which it was.
Imports ``engine.cards`` and ``engine.game``.
"""

from engine.cards import parse, parse_many
from engine.game import Game

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  CPython has no const()

NAMES = const(("Red", "Blue"))  # seat 0, seat 1: the LED board's colours
FIRST_DEALER = const(1)  # Blue deals the first hand, Red is its pone
_SEED = const(1)  # the shuffle of the deal after the lesson (never shown)

# the staged deals: Red's six, Blue's six, the starter
DEALS = const(
    (
        ("2S 2H 6C AS 4H 7H", "2D 3D 9D KD 8H QH", "JC"),
        ("4S 6D KC 9S AC 2C", "3C 5S TD JH 7D QS", "5H"),
    )
)
# the decisions, in the order the game asks for them: seat, then the two
# cards laid away, a card played, or "go"
MOVES = const(
    (
        "0 4H7H 1 8HQH 0 2S 1 2D 0 2H 1 9D 0 6C 1 KD 0 AS 1 3D",
        "0 AC2C 1 7DQS 1 3C 0 4S 1 5S 0 6D 1 TD 0 go 1 go 0 KC 1 JH 0 9S",
    )
)

# each step's rule ids (docs/rules.md) and the rule in plain words, in the
# order of the steps: ``N`` of them
NOTES = const(
    (
        ("R3", "Six cards each, one at a time, the pone (the dealer's opponent) first."),
        ("R4", "Two each go face down into the crib, which scores for the dealer."),
        ("R5", "The pone cuts, the dealer turns the starter. A jack: the dealer pegs 2 at once."),
        ("R6 R7", "The pone plays first. A card of the rank just played pairs it: 2."),
        ("R7", "A third of that rank in a row is a pair royal: 6 (a fourth, 12)."),
        ("R7", "A card that makes the count exactly 15 pegs 2."),
        ("R6 R7 R8", "The count may not pass 31. Exactly 31 pegs 2, then the count starts again."),
        ("R8 R9", "The other player leads the new count. The last card of the play pegs 1."),
        (
            "R11 R12",
            "The show: the pone's hand first, the starter its fifth card. 2 for each 15, "
            "2 for each pair.",
        ),
        (
            "R11 R12",
            "The dealer's hand next. Four cards of one suit: a flush, 4 (5 with the starter).",
        ),
        (
            "R11 R12",
            "The crib last, the dealer's. Its flush needs all five cards: four hearts score 0.",
        ),
        ("R3", "The deal passes to the other player every hand."),
        ("R4", "The crib goes with the deal: it is Red's now."),
        ("R5", "Not a jack: no heels."),
        ("R7", "The last three cards are three ranks in a row, in any order: a run, 1 a card."),
        ("R7", "A card that makes the run longer scores all of it."),
        ("R8", "A player with no card that keeps the count at 31 or less says go."),
        ("R8", "Neither can play: the last to lay a card pegs 1 and the count starts again."),
        ("R7 R9", "A king and a jack do not pair: ranks must match. The last card pegs 1."),
        ("R11 R12", "The pone counts first. A jack of the starter's suit is nobs: 1."),
        ("R12", "Every 15 counts 2 and a run its length, all added up."),
        ("R11", "The dealer's crib is counted last."),
        ("R11 R14", "The first to 121 wins at once, even in the show: the counting order matters."),
    )
)
N = const(23)  # len(NOTES): the steps of the lesson


class Step:
    """One step: ``k`` (0-based) of ``N``; ``kind`` of its first event
    ("deal", "crib", "starter", "play", "go", "show"); ``events`` (the
    game's, in order; the very last card's point has the reason "last");
    ``scores`` after it and ``rear`` (each seat's score before its last
    award so far: the LED board's rear pegs); ``dealer``; the cards to
    show: ``cards`` (a deal: Red's six; the crib laid away; the pile of the
    count as it stood before any reset; a hand or crib counted) and
    ``starter`` (beside a counted hand, alone at the cut; else None);
    ``rules`` (ids) and ``note`` (the rule in words)."""

    def __init__(self, k):
        self.k = k
        self.kind = ""
        self.events = []
        self.scores = [0, 0]
        self.rear = [0, 0]
        self.dealer = FIRST_DEALER
        self.cards = []
        self.starter = None
        self.rules = ()
        self.note = ""


def _moves(text):
    # "0 4H7H 1 go" -> [(0, (c1, c2)), (1, None)]
    words = text.split()
    out = []
    for i in range(0, len(words), 2):
        seat = int(words[i])
        w = words[i + 1]
        if w == "go":
            out.append((seat, None))
        elif len(w) == 4:
            out.append((seat, (parse(w[:2]), parse(w[2:]))))
        else:
            out.append((seat, parse(w)))
    return out


def _events():
    # the lesson's events as the game makes them, a decision at a time (so
    # a step near the start plays little), up to the deal that follows the
    # staged ones (its hands left out); the point for the very last card of
    # a play has the reason "last"
    g = Game(_SEED, 121, FIRST_DEALER)
    g.rigged = [(parse_many(r), parse_many(b), parse(s)) for r, b, s in DEALS]
    g.start()
    events = g.take_events()
    deals = 0
    d = 0
    moves = _moves(MOVES[0])
    i = 0
    while True:
        n = len(events)
        for j in range(n):
            e = events[j]
            if e[0] == "deal":
                deals += 1
            elif deals > len(DEALS):
                return
            if e[0] == "score" and e[4] == "go" and (j + 1 == n or events[j + 1][0] != "reset"):
                e = e[:4] + ("last",)
            yield e
        while i == len(moves):
            d += 1
            if d == len(MOVES):
                return
            moves = _moves(MOVES[d])
            i = 0
        seat, chosen = moves[i]
        i += 1
        g.act(seat, chosen)
        events = g.take_events()


def step(k):
    """Step ``k`` (0 <= k < N) of the lesson, played from the start."""
    if not isinstance(k, int) or not 0 <= k < N:
        raise ValueError("no step %r: the lesson has steps 0 to %d" % (k, N - 1))
    st = Step(k)
    at = -1  # the step the events are in
    closed = True
    prev = ""
    dealt = [(), ()]
    laid = [(), ()]
    crib = []
    starter = None
    pile = []  # the count's cards, kept after a reset till the next card
    fresh = True  # the next card starts a new count
    for e in _events():
        kind = e[0]
        if closed and kind != "hand" and kind != "score" and kind != "reset":
            if not (kind == "crib" and prev == "crib"):
                at += 1
                if at > k:
                    break
        if kind == "deal":
            st.dealer = e[1]
            crib = []
            starter = None
            fresh = True
        elif kind == "hand":
            dealt[e[1]] = e[2]
        elif kind == "crib":
            laid[e[1]] = e[2:4]
            crib += e[2:4]
        elif kind == "starter":
            starter = e[1]
        elif kind == "play":
            if fresh:
                pile = []
                fresh = False
            pile.append(e[2])
        elif kind == "reset":
            fresh = True
        elif kind == "score":
            st.scores[e[1]] = e[3]
            st.rear[e[1]] = e[3] - e[2]
        if at == k:
            _shown(st, e, dealt, laid, crib, starter, pile)
        if kind == "play":
            closed = False
        elif kind != "hand" and kind != "reset":
            closed = True
        prev = kind
    rules, note = NOTES[k]
    st.rules = tuple(rules.split())
    st.note = note
    return st


def _shown(st, e, dealt, laid, crib, starter, pile):
    # event ``e`` of the step: kept, and what the step shows
    kind = e[0]
    if not st.events:
        st.kind = kind
    st.events.append(e)
    if kind == "hand" and e[1] == 0:
        st.cards = list(e[2])
    elif kind == "crib" and st.kind == "crib":
        st.cards = list(crib)
    elif kind == "starter" and st.kind == "starter":
        st.starter = e[1]
    elif kind == "play" or kind == "go":
        st.cards = list(pile)
    elif kind == "show" and st.kind == "show":
        if e[2] == "crib":
            st.cards = list(crib)
        else:
            st.cards = [c for c in dealt[e[1]] if c not in laid[e[1]]]
        st.starter = starter
