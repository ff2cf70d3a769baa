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
Imports engine.cards, engine.score, engine.rng, engine.view.
"""

from engine.cards import VALUES, JACK, text
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
_VARIANTS = const(("six", "five"))
MAX_DEALS = const(98)  # fixed deals (V6): an even number 2..MAX_DEALS


class IllegalMove(ValueError):
    """A decision the rules do not allow; the game is unchanged."""


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
    if target is None and not deals:
        target = 61 if variant == "five" else 121
    if (
        variant not in _VARIANTS
        or not isinstance(deals, int)
        or (deals and (deals % 2 or not 2 <= deals <= MAX_DEALS or target))
        or (not deals and target != 61 and (target != 121 or variant == "five"))
    ):
        raise ValueError(
            "settings: six-card to 121 or 61, five-card to 61 (V5), or an even number"
            " of deals 2..%d with no target (V6)" % MAX_DEALS
        )
    return target or 0


class Game:
    """``Game(seed, target=None, first_dealer=None, open_hands=False,
    muggins=False, counters=(0,), variant="six", deals=0)``.

    ``target`` 121 or 61 (None: 121 six-card, 61 five-card); ``variant``
    "six" or "five" (V5, five-card cribbage, played to 61); ``deals`` an even
    number of fixed deals (V6), then no target (``target`` 0 here) and a tie
    is possible (``winner`` TIE). ``first_dealer`` 0 or 1 skips the cut for
    deal (R2); None cuts for it. Call ``start()``, then feed decisions until
    ``phase == "over"``.
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
            raise ValueError("first_dealer must be 0, 1 or None")
        self.rng = Rng(seed)
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

    # -- what is going on ------------------------------------------------------

    @property
    def phase(self):
        return _PHASES[self._phase]

    def pone(self):
        return 1 - self.dealer

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
        if self._phase == _DISCARD:
            return tuple([s for s in (0, 1) if not self.discards[s]])
        if self._phase == _PLAY:
            return (self.turn,)
        if self._phase == _COUNT:
            return (self._counted()[0],)
        return ()

    def to_act(self, prefer=0):
        """The one seat to ask for a decision now, -1 when none is awaited.
        In the discard both seats decide, in any order: ``prefer`` first
        while it still has to. Allocates nothing (a screen asks every frame)."""
        phase = self._phase
        if phase == _DISCARD:
            if not self.discards[prefer]:
                return prefer
            return -1 if self.discards[1 - prefer] else 1 - prefer
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
            v.counting = self._counted()[1]
            v.count_cards = list(self._counted()[2])
        if self.open_hands:
            v.opponent_hand = list(self.hands[other])
        return v

    # -- decisions --------------------------------------------------------------

    def start(self):
        if self._phase != _NEW:
            raise IllegalMove("the game has already started")
        if self.first_dealer is None:
            self.dealer = self._cut_for_deal()
        else:
            self.dealer = self.first_dealer
        self.dealt_first = self.dealer
        self._deal()

    def act(self, seat, decision):
        """A player's decision: (c1, c2) in the discard, a card or None (go) in
        the play, a number of points in a muggins count (V4)."""
        if self._phase == _COUNT:
            self.claim(seat, decision)
        elif self._phase == _DISCARD:
            try:
                c1, c2 = decision
            except (TypeError, ValueError):
                raise IllegalMove("lay exactly two cards in the crib")
            self.discard(seat, c1, c2)
        elif decision is None:
            self.go(seat)
        else:
            self.play(seat, decision)

    def discard(self, seat, c1, c2):
        """R4, V5.1: ``seat`` lays two of its cards in the dealer's crib."""
        self._check_seat(seat)
        if self._phase == _OVER:
            raise IllegalMove("the game is over")
        if self._phase != _DISCARD:
            raise IllegalMove("it is not time to discard")
        if self.discards[seat]:
            raise IllegalMove("you have already laid your two cards away")
        hand = self.hands[seat]
        if not _is_card(c1) or not _is_card(c2) or c1 == c2:
            raise IllegalMove("lay two different cards in the crib")
        if c1 not in hand or c2 not in hand:
            raise IllegalMove("you can only discard cards you hold")
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
            raise IllegalMove("you can only play a card you hold")
        if self.count + VALUES[card >> 2] > 31:
            raise IllegalMove(
                "%s would take the count past 31 (it is %d)" % (text(card), self.count)
            )
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
                raise IllegalMove("you cannot say go: %s fits under 31" % text(card))
        self.gone[seat] = True
        self.moves.append(seat)
        self.moves.append(GO)
        self.events.append(("go", seat))
        self._settle()

    def claim(self, seat, points):
        """V4: ``seat`` counts its own hand or crib as ``points``. An overclaim
        is corrected to the real value; points left out go to the other seat."""
        self._check_seat(seat)
        if self._phase != _COUNT:
            raise IllegalMove("it is not time to count a hand")
        who, what, cards = self._counted()
        if seat != who:
            raise IllegalMove("it is not your count")
        if not isinstance(points, int) or not 0 <= points <= 29:
            raise IllegalMove("a count is a number from 0 to 29")
        self.moves.append(seat)
        self.moves.append(CLAIM + points)
        self.events.append(("claim", seat, what, points))
        actual = show_score(cards, self.starter, what == "crib")
        self.events.append(("show", seat, what, actual))
        got = points if points < actual else actual
        if got and self._award(seat, got, what):
            return
        if actual > got and self._award(1 - seat, actual - got, "muggins"):
            return
        self._show_step += 1
        self._show()

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
            raise IllegalMove("no such player: %r" % (seat,))

    def _check_turn(self, seat):
        self._check_seat(seat)
        if self._phase == _OVER:
            raise IllegalMove("the game is over")
        if self._phase != _PLAY:
            raise IllegalMove("it is not time to play a card")
        if seat != self.turn:
            raise IllegalMove("it is not your turn")

    def _cut_for_deal(self):
        # R2: each cuts a card; the lower rank deals; equal ranks cut again.
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
                return 0 if a >> 2 < b >> 2 else 1

    def _deal(self):
        # R3, V5.1: shuffle, six (five) each one at a time, pone first.
        self.deal_number += 1
        pone = 1 - self.dealer
        if self.rigged:
            dealt = self.rigged[0]
            hands = (tuple(dealt[0]), tuple(dealt[1]))
        else:
            self.rng.shuffle(self.deck)
            d = self.deck
            hands = [(), ()]
            if self.five:
                hands[pone] = (d[0], d[2], d[4], d[6], d[8])
                hands[self.dealer] = (d[1], d[3], d[5], d[7], d[9])
            else:
                hands[pone] = (d[0], d[2], d[4], d[6], d[8], d[10])
                hands[self.dealer] = (d[1], d[3], d[5], d[7], d[9], d[11])
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
        # R5: the pone cuts the rest of the pack, the dealer turns the starter.
        if self.rigged:
            self.starter = self.rigged.pop(0)[2]
        elif self.five:  # 42 cards left; the cut leaves at least four in each part
            self.starter = self.deck[10 + 4 + self.rng.below(34)]
        else:
            self.starter = self.deck[12 + 4 + self.rng.below(32)]
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
            self._end_fixed()
            return
        self.dealer = 1 - self.dealer
        self._deal()

    def _end_fixed(self):
        # V6: after the last deal the higher total wins; equal totals tie; no skunks.
        s0, s1 = self.scores
        self.winner = 0 if s0 > s1 else 1 if s1 > s0 else TIE
        self.skunk = ""
        self._phase = _OVER
        self.events.append(("end", self.winner, s0, s1, ""))

    def _award(self, seat, points, reason):
        # R14: the first to reach the target wins at once; nothing after counts.
        # V6: no target, nobody wins during a deal.
        self.scores[seat] += points
        self.events.append(("score", seat, points, self.scores[seat], reason))
        if self.scores[seat] < self.target or not self.target:
            return False
        self.winner = seat
        self.skunk = skunk_of(self.target, self.scores[1 - seat])
        self._phase = _OVER
        self.events.append(("end", seat, self.scores[0], self.scores[1], self.skunk))
        return True


def replay_moves(game, moves, on_event=None):
    """Start the new ``game`` and feed it the decisions in ``moves`` (coded as
    in ``Game.moves``, two bytes each). ``on_event`` sees every event as it
    comes; without it they are dropped as they come, so a whole game's events
    are never held. An IllegalMove names the decision that failed."""
    game.start()
    events = game.events
    i = 0
    n = len(moves)
    while True:
        if on_event is not None:
            for e in events:
                on_event(e)
        del events[:]
        if i >= n:
            return game
        seat = moves[i]
        code = moves[i + 1]
        try:
            if game._phase == _COUNT:
                game.claim(seat, code - CLAIM)
            elif game._phase == _DISCARD:
                if i + 3 >= n or moves[i + 2] != seat:
                    raise IllegalMove("a discard needs two cards")
                game.discard(seat, code, moves[i + 3])
                i += 2
            elif code == GO:
                game.go(seat)
            else:
                game.play(seat, code)
        except IllegalMove as e:
            raise IllegalMove("decision %d: %s" % (i // 2 + 1, e))
        i += 2


def _is_card(card):
    return isinstance(card, int) and 0 <= card < 52


def run(game, players, on_event=None):
    """Play ``game`` to the end with two player objects (seat 0, seat 1); each
    decision comes from ``players[seat]`` given only ``game.view(seat)``.
    ``on_event(event)`` sees every event (all of them, hidden ones included)."""
    if game.phase == "new":
        game.start()
    while True:
        if on_event is not None:
            for event in game.take_events():
                on_event(event)
        else:
            game.events = []
        seat = game.to_act()
        if seat < 0:
            return game.winner
        view = game.view(seat)
        if game._phase == _DISCARD:
            game.act(seat, players[seat].discard(view))
        elif game._phase == _COUNT:
            game.act(seat, _count(players[seat], view))
        else:
            game.act(seat, players[seat].play(view))


def _count(player, view):
    # A player without a count() method counts every hand exactly.
    if hasattr(player, "count"):
        return player.count(view)
    return show_score(view.count_cards, view.starter, view.counting == "crib")
