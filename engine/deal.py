"""One deal of a game (docs/rules.md R2-R13, V5): ``Deal``, mixed into
``engine.game.Game``, holds its steps. The deal (R2-R5, V5.1-V5.2): the cut
for the first deal, six (five) cards each, two from each seat to the crib,
the starter. The play (R6-R10, V5.3): the cards laid on the pile, what each
pegs, the go, a fresh count, the end of the play. The show (R11-R13): the
pone's hand, the dealer's hand and the crib counted in that order, or with
muggins (V4) a seat's own count awaited (engine.muggins), then the next
deal, or after the last of a game of fixed deals (V6) its end
(``Game._end_fixed``). ``Game`` holds the state, the settings and the points up
to the win.

``GO`` and ``CLAIM`` code a go and a muggins claim in ``Game.moves`` (a card
is its own code); ``TIE`` is the winner of a tied game of fixed deals, which
has at most ``MAX_DEALS`` deals.
Imports engine.cards, engine.score.
"""

from engine.cards import JACK, VALUES, text
from engine.score import peg_score, show_score

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  CPython has no const()

GO = const(52)  # move code for "go" in ``Game.moves``
CLAIM = const(100)  # move code for a claim of n points in the show: CLAIM + n
TIE = const(2)  # ``winner`` of a tied game of fixed deals (V6)
MAX_DEALS = const(98)  # fixed deals (V6): an even number 2..MAX_DEALS

# Why a decision is refused: a reason code of engine.refusals.
_NO_DISCARD = const(2)
_LAID = const(3)
_TWO_CARDS = const(4)
_NOT_HELD = const(5)
_NO_PLAY = const(6)
_NOT_TURN = const(7)
_PLAY_HELD = const(8)
_PAST_31 = const(9)  # card, count
_FITS = const(10)  # card
_STARTED = const(13)


class Deal:
    """The steps of one deal of ``engine.game.Game``."""

    # -- the deal -----------------------------------------------------------------
    def start(self):
        """Cut for deal (R2: each cuts a card; the lower rank deals; equal
        ranks cut again) unless ``first_dealer`` is set, then the first deal."""
        if self.phase != "new":
            raise self._no(_STARTED)
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

    def discard(self, seat, c1, c2):
        """R4, V5.1: ``seat`` lays two of its cards in the dealer's crib."""
        self._check_seat(seat, "discard", _NO_DISCARD)
        if self.discards[seat]:
            raise self._no(_LAID)
        hand = self.hands[seat]
        if not _is_card(c1) or not _is_card(c2) or c1 == c2:
            raise self._no(_TWO_CARDS)
        if c1 not in hand or c2 not in hand:
            raise self._no(_NOT_HELD)
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
        self.phase = "discard"
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
        self.phase = "play"
        self.turn = 1 - self.dealer
        if self.starter >> 2 == JACK and self._award(self.dealer, 2, "heels"):
            return
        self._next_turn()

    # -- the play ----------------------------------------------------------------

    def can_play(self, seat, card):
        return card in self.hands[seat] and self.count + VALUES[card >> 2] <= 31

    def play(self, seat, card):
        """R6-R7: ``seat`` lays ``card`` on the pile and pegs what it makes."""
        self._check_turn(seat)
        hand = self.hands[seat]
        if not isinstance(card, int) or not 0 <= card < 52 or card not in hand:
            raise self._no(_PLAY_HELD)
        if self.count + VALUES[card >> 2] > 31:
            raise self._no(_PAST_31, text(card), self.count)
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
        self._next_turn()

    def go(self, seat):
        """R8: ``seat`` says go; allowed only when none of its cards fits."""
        self._check_turn(seat)
        room = 31 - self.count
        for card in self.hands[seat]:
            if VALUES[card >> 2] <= room:
                raise self._no(_FITS, text(card))
        self.gone[seat] = True
        self.moves.append(seat)
        self.moves.append(GO)
        self.events.append(("go", seat))
        self._next_turn()

    def _check_turn(self, seat):
        self._check_seat(seat, "play", _NO_PLAY)
        if seat != self.turn:
            raise self._no(_NOT_TURN)

    def _next_turn(self):
        # Moves the play on until a seat holding a card that may act is to act.
        while self.phase == "play":
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

    # -- the show ----------------------------------------------------------------
    def _counted(self):
        # (seat, "hand" or "crib", cards) for the show's count number _show_step.
        step = self._show_step
        if step == 0:
            return 1 - self.dealer, "hand", self.kept[1 - self.dealer]
        if step == 1:
            return self.dealer, "hand", self.kept[self.dealer]
        return self.dealer, "crib", self.crib

    def _show(self):
        # R11: pone's hand, dealer's hand, the crib; each may win at once.
        while self._show_step < 3:
            seat, what, cards = self._counted()
            if self.muggins and seat in self.counters:
                self.phase = "count"  # wait for claim()
                return
            points = show_score(cards, self.starter, what == "crib")
            self.events.append(("show", seat, what, points))
            if points and self._award(seat, points, what):
                return
            self._show_step += 1
        if self.deal_number == self.deals:
            self._end_fixed()  # V6: engine.game's
            return
        self.dealer = 1 - self.dealer
        self._deal()


def _is_card(card):
    return isinstance(card, int) and 0 <= card < 52
