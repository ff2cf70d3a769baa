"""What one player may see of a game: the only thing a player is given.

A ``View`` is a copy, built by ``Game.view(seat)``; it holds no reference to the
game, so a player cannot reach the other hand, the crib or the deck through it
(the fair-play guarantee). Imports only ``engine.cards``.

Fields (seats are 0 and 1; ``me`` is the viewer):
  me, dealer        seats; the pone is ``1 - dealer``
  target            121 or 61; 0 in a game of fixed deals (V6), which has none
  five              True in five-card cribbage (V5): five cards dealt, three kept,
                    one play sequence
  deals             the number of fixed deals (V6), 0 in a game to a target
  scores            [score of seat 0, score of seat 1]
  phase             "discard" or "play" (a view is only made when a decision is due)
  hand              the viewer's cards still in hand (six, or five, before the discard)
  kept              the viewer's four (three) kept cards (empty before the discard)
  discards          the viewer's own two crib cards (empty before the discard)
  starter           the starter card, or None before the cut
  pile              cards played since the last reset, oldest first
  count             the running count of ``pile``
  played            every card played this deal as (seat, card), oldest first
  opponent_left     how many cards the opponent still holds in the play
  opponent_go       True once the opponent has said go in this count
  deal_number       1 for the first deal of the game
  opponent_hand     the opponent's cards in hand, only in an open-hand game (V3); else None
  counting          in phase "count" (muggins, V4): "hand" or "crib", the viewer's to count
  count_cards       in phase "count": the four (three) cards to count with the starter
"""

from engine.cards import VALUES


class View:
    # The variants' fields are set on a view only when they differ from these,
    # so a six-card view holds only the attributes it uses (heap on the device).
    five = False
    deals = 0

    def __init__(self):
        self.me = 0
        self.dealer = 0
        self.target = 121
        self.scores = [0, 0]
        self.phase = ""
        self.hand = []
        self.kept = []
        self.discards = []
        self.starter = None
        self.pile = []
        self.count = 0
        self.played = []
        self.opponent_left = 0
        self.opponent_go = False
        self.deal_number = 0
        self.opponent_hand = None
        self.counting = ""
        self.count_cards = []

    def is_dealer(self):
        return self.me == self.dealer

    def playable(self):
        """The cards in hand that fit under 31 now (a new list)."""
        room = 31 - self.count
        return [c for c in self.hand if VALUES[c >> 2] <= room]
