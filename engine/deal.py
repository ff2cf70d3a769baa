"""The deal (docs/rules.md R2-R5, V5.1-V5.2): ``Deal``, mixed into
``engine.game.Game``, cuts for the first deal, shuffles and deals six (five)
cards each, takes each seat's two cards for the crib and turns the starter,
then hands the play to ``engine.play.Play`` (``Game`` holds the state).
Imports engine.cards.
"""

from engine.cards import JACK

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  CPython has no const()

# Why a decision is refused: an index into engine.refusals' WORDS.
_NO_DISCARD = const(2)
_LAID = const(3)
_TWO_CARDS = const(4)
_NOT_HELD = const(5)
_STARTED = const(13)


class Deal:
    """The deal's decisions and steps of ``engine.game.Game``."""

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
        self._check(seat, "discard", _NO_DISCARD)
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

    def _next_deal(self):
        # After the show: the next deal, dealt by the other seat.
        self.dealer = 1 - self.dealer
        self._deal()


def _is_card(card):
    return isinstance(card, int) and 0 <= card < 52
