"""A best-of-N match (docs/rules.md V2): every game starts at 0, the first dealer
alternates from game to game, the first to win a majority wins; skunks are
noted, no margin bonuses. Its games are six-card or five-card (V5), to a
target or of fixed deals (V6); a tied game of fixed deals counts for neither
player, so such a match may need more than N games. Imports engine.game.
"""

from engine.game import TIE, Game, check_settings


class Match:
    """``Match(games=3, seed=1, target=None, first_dealer=None, open_hands=False,
    muggins=False, variant="six", deals=0)``: the settings as ``Game``'s.

    ``game`` is the game in progress; after it ends call ``next_game()``
    until ``over``. Game ``i`` is seeded ``seed + i`` so a match replays.
    """

    def __init__(
        self,
        games=3,
        seed=1,
        target=None,
        first_dealer=None,
        open_hands=False,
        muggins=False,
        variant="six",
        deals=0,
    ):
        if games < 1 or games % 2 == 0:
            raise ValueError("a match is best of an odd number of games, not %r" % (games,))
        self.games = games
        self.seed = seed
        self.target = check_settings(target, variant, deals)  # 0: fixed deals
        self.variant = variant
        self.deals = deals
        self.open_hands = open_hands
        self.muggins = muggins  # V4: seat 0 counts its own hands
        self.first_dealer = first_dealer  # of game 1; None: cut for deal
        self.wins = [0, 0]
        self.skunks = [0, 0]  # skunks each seat inflicted (double skunks count here too)
        self.played = 0
        self.game = None
        self.next_game()

    @property
    def over(self):
        return max(self.wins) * 2 > self.games

    @property
    def winner(self):
        if not self.over:
            return None
        return 0 if self.wins[0] > self.wins[1] else 1

    def next_game(self):
        """Record the finished game and start the next; False when the match is over."""
        if self.game is not None:
            if self.game.winner is None:
                raise ValueError("the current game is not over")
            if self.game.winner != TIE:
                self.wins[self.game.winner] += 1
            if self.game.skunk:
                self.skunks[self.game.winner] += 1
            self.played += 1
            if self.over:
                return False
        first = self.first_dealer if self.game is None else 1 - self.game.dealt_first
        self.game = Game(
            self.seed + self.played,
            self.target or None,
            first,
            self.open_hands,
            self.muggins,
            (0,),
            self.variant,
            self.deals,
        )
        self.game.start()
        return True
