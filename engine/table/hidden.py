"""The game as one side of a table sees it: ``HiddenGame`` is an
``engine.game.Game`` whose other seat's cards are unknown until they are
played or shown. The rules are the engine's own; this only stands in for
what one side cannot know, and waits where the link must bring something:

- ``pending`` "deal": the deal's cards are being dealt by the link; give
  this side's hand with ``dealt_in(cards)``.
- ``pending`` "starter": both have laid away; give ``starter_in(card)``.
- ``pending`` "show": the play is over; give the other seat's dealt hand
  and its two crib cards with ``show_in(hand, discards)`` and the show
  goes on, by the engine's rules.

The other seat's unknown cards are ``UNSEEN``. Its discard is taken
unseen; its card played must be one this side has not seen anywhere; its
go is taken on trust, checked after the deal when the whole deal is known
(engine.table.peer replays it in a plain Game). Imports engine.game.
"""

from engine.game import GO, Game, IllegalMove

UNSEEN = 63  # not a card (0..51)


class HiddenGame(Game):
    """``HiddenGame(me, seed, target, first_dealer, variant, deals)``."""

    def __init__(self, me, seed, target=None, first_dealer=None, variant="six", deals=0):
        Game.__init__(self, seed, target, first_dealer, False, False, (0,), variant, deals)
        self.me = me
        self.pending = None

    # -- waiting for the link --------------------------------------------------

    def _deal(self):
        self.pending = "deal"

    def dealt_in(self, cards):
        n = 5 if self.five else 6
        if self.pending != "deal" or len(cards) != n:
            raise IllegalMove("no deal is awaited")
        hands = [(UNSEEN,) * n, (UNSEEN,) * n]
        hands[self.me] = tuple(cards)
        self.rigged = [(hands[0], hands[1], None)]
        self.pending = None
        Game._deal(self)

    def _turn_starter(self):
        self.pending = "starter"

    def starter_in(self, card):
        if self.pending != "starter":
            raise IllegalMove("no starter is awaited")
        if card in self.dealt[self.me]:
            raise IllegalMove("the starter is a card of this side's hand")
        self.rigged[0] = (self.rigged[0][0], self.rigged[0][1], card)
        self.pending = None
        Game._turn_starter(self)

    def _end_play(self):
        self.pending = "show"

    def show_in(self, hand, discards):
        """The other seat's dealt ``hand`` and ``discards``, shown: each must
        agree with what it played."""
        other = 1 - self.me
        if self.pending != "show":
            raise IllegalMove("no show is awaited")
        played = [x & 63 for x in self.played if x >> 6 == other]
        for c in played + list(discards):
            if c not in hand:
                raise IllegalMove("the shown hand lacks a card it played or laid away")
        kept = [c for c in hand if c not in discards]
        self.dealt[other] = tuple(hand)
        self.kept[other] = kept
        self.discards[other] = tuple(discards)
        self.hands[other] = [c for c in kept if c not in played]
        self.crib = [c for c in self.crib if c != UNSEEN] + list(discards)
        self.pending = None
        Game._end_play(self)

    # -- what the game asks --------------------------------------------------

    def to_act(self, first=0):
        return -1 if self.pending else Game.to_act(self, first)

    def waiting(self):
        return () if self.pending else Game.waiting(self)

    def seen(self, card):
        """True when this side has seen ``card``: its own, played, the starter."""
        if card in self.dealt[self.me] or card == self.starter:
            return True
        for x in self.played:
            if x & 63 == card:
                return True
        return False

    # -- the other seat's decisions -----------------------------------------------

    def discard(self, seat, c1, c2):
        if seat != 1 - self.me or self.pending:
            return Game.discard(self, seat, c1, c2)
        if self.phase != "discard" or self.discards[seat]:
            return Game.discard(self, seat, c1, c2)  # refused as the engine says
        hand = self.hands[seat]
        hand.remove(UNSEEN)
        hand.remove(UNSEEN)
        self.kept[seat] = list(hand)
        self.discards[seat] = (UNSEEN, UNSEEN)
        self.crib.append(UNSEEN)
        self.crib.append(UNSEEN)
        self.events.append(("crib", seat, UNSEEN, UNSEEN))
        if self.discards[1 - seat]:
            self._turn_starter()

    def play(self, seat, card):
        if seat != 1 - self.me:
            return Game.play(self, seat, card)
        hand = self.hands[seat]
        if not isinstance(card, int) or not 0 <= card < 52 or self.seen(card):
            raise IllegalMove("that card cannot be the other player's")
        if UNSEEN not in hand:
            return Game.play(self, seat, card)  # refused: it holds no card
        i = hand.index(UNSEEN)
        hand[i] = card
        try:
            Game.play(self, seat, card)
        except IllegalMove:
            hand[i] = UNSEEN
            raise

    def go(self, seat):
        if seat != 1 - self.me:
            return Game.go(self, seat)
        self._check_turn(seat)
        self.gone[seat] = True
        self.moves.append(seat)
        self.moves.append(GO)
        self.events.append(("go", seat))
        self._next_turn()
