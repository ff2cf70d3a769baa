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

This module holds what a six-card game to 121 runs, from Game() to its
end; what only other games or moments need is ``engine.game_rare``'s,
loaded for it (``_rare``) and on a device forgotten after, so a game in
progress does not hold it: the settings of other games checked
(``check_settings``: five-card, fixed deals, to 61), the end of a game of
fixed deals (V6), a muggins claim (``claim``, V4), the words of a refused
decision, a replay of saved decisions (``replay_moves``, to resume) and a
game played out by two player objects (``run``). The five-card game (V5)
differs here only in numbers and two tests (cards dealt, the starter's cut,
three for last, the one play sequence).
Imports engine.rng, engine.score, engine.view, engine.cards;
engine.game_rare when needed.
"""

from engine.cards import VALUES, JACK
from engine.rng import Rng
from engine.score import peg_score, show_score
from engine.view import View

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  CPython has no const()

_NEW = const(0)
_DISCARD = const(1)
_PLAY = const(2)
_OVER = const(3)
_COUNT = const(4)
_PHASES = const(("new", "discard", "play", "over", "count"))
GO = const(52)  # move code for "go" in ``moves``
CLAIM = const(100)  # move code for a claim of n points in the show: CLAIM + n
TIE = const(2)  # ``winner`` of a tied game of fixed deals (V6)
MAX_DEALS = const(98)  # fixed deals (V6): an even number 2..MAX_DEALS

# Why a decision is refused: an index into engine.game_rare's WORDS (``_no``).
_NO_SEAT = const(0)  # "no such player: %r"
_IS_OVER = const(1)
_NO_DISCARD = const(2)
_LAID = const(3)
_TWO_CARDS = const(4)
_NOT_HELD = const(5)
_NO_PLAY = const(6)
_NOT_TURN = const(7)
_PLAY_HELD = const(8)
_PAST_31 = const(9)  # card, count
_FITS = const(10)  # card
_EXACTLY_TWO = const(11)
_DEALER = const(12)  # a ValueError: Game()'s first_dealer
_STARTED = const(13)


class IllegalMove(ValueError):
    """A decision the rules do not allow; the game is unchanged."""


def _rare(step, *args):
    # engine.game_rare's function ``step`` called: the module loaded for it
    # and, on a device, forgotten after (unless an outer step holds it: a
    # replay's claims, a run's games), as firmware.app's ``_rare``.
    import sys

    held = "engine.game_rare" in sys.modules
    from engine import game_rare

    try:
        return getattr(game_rare, step)(*args)
    finally:
        if not held and sys.implementation.name != "cpython":
            del sys.modules["engine.game_rare"]
            delattr(sys.modules["engine"], "game_rare")


def _no(why, *args):
    # The IllegalMove refusing a decision for reason ``why`` (an index into
    # engine.game_rare's WORDS, formatted with ``args``).
    return _rare("refused", why, args)


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
    """The target a game of these settings is played to (0 for fixed deals);
    ValueError for settings the rules do not have. ``target`` None means the
    variant's own: 121 six-card, 61 five-card (V5)."""
    if variant == "six" and not deals and (target is None or target == 121):
        return 121  # the usual game: nothing to load
    return _rare("settings", target, variant, deals)


def replay_moves(game, moves, on_event=None):
    """Start the new ``game`` and feed it the decisions in ``moves`` (coded as
    in ``Game.moves``, two bytes each). ``on_event`` sees every event as it
    comes; without it they are dropped as they come, so a whole game's events
    are never held. An IllegalMove names the decision that failed."""
    return _rare("replay", game, moves, on_event)


def run(game, players, on_event=None):
    """Play ``game`` to the end with two player objects (seat 0, seat 1); each
    decision comes from ``players[seat]`` given only ``game.view(seat)``.
    ``on_event(event)`` sees every event (all of them, hidden ones included)."""
    return _rare("run", game, players, on_event)


class Game:
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
            raise _rare("refused", _DEALER, ())
        self.seed = (seed ^ (seed >> 32)) & 0xFFFFFFFF
        self.target = target
        if variant == "five":  # V5 (set only then: a six-card game's dict stays as small)
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
        self._phase = _NEW
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
        # the shuffler set last: set first, the unix port's heap at the menu
        # after a game changed by a block in some games (host_tests/test_soak)
        self.rng = Rng(seed)

    # -- what is going on ------------------------------------------------------

    @property
    def phase(self):
        return _PHASES[self._phase]

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
        if seat == 0 and self._phase == _DISCARD and not self.discards[1]:
            return (0, 1)
        return (seat,)

    def to_act(self, first=0):
        """The one seat to ask for a decision now, -1 when none is awaited.
        In the discard both seats decide, in any order: ``first`` first
        while it still has to. Allocates nothing (a screen asks every frame)."""
        phase = self._phase
        if phase == _DISCARD:
            if not self.discards[first]:
                return first
            return -1 if self.discards[1 - first] else 1 - first
        if phase == _PLAY:
            return self.turn
        if phase == _COUNT:  # as _counted(): the pone's hand, then the dealer's two
            return self.dealer if self._show_step else 1 - self.dealer
        return -1

    def take_events(self):
        events = self.events
        self.events = []
        return events

    def can_play(self, seat, card):
        return card in self.hands[seat] and self.count + VALUES[card >> 2] <= 31

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
        if self._phase == _COUNT:
            counted = self._counted()
            v.counting = counted[1]
            v.count_cards = list(counted[2])
        if self.open_hands:
            v.opponent_hand = list(self.hands[other])
        return v

    # -- decisions --------------------------------------------------------------

    def start(self):
        """Cut for deal (R2: each cuts a card; the lower rank deals; equal
        ranks cut again) unless ``first_dealer`` is set, then the first deal."""
        if self._phase != _NEW:
            raise _no(_STARTED)
        if self.first_dealer is None:
            while True:
                self.rng.shuffle(self.deck)
                i = self.rng.below(52)
                j = self.rng.below(51)
                if j >= i:
                    j += 1
                a = self.deck[i]
                b = self.deck[j]
                self.events.append(("cut", a, b))
                if a >> 2 != b >> 2:
                    self.dealer = 0 if a >> 2 < b >> 2 else 1
                    break
        else:
            self.dealer = self.first_dealer
        self.dealt_first = self.dealer
        self._deal()

    def act(self, seat, chosen):
        """A player's decision: (c1, c2) in the discard, a card or None (go) in
        the play, a number of points in a muggins count (V4)."""
        if self._phase == _COUNT:
            self.claim(seat, chosen)
        elif self._phase == _DISCARD:
            try:
                c1, c2 = chosen
            except (TypeError, ValueError):
                raise _no(_EXACTLY_TWO)
            self.discard(seat, c1, c2)
        elif chosen is None:
            self.go(seat)
        else:
            self.play(seat, chosen)

    def discard(self, seat, c1, c2):
        """R4, V5.1: ``seat`` lays two of its cards in the dealer's crib."""
        self._check_seat(seat)
        if self._phase == _OVER:
            raise _no(_IS_OVER)
        if self._phase != _DISCARD:
            raise _no(_NO_DISCARD)
        if self.discards[seat]:
            raise _no(_LAID)
        hand = self.hands[seat]
        if not _is_card(c1) or not _is_card(c2) or c1 == c2:
            raise _no(_TWO_CARDS)
        if c1 not in hand or c2 not in hand:
            raise _no(_NOT_HELD)
        hand.remove(c1)
        hand.remove(c2)
        self.kept[seat] = list(hand)
        self.discards[seat] = (c1, c2)
        self.crib.append(c1)
        self.crib.append(c2)
        self.moves.append(seat)
        self.moves.append(c1)
        self.moves.append(seat)
        self.moves.append(c2)
        self.events.append(("crib", seat, c1, c2))
        if self.discards[1 - seat]:
            self._turn_starter()

    def play(self, seat, card):
        """R6-R7: ``seat`` lays ``card`` on the pile and pegs what it makes."""
        self._check_turn(seat)
        hand = self.hands[seat]
        if not _is_card(card) or card not in hand:
            raise _no(_PLAY_HELD)
        if self.count + VALUES[card >> 2] > 31:
            raise _no(_PAST_31, card, self.count)
        hand.remove(card)
        self.pile.append(card)
        self.count += VALUES[card >> 2]
        self.played.append(seat << 6 | card)
        self.moves.append(seat)
        self.moves.append(card)
        self.last = seat
        self.events.append(("play", seat, card, self.count))
        points = peg_score(self.pile)
        if points and self._award(seat, points, "peg"):
            return
        other = 1 - seat
        if self.count == 31:
            if self.five:  # V5.3: the one series ends at 31, which scored 2
                self._end_play()
                return
            if self.hands[0] or self.hands[1]:
                self._reset()
        elif self.hands[other] and not self.gone[other]:
            self.turn = other
        self._settle()

    def go(self, seat):
        """R8: ``seat`` says go; allowed only when none of its cards fits."""
        self._check_turn(seat)
        room = 31 - self.count
        for card in self.hands[seat]:
            if VALUES[card >> 2] <= room:
                raise _no(_FITS, card)
        self.gone[seat] = True
        self.moves.append(seat)
        self.moves.append(GO)
        self.events.append(("go", seat))
        self._settle()

    def claim(self, seat, points):
        """V4: ``seat`` counts its own hand or crib as ``points``. An overclaim
        is corrected to the real value; points left out go to the other seat."""
        _rare("claim", self, seat, points)

    # -- what the game does by itself ------------------------------------------

    def _counted(self):
        # (seat, "hand" or "crib", cards) for the show's count number _show_step.
        step = self._show_step
        if step == 0:
            return 1 - self.dealer, "hand", self.kept[1 - self.dealer]
        if step == 1:
            return self.dealer, "hand", self.kept[self.dealer]
        return self.dealer, "crib", self.crib

    def _check_seat(self, seat):
        if seat != 0 and seat != 1:
            raise _no(_NO_SEAT, seat)

    def _check_turn(self, seat):
        self._check_seat(seat)
        if self._phase == _OVER:
            raise _no(_IS_OVER)
        if self._phase != _PLAY:
            raise _no(_NO_PLAY)
        if seat != self.turn:
            raise _no(_NOT_TURN)

    def _deal(self):
        # R3, V5.1: shuffle, six (five) each one at a time, pone first.
        self.deal_number += 1
        pone = 1 - self.dealer
        if self.rigged:
            dealt = self.rigged[0]
            hands = (tuple(dealt[0]), tuple(dealt[1]))
        else:
            self.rng.shuffle(self.deck)
            dealt = ([], [])
            for i in range(10 if self.five else 12):  # the pone's, the dealer's, ...
                dealt[pone ^ i & 1].append(self.deck[i])
            hands = (tuple(dealt[0]), tuple(dealt[1]))
        self.dealt = [hands[0], hands[1]]
        self.hands = [list(hands[0]), list(hands[1])]
        self.kept = [[], []]
        self.crib = []
        self.discards = [(), ()]
        self.starter = None
        self.pile = []
        self.count = 0
        self.played = []
        self.gone = [False, False]
        self.last = -1
        self._phase = _DISCARD
        self.events.append(("deal", self.dealer))
        if self.five and self.deal_number == 1:
            self._award(pone, 3, "start")  # V5.2: three for last, before the discard
        self.events.append(("hand", 0, hands[0]))
        self.events.append(("hand", 1, hands[1]))

    def _turn_starter(self):
        # R5: the pone cuts the rest of the pack (at least four cards in each
        # part), the dealer turns the starter.
        if self.rigged:
            self.starter = self.rigged.pop(0)[2]
        else:
            n = 10 if self.five else 12  # the cards dealt
            self.starter = self.deck[n + 4 + self.rng.below(44 - n)]
        self.events.append(("starter", self.starter))
        self._phase = _PLAY
        self.turn = 1 - self.dealer
        if self.starter >> 2 == JACK and self._award(self.dealer, 2, "heels"):
            return
        self._settle()

    def _settle(self):
        # Move the play on until a seat holding a card that may act is to act.
        while self._phase == _PLAY:
            if not self.hands[0] and not self.hands[1]:
                # R9: the very last card scores 1 unless it made 31.
                if self.count != 31 and self._award(self.last, 1, "go"):
                    return
                self._end_play()
                return
            t = self.turn
            if self.hands[t] and not self.gone[t]:
                return
            o = 1 - t
            if self.hands[o] and not self.gone[o]:
                self.turn = o
                continue
            # R8: neither can play: one for the go, then a fresh count; in
            # the five-card game (V5.3) the play is over instead.
            if self._award(self.last, 1, "go"):
                return
            if self.five:
                self._end_play()
                return
            self._reset()

    def _end_play(self):
        # The play is over: cards still held (V5.3) are not played.
        self._show_step = 0
        self._show()

    def _reset(self):
        self.events.append(("reset",))
        last = self.last
        self.pile = []
        self.count = 0
        self.gone[0] = self.gone[1] = False
        self.turn = 1 - last if self.hands[1 - last] else last

    def _show(self):
        # R11: pone's hand, dealer's hand, the crib; each may win at once.
        while self._show_step < 3:
            seat, what, cards = self._counted()
            if self.muggins and seat in self.counters:
                self._phase = _COUNT  # wait for claim()
                return
            points = show_score(cards, self.starter, what == "crib")
            self.events.append(("show", seat, what, points))
            if points and self._award(seat, points, what):
                return
            self._show_step += 1
        if self.deal_number == self.deals:
            _rare("over", self)  # V6: the last deal is done
            return
        self.dealer = 1 - self.dealer
        self._deal()

    def _award(self, seat, points, what):
        # R14: the first to reach the target wins at once; nothing after counts.
        # V6: no target, nobody wins during a deal.
        self.scores[seat] += points
        self.events.append(("score", seat, points, self.scores[seat], what))
        if self.scores[seat] < self.target or not self.target:
            return False
        self.winner = seat
        self.skunk = skunk_of(self.target, self.scores[1 - seat])
        self._phase = _OVER
        self.events.append(("end", seat, self.scores[0], self.scores[1], self.skunk))
        return True


def _is_card(card):
    return isinstance(card, int) and 0 <= card < 52
