"""Hand counter for the keeper mode: the player enters four cards and the
starter and sees what they score, item by item (R12). A model only, no
drawing; the points come from ``engine.score``. A hand worth nothing is
called "19", the traditional joke: no hand can score 19 (docs/rules.md).
Imports ``engine.cards``, ``engine.score`` and ``firmware.hal`` (button bits).

Buttons (``handle``, events as in ``firmware.keeper_input``):
  LEFT / RIGHT  move between the five slots (four hand cards, then the starter)
  UP / DOWN     next / previous rank in this slot (an empty slot starts at A)
  A             next suit          long A  hand / crib (crib flush rule)
  B             empty this slot    long B  empty all
A rank or suit already used in another slot is skipped, so the five cards
are always distinct.
"""

from engine.cards import texts
from engine.score import describe, hand_breakdown, hand_score
from firmware import hal

SLOTS = 5  # 4 hand cards + starter
STARTER = 4


class HandCounter:
    def __init__(self):
        self.cards = [-1] * SLOTS
        self.slot = 0
        self.crib = False

    def _used(self, card, slot):
        for i in range(SLOTS):
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
            self.cards = [-1] * SLOTS
        else:
            self.cards[slot] = -1

    def step_rank(self, d):
        """Move the current slot's card up or down one rank (wrapping), to a
        free suit of that rank; an empty slot starts at the ace."""
        c = self.cards[self.slot]
        rank = 0 if c < 0 and d > 0 else 12 if c < 0 else (c >> 2) + d
        suit = 0 if c < 0 else c & 3
        for _ in range(13):
            rank %= 13
            for k in range(4):
                card = rank * 4 + (suit + k) % 4
                if not self._used(card, self.slot):
                    self.cards[self.slot] = card
                    return
            rank += 1 if d > 0 else -1

    def step_suit(self):
        c = self.cards[self.slot]
        if c < 0:
            self.step_rank(1)
            return
        for k in range(1, 4):
            card = (c & ~3) + ((c & 3) + k) % 4
            if not self._used(card, self.slot):
                self.cards[self.slot] = card
                return

    def ready(self):
        return min(self.cards) >= 0

    def total(self):
        """Points of the five cards (None until all are entered)."""
        if not self.ready():
            return None
        return hand_score(self.cards[:4], self.cards[STARTER], self.crib)

    def items(self):
        """What scored, as ``engine.score.hand_breakdown`` items, in the order
        a player counts out loud (empty until all five cards are in)."""
        if not self.ready():
            return []
        return hand_breakdown(self.cards[:4], self.cards[STARTER], self.crib)

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
        return "%d point%s" % (t, "" if t == 1 else "s")

    def handle(self, event):
        kind, bit = event
        if bit == hal.UP or bit == hal.DOWN:
            self.step_rank(1 if bit == hal.UP else -1)
        elif kind == "repeat":
            return False
        elif bit == hal.LEFT:
            self.slot = (self.slot - 1) % SLOTS
        elif bit == hal.RIGHT:
            self.slot = (self.slot + 1) % SLOTS
        elif bit == hal.A:
            if kind == "long":
                self.crib = not self.crib
            else:
                self.step_suit()
        elif bit == hal.B:
            self.clear(None if kind == "long" else self.slot)
        else:
            return False
        return True
