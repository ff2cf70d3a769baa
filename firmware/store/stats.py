"""The player's statistics against the computer, kept on the device: games,
wins and losses, skunks given and taken, matches, the best hand (points and
cards), and the points per deal of hand, crib and pegging.

Nothing here computes a score: ``feed(event)`` takes the engine's event
tuples of one finished game (engine.game; seat 0 is the player) in order and
adds what they tell. Points come from ("score", seat, points, total, reason)
by reason (peg and go are pegging; heels, hand, crib and muggins are kept
apart); the best hand from ("show", 0, "hand", points) with the kept four
(the dealt six less the two laid away) and the starter. After the game,
``add_match`` for a finished best-of-N match, ``mark(key)`` and ``save()``.
``key(game)`` names a game so a game is counted once even when its game-over
page is shown again after a power cut (``counted(key)``).

The coach's figures: ``add_coach(deals, lost, played)`` adds a
game's decisions as the play screen weighed them, each when you made it
(engine.opponent.discard_loss and play_loss, the review's own figures):
over ``deals`` deals your discards gave up ``lost`` and your plays
``played``, in hundredths of a point, against the best keeps and cards (a
resumed game is weighed whole at its end, as the review weighs it). ``coach_avg()`` is
what they gave up a deal, ``recent_avg()`` the same over the last
10 games, so you see yourself improve.

Kept apart per kind of game (``Stats(storage, name)``, the name chosen by
``firmware.play.game_log``): "stats" for six-card games to a target (121 or 61,
as before), "stats5" for five-card (V5, whose best hand is three cards and
the starter), "statsd" for fixed deals (V6, where a game may end in a tie:
``ties``, neither a win nor a loss).

Stored with ``firmware.store.records.RecordStore`` (crash-safe): version 1
payload is the counters below, 4 bytes big-endian each, then the five best
cards (255 = none); version 2 adds ``ties`` (4 bytes) after them; version 3
(written now, 191 bytes) adds ``coached``, ``coach_lost`` and
``coach_played`` (4 bytes each) and the last 10 games' (deals, lost,
played), newest first, 1 + 4 + 4 bytes each (0 deals: none). Version 1
and 2 records still load (no ties; no coach figures). A damaged, foreign or
impossible record (more wins than games, a best hand its cards do not
score...) is refused: the copy before it is used, or fresh statistics, and
``problem`` says so (``firmware.store.stats_record`` reads a record). Imports
``firmware.store.records`` (and ``firmware.store.stats_record`` while a record is read,
forgotten after with ``firmware``'s ``drop``).
"""

from firmware.store.records import RecordStore

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  CPython has no const()

NAME = "stats"
MAGIC = b"STAT"
VERSION = 3
_RECENT = const(10)  # games the coach's recent figure is over

# every counter, in record order
COUNTERS = (
    "games",  # finished games against the computer
    "wins",
    "skunks_given",  # games you won by a skunk or double skunk (R15)
    "doubles_given",  # of which double skunks
    "skunks_taken",
    "doubles_taken",
    "matches",  # finished matches of more than one game (V2)
    "match_wins",
    "deals",  # deals dealt ("deal" events)
    "pegging",  # your points from "peg" and "go"
    "heels",  # your points for his heels
    "hands",  # your hands counted ("show" of your hand)
    "hand_points",  # what you scored for them
    "cribs",  # your cribs counted
    "crib_points",
    "muggins_lost",  # points the computer took from your counts (V4)
    "muggins_won",
    "best",  # the best hand you held (its value from the show)
    "last_seed",  # the key of the last game counted
    "last_moves",
)


def _record(stats, payload, version):
    # firmware.store.stats_record's: the figures taken from ``payload`` (a record of
    # ``version``: ``check``), or with no payload the payload made of them
    from firmware.store import stats_record

    try:
        if payload is None:
            return stats_record.payload(stats)
        return stats_record.check(stats, payload, version)
    finally:
        from firmware import drop as _drop

        _drop("firmware.store.stats_record")


def key(game):
    """What names a finished game: its seed and its number of decisions."""
    return (game.seed & 0xFFFFFFFF, len(game.moves))


class Stats:
    COUNTERS = COUNTERS  # firmware.store.stats_record reads them off the stats it is given

    def __init__(self, storage=None, name=NAME):
        self.name = name
        self.store = RecordStore(storage, name, MAGIC, VERSION) if storage is not None else None
        self.problem = None
        self.clear()

    def clear(self):
        """Every figure back to nothing (in memory; ``save`` stores it)."""
        for name in COUNTERS:
            setattr(self, name, 0)
        self.ties = 0  # games of fixed deals that ended level (V6)
        self.best_cards = []  # the four (five-card: three) kept cards and the starter
        self.coached = 0  # deals whose discard the coach weighed
        self.coach_lost = 0  # what your discards gave up there, hundredths of a point
        self.coach_played = 0  # what your plays gave up there
        self.recent = []  # [deals, lost, played] of the last 10 games, newest first
        self._dealt = ()
        self._kept = []
        self._starter = None

    # ---- what the figures say ----
    @property
    def losses(self):
        return self.games - self.wins - self.ties

    def per(self, points, times):
        """``points / times`` as a float, or None when ``times`` is 0."""
        return points / times if times else None

    def hand_avg(self):
        return self.per(self.hand_points, self.hands)

    def crib_avg(self):
        return self.per(self.crib_points, self.cribs)

    def peg_avg(self):
        return self.per(self.pegging, self.deals)

    def coach_avg(self):
        """(discards, plays): the points they gave up a deal, or None before any."""
        n = 100 * self.coached
        if not n:
            return None, None
        return self.coach_lost / n, self.coach_played / n

    def recent_avg(self):
        """(games, discards, plays) over the last games coached (at most
        10): points a deal as ``coach_avg``; (0, None, None) before any."""
        deals = lost = played = 0
        for d, x, y in self.recent:
            deals += d
            lost += x
            played += y
        if not deals:
            return 0, None, None
        return len(self.recent), lost / (100 * deals), played / (100 * deals)

    def counted(self, k):
        return (self.last_seed, self.last_moves) == k

    def mark(self, k):
        self.last_seed, self.last_moves = k

    # ---- adding a game ----
    def feed(self, e):
        """One engine event of a game, in order."""
        kind = e[0]
        if kind == "score":
            seat, points, reason = e[1], e[2], e[4]
            if seat == 0:
                if reason == "peg" or reason == "go":
                    self.pegging += points
                elif reason == "hand":
                    self.hand_points += points
                elif reason == "crib":
                    self.crib_points += points
                elif reason == "heels":
                    self.heels += points
                elif reason == "muggins":
                    self.muggins_won += points
            elif reason == "muggins":
                self.muggins_lost += points
        elif kind == "deal":
            self.deals += 1
            self._dealt = ()
            self._kept = []
            self._starter = None
        elif kind == "hand" and e[1] == 0:
            self._dealt = e[2]
        elif kind == "crib" and e[1] == 0:
            self._kept = [c for c in self._dealt if c != e[2] and c != e[3]]
        elif kind == "starter":
            self._starter = e[1]
        elif kind == "show" and e[1] == 0:
            if e[2] == "crib":
                self.cribs += 1
                return
            self.hands += 1
            if (e[3] > self.best or not self.best_cards) and 3 <= len(self._kept) <= 4:
                self.best = e[3]
                self.best_cards = self._kept + [self._starter]
        elif kind == "end":
            self.games += 1
            skunk = e[4]
            if e[1] == 2:  # a tie (V6)
                self.ties += 1
            elif e[1] == 0:
                self.wins += 1
                if skunk:
                    self.skunks_given += 1
                    if skunk == "double-skunk":
                        self.doubles_given += 1
            elif skunk:
                self.skunks_taken += 1
                if skunk == "double-skunk":
                    self.doubles_taken += 1

    def add_match(self, won):
        self.matches += 1
        if won:
            self.match_wins += 1

    def add_coach(self, deals, lost, played=0):
        """A game's decisions as the coach weighed them: in ``deals`` deals
        your discards gave up ``lost`` and your plays ``played`` hundredths of
        a point against the best."""
        if deals <= 0:
            return
        deals = min(deals, 255)
        self.coached += deals
        self.coach_lost += lost
        self.coach_played += played
        self.recent.insert(0, [deals, lost, played])
        del self.recent[_RECENT:]

    # ---- the record ----
    def payload(self):
        """The record's payload (version 3), made by ``firmware.store.stats_record``
        (loaded for it and forgotten after, as for ``check``)."""
        return _record(self, None, 0)

    def check(self, payload, version=VERSION):
        """Take the figures from a payload and return None, or fresh figures
        and the reason they were refused (a phrase): ``firmware.store.stats_record``
        reads it, loaded only while a record is read or written (its code is
        heap the play screen needs at a game's end)."""
        return _record(self, payload, version)

    def load(self):
        """Read the stored figures; fresh ones when there are none or they are
        damaged or impossible (then the .old copy is used when it is good).
        Returns ``problem``: a sentence, or None when all is well."""
        self.clear()
        self.problem = None
        if self.store is None:
            return None
        try:
            payload, version, problem = self.store.load(self.check)
        except MemoryError:
            raise  # not a verdict on the record: fresh figures saved over it would lose it
        except Exception as e:  # storage that cannot even be read
            self.problem = "Statistics could not be read (%s); starting afresh." % e
            return self.problem
        if problem:
            self.problem = "Statistics: " + problem + "."
        return self.problem

    def save(self):
        """Store the figures; False (and ``problem`` set) when storage failed."""
        if self.store is None:
            return True
        try:
            self.store.save(self.payload())
            return True
        except OSError as e:
            self.problem = "Statistics not saved: %s" % e
            return False


def count_steps(storage, match, match_over, match_won, coach, replay):
    """``match``'s finished game counted once in its kind's statistics in
    ``storage`` (``key`` kept), its events from ``replay(game, on_event)``
    (a generator of a few decisions a step: firmware.play.game_over's), the
    match too when ``match_over`` (``match_won``: who won it) and the
    coach's figures (``coach``: deals, lost, played; or None); a generator
    of frame-sized steps that returns the statistics' problem, or None."""
    game = match.game
    # each kind of game apart: six-card to a target, five-card (V5), fixed deals (V6)
    stats = Stats(storage, "statsd" if game.deals else "stats5" if game.five else NAME)
    k = key(game)
    problem = stats.load()  # short of memory, the statistics are left as they are
    yield
    if not stats.counted(k):
        yield from replay(game, stats.feed)
        yield  # the save in a frame of its own (a littlefs write: up to 60 ms)
        if match_over and match.games > 1:
            stats.add_match(match_won)
        if coach is not None:
            stats.add_coach(coach[0], coach[1], coach[2])
        stats.mark(k)
        if not stats.save():
            problem = stats.problem
        yield
    return problem
