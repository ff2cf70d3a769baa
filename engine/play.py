"""The play of a deal (docs/rules.md R6-R10, V5.3): ``Play``, mixed into
``engine.game.Game``, lays the seats' cards on the pile, pegs what each
makes, takes the go and starts a fresh count, and ends the play for the
show (``Game`` holds the state and the show). ``GO`` is a go's code in
``Game.moves``.
Imports engine.cards, engine.score.
"""

from engine.cards import VALUES, text
from engine.score import peg_score

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  CPython has no const()

GO = const(52)  # move code for "go" in ``Game.moves``

# Why a decision is refused: an index into engine.refusals' WORDS.
_NO_PLAY = const(6)
_NOT_TURN = const(7)
_PLAY_HELD = const(8)
_PAST_31 = const(9)  # card, count
_FITS = const(10)  # card


class Play:
    """The play's decisions and steps of ``engine.game.Game``."""

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
        self._check(seat, "play", _NO_PLAY)
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
