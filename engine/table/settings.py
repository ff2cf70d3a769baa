"""The settings of a match at a table, agreed when it opens: best of
``games``, the game (six-card or five-card, V5), its target (121 or 61) or
a number of fixed deals (V6), and the prime of the deal (engine.table.sra).
Open hands (V3) and muggins (V4) are not offered: one hides the cards a
table exists to hide, the other needs a count from each side. ``encode()``
is six bytes on the wire; ``decode(data)`` refuses anything the rules
(engine.game's check_settings) or the primes do not have with a
ValueError. Imports engine.game, engine.table.sra.
"""

from engine.game import MAX_DEALS, check_settings
from engine.table.sra import PRIMES

_PRIMES = ("p256", "t31")


class Settings:
    def __init__(self, games=1, target=None, variant="six", deals=0, prime="p256"):
        if not isinstance(games, int) or not 1 <= games <= 21 or games % 2 == 0:
            raise ValueError("a match is best of an odd number of games, 1 to 21")
        if prime not in PRIMES:
            raise ValueError("unknown prime %r" % (prime,))
        self.target = check_settings(target, variant, deals)  # 0: fixed deals
        self.games = games
        self.variant = variant
        self.deals = deals
        self.prime = prime
        self.p = PRIMES[prime]

    def encode(self):
        return bytes(
            (
                self.games,
                self.target,
                1 if self.variant == "five" else 0,
                self.deals,
                _PRIMES.index(self.prime),
                0,
            )
        )

    def __eq__(self, other):
        return isinstance(other, Settings) and self.encode() == other.encode()

    def words(self):
        """The settings in words, for a screen asking to join."""
        game = "five-card" if self.variant == "five" else "six-card"
        to = "%d deals" % self.deals if self.deals else "to %d" % self.target
        return "best of %d, %s %s" % (self.games, game, to)


def decode(data):
    if len(data) != 6 or data[5] != 0:
        raise ValueError("settings of an unknown form")
    games, target, five, deals, prime = data[0], data[1], data[2], data[3], data[4]
    if five > 1 or prime >= len(_PRIMES) or deals > MAX_DEALS:
        raise ValueError("settings the rules do not have")
    return Settings(games, target or None, "five" if five else "six", deals, _PRIMES[prime])
