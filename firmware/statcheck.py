"""What cannot all be true of the statistics (``firmware.stats``): checked
when a record is read, so an impossible one is refused (issue 11.5) instead
of shown ("Lost -996", a 25000% win rate, a best hand its cards do not
score, a coach's figure past what the deals could give up). Loaded only
while a record is read, then forgotten: its code is heap
the play screen needs. Imports ``engine.score`` and ``firmware.stats``
(its ``COUNTERS``).
"""

from engine.score import show_score

# (a, b, m): COUNTERS[a] can be at most m times COUNTERS[b] (firmware.stats
# order): wins and skunks within games, matches within games, games, hands
# and cribs within deals, points within what a hand, crib or deal can give
_BOUNDS = bytes(
    (1, 0, 1, 2, 1, 1, 3, 2, 1, 5, 4, 1, 6, 0, 1, 7, 6, 1, 7, 1, 1, 0, 8, 1, 11, 8, 1)
    + (13, 8, 1, 12, 11, 29, 14, 13, 29, 10, 8, 2, 9, 8, 61, 15, 8, 58, 16, 8, 58)
)


# hundredths of a point a deal can give up: past any hand and crib (discards),
# past four plays each a game's swing (engine.pegging's _WIN, 60 points)
_MOST_LOST = 6000
_MOST_PLAYED = 50000


def _coach(stats):
    # the coach's figures (record version 3): within your deals and games,
    # the recent games filled from the newest, within the totals
    if stats.coached > stats.deals:
        return "impossible figures (coached > deals)"
    if stats.coach_lost > _MOST_LOST * stats.coached:
        return "impossible figures (coach_lost > %d x coached)" % _MOST_LOST
    if stats.coach_played > _MOST_PLAYED * stats.coached:
        return "impossible figures (coach_played > %d x coached)" % _MOST_PLAYED
    deals = lost = played = games = 0
    empty = False
    for d, x, y in stats.recent:
        if not d:
            if x or y:
                return "impossible figures (a recent game gave up points without deals)"
            empty = True
            continue
        if empty:
            return "impossible figures (a gap among the recent games)"
        if x > _MOST_LOST * d or y > _MOST_PLAYED * d:
            return "impossible figures (a recent game gave up more than its deals hold)"
        games += 1
        deals += d
        lost += x
        played += y
    if (
        games > stats.games
        or deals > stats.coached
        or lost > stats.coach_lost
        or played > stats.coach_played
    ):
        return "impossible figures (the recent games > the totals)"
    return None


def impossible(stats):
    """Why the figures of ``stats`` (a ``firmware.stats.Stats``) cannot all be
    true, as a phrase; None when they can."""
    from firmware.stats import COUNTERS

    for i in range(0, len(_BOUNDS), 3):
        a, b, m = _BOUNDS[i], _BOUNDS[i + 1], _BOUNDS[i + 2]
        if getattr(stats, COUNTERS[a]) > m * getattr(stats, COUNTERS[b]):
            times = "" if m == 1 else "%d x " % m
            return "impossible figures (%s > %s%s)" % (COUNTERS[a], times, COUNTERS[b])
    if stats.ties > stats.games - stats.wins:
        return "impossible figures (ties > games - wins)"
    if stats.skunks_taken > stats.losses:
        return "impossible figures (skunks_taken > losses)"
    why = _coach(stats)
    if why:
        return why
    cards = stats.best_cards
    if not cards:
        return "a best hand without its cards" if stats.best else None
    n = len(cards)  # four kept and the starter; three and the starter in five-card
    for i in range(n):
        if cards[i] in cards[i + 1 :]:
            return "its best hand holds a card twice"
    if not stats.hands or show_score(cards[: n - 1], cards[n - 1]) != stats.best:
        return "its best hand does not score %d" % stats.best
    return None
