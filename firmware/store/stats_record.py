"""Reading and writing a statistics record (``firmware.store.stats``: ``check``
takes a payload's figures by version, ``payload`` makes one) and what
cannot all be true of the figures, checked when a record is read, so an
impossible one is refused instead of shown ("Lost -996", a
25000% win rate, a best hand its cards do not score, a coach's figure past
what the deals could give up). Loaded only while a record is read or
written, then forgotten: its code is heap the play screen needs at a
game's end. It is given the ``firmware.store.stats.Stats`` to fill or write and
reads the counters' names off it (``COUNTERS``). Imports ``engine.score``.
"""

from engine.score import show_score

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  CPython has no const()

# the record's layout: a 4-byte figure per counter (``Stats.COUNTERS``, in
# that order), the best hand's 5 cards, then version 2's ties and version 3's
# coach figures with room for the newest _ROOM recent games
_N = const(20)  # counters
_SIZE = const(85)  # 4 * _N + 5: version 1; version 2 adds 4 bytes of ties
_GAME = const(9)  # a recent game's bytes: deals 1, lost 4, played 4
_ROOM = const(10)  # recent games the record has room for
_COACH = const(102)  # 12 + _GAME * _ROOM: what version 3 adds after the ties


def _put(out, i, v):
    v &= 0xFFFFFFFF
    out[i] = v >> 24
    out[i + 1] = (v >> 16) & 255
    out[i + 2] = (v >> 8) & 255
    out[i + 3] = v & 255


def _get(p, i):
    return p[i] << 24 | p[i + 1] << 16 | p[i + 2] << 8 | p[i + 3]


# (a, b, m): counter a can be at most m times counter b (``Stats.COUNTERS``
# order): wins and skunks within games, matches within games, games, hands
# and cribs within deals, points within what a hand, crib or deal can give
# (constants of the code, as const()s: a global would be a name interned for good)
_BOUNDS = const(
    (1, 0, 1, 2, 1, 1, 3, 2, 1, 5, 4, 1, 6, 0, 1, 7, 6, 1, 7, 1, 1, 0, 8, 1, 11, 8, 1,
     13, 8, 1, 12, 11, 29, 14, 13, 29, 10, 8, 2, 9, 8, 61, 15, 8, 58, 16, 8, 58)
)  # fmt: skip


# hundredths of a point a deal can give up: past any hand and crib (discards),
# past four plays each a game's swing (engine.pegging's _WIN, 60 points)
_MOST_LOST = const(6000)
_MOST_PLAYED = const(50000)
_TIMES = const("%d x ")  # under 11 characters: as a literal, a name


def coach(stats):
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


def _kind(stats):
    # what the kind of game cannot give (firmware.store.stats's names): a tie only
    # in fixed deals (V6), which have no skunks (R15); no double skunk to 61
    # (five-card is played to 61 only, V5)
    name = stats.name
    if name == "statsd":
        if stats.skunks_given or stats.skunks_taken or stats.doubles_given or stats.doubles_taken:
            return "impossible figures (skunks in games of fixed deals)"
        return None
    if stats.ties:
        return "impossible figures (ties in games to a target, which cannot tie)"
    if name == "stats5" and (stats.doubles_given or stats.doubles_taken):
        return "impossible figures (double skunks in five-card games to 61)"
    return None


def impossible(stats):
    """Why the figures of ``stats`` (a ``firmware.store.stats.Stats``) cannot all be
    true, as a phrase; None when they can."""
    for i in range(0, len(_BOUNDS), 3):
        a, b, m = _BOUNDS[i], _BOUNDS[i + 1], _BOUNDS[i + 2]
        a, b = stats.COUNTERS[a], stats.COUNTERS[b]
        if getattr(stats, a) > m * getattr(stats, b):
            times = "" if m == 1 else _TIMES % m
            return "impossible figures (%s > %s%s)" % (a, times, b)
    if stats.ties > stats.games - stats.wins:
        return "impossible figures (ties > games - wins)"
    if stats.skunks_taken > stats.losses:
        return "impossible figures (skunks_taken > losses)"
    why = _kind(stats)
    if why:
        return why
    why = coach(stats)
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


def check(stats, payload, version):
    """``firmware.store.stats.Stats.check``: the figures of a record's ``payload``
    (record ``version``: 1 and 2 still read) taken into ``stats``; None, or
    the reason they were refused (a phrase) with ``stats`` cleared."""
    if not 0 < version < 4:
        stats.clear()
        return "it is version %d, which this firmware does not read" % version
    size = (0, _SIZE, _SIZE + 4, _SIZE + 4 + _COACH)[version]  # payload bytes by version
    if len(payload) != size:
        stats.clear()
        return "it is the wrong size (%d bytes, not %d)" % (len(payload), size)
    cards = [c for c in payload[4 * _N : _SIZE] if c < 52]
    if len(cards) not in (0, 4 if stats.name == "stats5" else 5):
        stats.clear()
        return "its best hand is not the cards of a hand"
    for i in range(_N):
        setattr(stats, stats.COUNTERS[i], _get(payload, 4 * i))
    stats.ties = _get(payload, _SIZE) if version >= 2 else 0
    stats.coached = stats.coach_lost = stats.coach_played = 0
    stats.recent = []
    if version >= 3:  # the coach's figures; empty in an older record
        o = _SIZE + 4
        stats.coached = _get(payload, o)
        stats.coach_lost = _get(payload, o + 4)
        stats.coach_played = _get(payload, o + 8)
        for o in range(o + 12, size, _GAME):
            stats.recent.append([payload[o], _get(payload, o + 1), _get(payload, o + 5)])
    stats.best_cards = cards

    why = impossible(stats)
    if why:
        stats.clear()
    while stats.recent and not stats.recent[-1][0]:
        stats.recent.pop()  # the slots no game has filled yet
    return why


def payload(stats):
    """``firmware.store.stats.Stats.payload``: the record's payload (version 3)
    of the figures of ``stats``."""
    out = bytearray(_SIZE + 4 + _COACH)  # version 3's
    for i in range(_N):
        _put(out, 4 * i, getattr(stats, stats.COUNTERS[i]))
    for i in range(5):
        out[4 * _N + i] = stats.best_cards[i] if i < len(stats.best_cards) else 255
    _put(out, _SIZE, stats.ties)
    o = _SIZE + 4
    _put(out, o, stats.coached)
    _put(out, o + 4, stats.coach_lost)
    _put(out, o + 8, stats.coach_played)
    o += 12
    for deals, lost, played in stats.recent[:_ROOM]:
        out[o] = deals
        _put(out, o + 1, lost)
        _put(out, o + 5, played)
        o += _GAME
    return bytes(out)
