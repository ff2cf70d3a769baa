"""Self-play: games between two named players, with the statistics a player
of cribbage would ask for: wins with a 95% confidence interval, the first
dealer's edge, skunks, deals per game, and points per deal for dealer and pone
split into pegging, heels, hand and crib.

Any kind of game: six-card or five-card (V5), to a target or of fixed deals
(V6, where ties are counted). Five-card's three for last (V5.2) is its own
part, "start", of the first deal's pone. Seats and the first deal alternate:
game ``i`` seats player a at seat ``i % 2`` and gives the first deal to seat
``(i // 2) % 2``, so every combination is played equally often. Game ``i`` is seeded ``seed + i``.
Imports engine.game, engine.gamelog, engine.players.
"""

from engine import gamelog
from engine.game import TIE, Game, run
from engine.players import make

_PARTS = ("pegging", "heels", "hand", "crib", "start")
_PART_OF = {"peg": 0, "go": 0, "heels": 1, "hand": 2, "crib": 3, "muggins": 2, "start": 4}


def wilson(wins, n, z=1.96):
    """The 95% (Wilson score) interval of a win rate of ``wins`` in ``n``
    games: never of zero width, even at 0 or n wins (2-0 is not 100% for
    sure), and within 0..1."""
    if n <= 0:
        return 0.0, 1.0
    p = wins / n
    zz = z * z
    mid = (p + zz / (2 * n)) / (1 + zz / n)
    half = z * ((p * (1 - p) + zz / (4 * n)) / n) ** 0.5 / (1 + zz / n)
    return max(0.0, mid - half), min(1.0, mid + half)


class Tally:
    """Statistics gathered from the event streams of many games."""

    def __init__(self, a, b):
        self.names = (a, b)
        self.games = 0
        self.wins = [0, 0]  # by player (a, b), not by seat
        self.ties = 0  # V6
        self.target = 121
        self.five = False
        self.skunks = [0, 0]  # skunks each player inflicted
        self.double_skunks = [0, 0]
        self.first_dealer_wins = 0
        self.deals = 0
        self.complete_deals = 0
        # points of completed deals: [dealer, pone] x parts
        self.points = [[0, 0, 0, 0, 0], [0, 0, 0, 0, 0]]
        self._deal = None  # [dealer seat, points by role and part] of the deal in progress
        self._seat_of = (0, 1)

    def begin(self, seat_of_a):
        self._seat_of = (seat_of_a, 1 - seat_of_a)
        self._deal = None

    def event(self, e):
        kind = e[0]
        if kind == "deal":
            self._close_deal()
            self.deals += 1
            self._deal = [e[1], [0, 0, 0, 0, 0], [0, 0, 0, 0, 0]]
        elif kind == "score" and self._deal is not None:
            role = 1 if e[1] == self._deal[0] else 2
            self._deal[role][_PART_OF[e[4]]] += e[2]
        elif kind == "end":
            if self.target:
                self._deal = None  # the last deal was cut short: not averaged
            else:
                self._close_deal()  # V6: the last deal was played whole
                self._deal = None

    def _close_deal(self):
        if self._deal is not None:
            self.complete_deals += 1
            for role in (0, 1):
                for part in range(5):
                    self.points[role][part] += self._deal[role + 1][part]

    def finish(self, game):
        self.games += 1
        if game.winner == TIE:
            self.ties += 1
            return
        player = self._seat_of.index(game.winner)
        self.wins[player] += 1
        if game.skunk == "skunk":
            self.skunks[player] += 1
        elif game.skunk == "double-skunk":
            self.double_skunks[player] += 1
        if game.winner == game.dealt_first:
            self.first_dealer_wins += 1

    def summary(self):
        n = self.games or 1
        p = self.wins[0] / n
        lo, hi = wilson(self.wins[0], n)
        d = self.complete_deals or 1
        points = {}
        for role, name in ((0, "dealer"), (1, "pone")):
            row = {}
            for part in range(5 if self.five else 4):
                row[_PARTS[part]] = round(self.points[role][part] / d, 3)
            row["total"] = round(sum(self.points[role]) / d, 3)
            points[name] = row
        return {
            "games": self.games,
            "players": list(self.names),
            "wins": list(self.wins),
            "ties": self.ties,
            "win_rate_a": round(p, 4),
            "ci95_a": [round(lo, 4), round(hi, 4)],
            "first_dealer_win_rate": round(self.first_dealer_wins / n, 4),
            "skunks": list(self.skunks),
            "double_skunks": list(self.double_skunks),
            "deals": self.deals,
            "deals_per_game": round(self.deals / n, 3),
            "points_per_deal": points,
        }


def play(games, seed=1, a="random", b="random", target=121, log=None, variant="six", deals=0):
    """Play ``games`` games and return the ``Tally``; ``log`` is an open text
    stream that receives every game in GAMELOG format, one after another.
    ``target`` None is the variant's own (121, five-card 61); ``deals`` plays
    that many deals instead (V6)."""
    tally = Tally(a, b)
    players = [make(a, seed * 2 + 1), make(b, seed * 2 + 2)]
    for i in range(games):
        seat_a = i % 2
        seated = [players[0], players[1]] if seat_a == 0 else [players[1], players[0]]
        game = Game(seed + i, target, (i // 2) % 2, variant=variant, deals=deals)
        tally.target = game.target
        tally.five = game.five
        tally.begin(seat_a)
        if log is not None:
            log.write(gamelog.header(game) + "\n")

            def on_event(e, log=log, tally=tally):
                tally.event(e)
                log.write(gamelog.line(e) + "\n")

        else:
            on_event = tally.event
        run(game, seated, on_event)
        tally.finish(game)
    return tally


def describe(summary):
    """The summary as lines a person reads."""
    s = summary
    a, b = s["players"]
    lines = [
        "%d games, A %s vs B %s: A won %d (%.1f%%, 95%% CI %.1f-%.1f%%), B won %d, %d tied"
        % (
            s["games"],
            a,
            b,
            s["wins"][0],
            100 * s["win_rate_a"],
            100 * s["ci95_a"][0],
            100 * s["ci95_a"][1],
            s["wins"][1],
            s["ties"],
        ),
        "first dealer won %.1f%%; skunks A %d, B %d; double skunks A %d, B %d"
        % (
            100 * s["first_dealer_win_rate"],
            s["skunks"][0],
            s["skunks"][1],
            s["double_skunks"][0],
            s["double_skunks"][1],
        ),
        "%.2f deals per game" % s["deals_per_game"],
    ]
    for role in ("dealer", "pone"):
        p = s["points_per_deal"][role]
        lines.append(
            "%s per deal: %.2f (pegging %.2f, heels %.2f, hand %.2f, crib %.2f%s)"
            % (
                role,
                p["total"],
                p["pegging"],
                p["heels"],
                p["hand"],
                p["crib"],
                ", three for last %.2f" % p["start"] if "start" in p else "",
            )
        )
    return lines
