"""Hand counter for the keeper mode: the player enters four cards and the
starter and sees what they score, item by item (R12). A model only, no
drawing; the points come from ``engine.score``. A hand worth nothing is
called "19", the traditional joke: no hand can score 19 (docs/rules.md).
Imports ``engine.breakdown``, ``engine.cards`` and ``engine.score``.

Five slots (four hand cards, then the starter); ``set`` refuses a card that
is already in another slot, so the five cards are always distinct. The
buttons are the screen's (``firmware.screens.counter``).
"""

from engine.cards import texts
from engine.breakdown import hand_breakdown
from engine.score import describe, hand_score

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  CPython has no const()

_SLOTS = const(5)  # 4 hand cards + starter (firmware.screens.counter has copies)
_STARTER = const(4)  # the starter's slot
_POINTS = const("%d point%s")  # a const(): a short literal would be a name


class HandCounter:
    def __init__(self):
        self.cards = [-1] * _SLOTS
        self.slot = 0
        self.crib = False

    def _used(self, card, slot):
        for i in range(_SLOTS):
            if i != slot and self.cards[i] == card:
                return True
        return False

    def set(self, slot, card):
        """Put ``card`` in ``slot``; ValueError when it is already in another."""
        if self._used(card, slot):
            raise ValueError("%s is already in the hand" % texts((card,)))
        self.cards[slot] = card

    def clear(self, slot=None):
        if slot is None:
            self.cards = [-1] * _SLOTS
        else:
            self.cards[slot] = -1

    def ready(self):
        return min(self.cards) >= 0

    def total(self):
        """Points of the five cards (None until all are entered)."""
        if not self.ready():
            return None
        return hand_score(self.cards[:4], self.cards[_STARTER], self.crib)

    def items(self):
        """What scored, as ``engine.breakdown.hand_breakdown`` items, in the order
        a player counts out loud (empty until all five cards are in)."""
        if not self.ready():
            return []
        return hand_breakdown(self.cards[:4], self.cards[_STARTER], self.crib)

    def lines(self):
        """The items as plain text, one line each ('15 2: 5H TD')."""
        return [describe(item) for item in self.items()]

    def verdict(self):
        """'12 points', or '19' (said 'nineteen') for a hand worth nothing."""
        t = self.total()
        if t is None:
            return "enter %d more card%s" % (
                self.cards.count(-1),
                "s" if self.cards.count(-1) > 1 else "",
            )
        if t == 0:
            return "19 (nothing)"
        return _POINTS % (t, "" if t == 1 else "s")
