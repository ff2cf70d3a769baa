"""The show of a deal (docs/rules.md R11-R13, muggins V4): ``Show``, mixed
into ``engine.game.Game``, counts the pone's hand, the dealer's hand and the
crib in that order, or with muggins waits for a seat's own count
(``claim``), then moves on to the next deal (``Game`` holds the state and
the next deal). ``CLAIM`` codes a claim in ``Game.moves``; ``TIE`` is the
winner of a tied game of fixed deals (V6), which the last show decides.
Imports engine.score.
"""

from engine.score import show_score

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  CPython has no const()

CLAIM = const(100)  # move code for a claim of n points in the show: CLAIM + n
TIE = const(2)  # ``winner`` of a tied game of fixed deals (V6)

# Why a decision is refused: an index into engine.refusals' WORDS.
_NO_COUNT = const(14)
_NOT_YOURS = const(15)
_POINTS = const(16)


class Show:
    """The show's steps and the muggins count of ``engine.game.Game``."""

    def claim(self, seat, points):
        """V4: ``seat`` counts its own hand or crib as ``points``. An overclaim
        is corrected to the real value; points left out go to the other seat."""
        self._check_seat(seat)
        if self.phase != "count":
            raise self._no(_NO_COUNT)
        who, what, cards = self._counted()
        if seat != who:
            raise self._no(_NOT_YOURS)
        if not isinstance(points, int) or not 0 <= points <= 29:
            raise self._no(_POINTS)
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
            # V6: after the last deal the higher total wins; equal totals
            # tie; no skunks.
            s0, s1 = self.scores
            self.winner = 0 if s0 > s1 else 1 if s1 > s0 else TIE
            self.skunk = ""
            self.phase = "over"
            self.events.append(("end", self.winner, s0, s1, ""))
            return
        self._next_deal()
