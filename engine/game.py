"""One game of two-player cribbage as a state machine (docs/rules.md R2-R15,
V1, V3-V6), driven by the players' decisions: the six-card game, the
five-card game (V5: five cards each, three for last, one play sequence,
three-card hands, to 61) and a fixed number of deals (V6).

The game does everything that needs no decision by itself (cut for deal, deal,
starter and heels, go points, resets, the show, the next deal) and asks for
decisions only: two discards per seat, then a card or a go from the seat whose
turn it is, and with muggins (V4) the count of a seat's own hand and crib.
``waiting()`` says who must act, ``to_act()`` the one seat to ask next. An
illegal decision raises ``IllegalMove`` with a message a player can read and
changes nothing.

What happened is told as event tuples, one per docs/gamelog.md line, collected
until ``take_events()``: ``("deal", dealer)``, ``("hand", seat, cards)``,
``("crib", seat, c1, c2)``, ``("starter", card)``, ``("play", seat, card,
count)``, ``("go", seat)``, ``("reset",)``, ``("show", seat, "hand"|"crib",
points)``, ``("score", seat, points, total, reason)``, ``("end", winner, score0,
score1, skunk)`` (winner ``TIE`` for a tied game of fixed deals, V6) and
``("cut", card0, card1)``; the score reason "start" is the five-card game's
three for last (V5.2); with muggins (V4) also
``("claim", seat, "hand"|"crib", points)`` and the score reason "muggins".
"hand" and "crib" events are private to their seat (see ``visible``). A
player is given only ``view(seat)``.

Every decision is also kept in ``moves`` (two bytes each), which with the seed
and settings is the whole game: ``engine.save`` stores and replays it.
Where docs/rules.md is silent for a variant the game does what the six-card
game does (the cut for deal, the order of the show, muggins, open hands).

``Game`` holds the state of a game, its settings, what a seat sees and must
decide and the points up to the win (R14, R15); the steps of a deal (the
deal, the play, the show) are ``engine.deal.Deal``'s, mixed in. ``phase`` is
"new", "discard", "play", "count" (a muggins count awaited) or "over".
Four parts are imported when first asked for and then stay: the settings
of any game but the six-card one to 121 and the end of a game of fixed
deals (engine.variants, by Game()), a muggins claim (engine.muggins), the
words of a refused decision (engine.refusals) and a game played out by two
players (``run``, engine.replay's, offered here too). A split for the budget
of the app's peak heap, 96 KB: 96.0 KB with them apart, 106.7 KB held by
every game (emulated Pico, MicroPython v1.28.0 RPI_PICO; docs/measured.md).
Imports engine.deal, engine.rng, engine.view; engine.variants,
engine.muggins, engine.refusals and engine.replay when asked for them.
"""

from engine.deal import CLAIM, GO, MAX_DEALS, TIE, Deal  # noqa: F401  the game's too
from engine.rng import Rng
from engine.view import View

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  CPython has no const()

# Why a decision is refused: a reason code of engine.refusals; engine.deal
# and engine.muggins name the others.
_NO_SEAT = const(0)  # seat
_IS_OVER = const(1)
_EXACTLY_TWO = const(11)
_DEALER = const(12)  # a ValueError: Game()'s first_dealer


class IllegalMove(ValueError):
    """A decision the rules do not allow; the game is unchanged."""


def _no(why, *args):
    # The exception refusing a decision for reason ``why``, in engine.refusals'
    # words formatted with ``args``: an IllegalMove, or a ValueError for a
    # first dealer Game() does not take.
    from engine import refusals

    words = refusals.text(why, args)
    return ValueError(words) if why == _DEALER else IllegalMove(words)


def visible(event, seat, open_hands=False):
    """True when ``seat`` may see ``event`` (others' hands and discards are
    hidden unless the game is played open-handed, V3)."""
    kind = event[0]
    if kind == "hand" or kind == "crib":
        return open_hands or event[1] == seat
    return True


def skunk_of(target, loser_score):
    """R15: "double-skunk", "skunk" or "" for the loser's final score; target
    0 (fixed deals, V6) has no skunks."""
    if not target:
        return ""
    if target == 121:
        if loser_score < 61:
            return "double-skunk"
        if loser_score < 91:
            return "skunk"
    elif loser_score < 31:
        return "skunk"
    return ""


def check_settings(target, variant, deals):
    """The target a game of these settings is played to (0 for fixed deals,
    V6); ValueError for settings the rules do not have. ``target`` None means
    the variant's own: 121 six-card, 61 five-card (V5). Any game but the
    six-card one to 121 is checked by engine.variants."""
    if variant == "six" and not deals and (target is None or target == 121):
        return 121
    from engine import variants

    return variants.check_settings(target, variant, deals)


def run(game, players, on_event=None):
    """Play ``game`` to the end with two player objects; engine.replay's."""
    from engine import replay

    return replay.run(game, players, on_event)


class Game(Deal):
    """``Game(seed, target=None, first_dealer=None, open_hands=False,
    muggins=False, counters=(0,), variant="six", deals=0)``.

    ``target`` 121 or 61 (None: 121 six-card, 61 five-card); ``variant``
    "six" or "five" (V5, five-card cribbage, played to 61); ``deals`` an even
    number of fixed deals (V6), then no target (``target`` 0 here) and a tie
    is possible (``winner`` TIE). ``first_dealer`` 0 or 1 skips the cut for
    deal (R2); None cuts for it. Call ``start()``, then feed decisions until
    ``phase == "over"``. ``counters`` are the seats that count their own
    hands with muggins (V4).
    """

    variant = "six"
    five = False
    deals = 0  # a game to a target
    _no = staticmethod(_no)  # the refusal of a decision: raise self._no(reason, ...)

    def _end_fixed(self):
        # the last deal of a game of fixed deals is over (V6): engine.variants
        # ends it, loaded by Game() for these settings
        from engine import variants

        variants.end(self)

    def __init__(
        self,
        seed=1,
        target=None,
        first_dealer=None,
        open_hands=False,
        muggins=False,
        counters=(0,),
        variant="six",
        deals=0,
    ):
        target = check_settings(target, variant, deals)
        if first_dealer not in (None, 0, 1):
            raise _no(_DEALER)
        self.seed = (seed ^ (seed >> 32)) & 0xFFFFFFFF
        self.target = target
        if variant == "five":  # V5; set only then, so a six-card game's dict stays small
            self.variant = variant
            self.five = True
        if deals:
            self.deals = deals  # V6: the number of deals
        self.first_dealer = first_dealer
        self.open_hands = open_hands
        self.muggins = muggins  # V4: seats in ``counters`` count their own hands
        self.counters = counters
        self._show_step = 0  # which of the three counts of the show is next
        self.scores = [0, 0]
        self.dealer = 0
        self.dealt_first = None  # the seat that dealt first, once started
        self.deal_number = 0
        self.winner = None
        self.skunk = ""
        self.phase = "new"
        self.deck = bytearray(range(52))
        # Small lists of cards: MicroPython's bytearray has no ``in`` or ``remove``.
        self.dealt = [(), ()]  # the six (five) cards each seat was dealt
        self.hands = [[], []]  # cards still held
        self.kept = [[], []]  # the four (three) kept cards
        self.crib = []
        self.discards = [(), ()]
        self.starter = None
        self.pile = []  # cards since the last reset
        self.count = 0
        self.played = []  # seat << 6 | card, this deal
        self.gone = [False, False]
        self.turn = 0
        self.last = -1  # seat of the last card played in this count
        self.events = []
        self.moves = bytearray()
        self.rigged = None  # log replay: a list of (dealt0, dealt1, starter) per deal
        # The shuffler is made last: host_tests/test_soak holds the unix port's
        # heap at the menu the same after every game, which it is not when the
        # shuffler is made first.
        self.rng = Rng(seed)

    # -- what is going on ------------------------------------------------------

    def blank(self):
        """A new, unstarted Game with this one's seed and settings."""
        return Game(
            self.seed,
            self.target or None,
            self.first_dealer,
            self.open_hands,
            self.muggins,
            self.counters,
            self.variant,
            self.deals,
        )

    def waiting(self):
        """The seats that must decide now."""
        seat = self.to_act()
        if seat < 0:
            return ()
        if seat == 0 and self.phase == "discard" and not self.discards[1]:
            return (0, 1)
        return (seat,)

    def to_act(self, first=0):
        """The one seat to ask for a decision now, -1 when none is awaited.
        In the discard both seats decide, in any order: ``first`` first
        while it still has to. Allocates nothing (a screen asks every frame)."""
        phase = self.phase
        if phase == "discard":
            if not self.discards[first]:
                return first
            return -1 if self.discards[1 - first] else 1 - first
        if phase == "play":
            return self.turn
        if phase == "count":  # as _counted(): the pone's hand, then the dealer's two
            return self.dealer if self._show_step else 1 - self.dealer
        return -1

    def take_events(self):
        events = self.events
        self.events = []
        return events

    def view(self, seat):
        """What ``seat`` may see, as a fresh ``View`` (no link to the game)."""
        v = View()
        v.me = seat
        v.dealer = self.dealer
        v.target = self.target
        if self.five:
            v.five = True
        if self.deals:
            v.deals = self.deals
        v.scores = list(self.scores)
        v.phase = self.phase
        v.hand = list(self.hands[seat])
        v.kept = list(self.kept[seat])
        v.discards = list(self.discards[seat])
        v.starter = self.starter
        v.pile = list(self.pile)
        v.count = self.count
        v.played = [(x >> 6, x & 63) for x in self.played]
        other = 1 - seat
        v.opponent_left = len(self.hands[other])
        v.opponent_go = self.gone[other]
        v.deal_number = self.deal_number
        if self.phase == "count":
            counted = self._counted()
            v.counting = counted[1]
            v.count_cards = list(counted[2])
        if self.open_hands:
            v.opponent_hand = list(self.hands[other])
        return v

    # -- decisions --------------------------------------------------------------

    def act(self, seat, chosen):
        """A player's decision: (c1, c2) in the discard, a card or None (go) in
        the play, a number of points in a muggins count (V4)."""
        if self.phase == "count":
            self.claim(seat, chosen)
        elif self.phase == "discard":
            try:
                c1, c2 = chosen
            except (TypeError, ValueError):
                raise self._no(_EXACTLY_TWO)
            self.discard(seat, c1, c2)
        elif chosen is None:
            self.go(seat)
        else:
            self.play(seat, chosen)

    # -- what the game does by itself ------------------------------------------

    def claim(self, seat, points):
        """V4: ``seat`` counts its own hand or crib as ``points``. An overclaim
        is corrected to the real value; points left out go to the other seat
        (engine.muggins)."""
        from engine import muggins

        muggins.claim(self, seat, points)

    def _check_seat(self, seat, phase=None, why=0):
        # A decision of ``seat``, and in ``phase`` when given: refused for
        # reason ``why`` in another phase.
        if seat != 0 and seat != 1:
            raise self._no(_NO_SEAT, seat)
        if phase is None:
            return
        if self.phase == "over":
            raise self._no(_IS_OVER)
        if self.phase != phase:
            raise self._no(why)

    def _award(self, seat, points, what):
        # R14: the first to reach the target wins at once; nothing after counts.
        # V6: no target, nobody wins during a deal.
        self.scores[seat] += points
        self.events.append(("score", seat, points, self.scores[seat], what))
        if self.scores[seat] < self.target or not self.target:
            return False
        self.winner = seat
        self.skunk = skunk_of(self.target, self.scores[1 - seat])
        self.phase = "over"
        self.events.append(("end", seat, self.scores[0], self.scores[1], self.skunk))
        return True
