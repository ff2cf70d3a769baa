"""Reading game logs (docs/gamelog.md, version 1) back and checking them.

``parse(text)`` turns a log into ``(settings, events)`` with the same event
tuples the game emits. ``replay(text)`` deals the logged cards into a fresh
``Game``, feeds it the logged decisions and checks that every other line
(counts, scores, shows, the end) is exactly what the rules give; it returns
the game or raises ``LogError`` naming the line. ``split(text)`` separates
the games of a file holding several. Writing logs is ``engine.gamelog``.
Imports engine.cards, engine.game, engine.gamelog.
"""

from engine.cards import parse as parse_card
from engine.game import Game, IllegalMove
from engine.gamelog import SEATS, VERSION, line


class LogError(ValueError):
    """A log line that is malformed or disagrees with the rules."""


# -- reading --------------------------------------------------------------------

_REASONS = ("heels", "peg", "go", "hand", "crib", "muggins")
_SKUNKS = ("", "skunk", "double-skunk")


def _seat(word, n):
    if word not in ("A", "B"):
        raise LogError("line %d: player must be A or B, not %r" % (n, word))
    return SEATS.index(word)


def _card(word, n):
    try:
        return parse_card(word)
    except ValueError as e:
        raise LogError("line %d: %s" % (n, e))


def _int(word, n, lo, hi):
    try:
        value = int(word)
    except ValueError:
        raise LogError("line %d: %r is not a number" % (n, word))
    if not lo <= value <= hi:
        raise LogError("line %d: %d is out of range %d..%d" % (n, value, lo, hi))
    return value


def _event(words, n):
    kind = words[0]
    k = len(words)
    if kind == "play" and k == 4:
        return ("play", _seat(words[1], n), _card(words[2], n), _int(words[3], n, 1, 31))
    if kind == "score" and k == 5:
        if words[4] not in _REASONS:
            raise LogError("line %d: unknown reason %r" % (n, words[4]))
        return (
            "score",
            _seat(words[1], n),
            _int(words[2], n, 1, 29),
            _int(words[3], n, 1, 200),
            words[4],
        )
    if kind == "hand" and k == 8:
        return ("hand", _seat(words[1], n), tuple([_card(w, n) for w in words[2:]]))
    if kind == "crib" and k == 4:
        return ("crib", _seat(words[1], n), _card(words[2], n), _card(words[3], n))
    if (kind == "show" or kind == "claim") and k == 4 and words[2] in ("hand", "crib"):
        return (kind, _seat(words[1], n), words[2], _int(words[3], n, 0, 29))
    if kind == "starter" and k == 2:
        return ("starter", _card(words[1], n))
    if (kind == "deal" or kind == "go") and k == 2:
        return (kind, _seat(words[1], n))
    if kind == "reset" and k == 1:
        return ("reset",)
    if kind == "cut" and k == 5 and words[1] == "A" and words[3] == "B":
        return ("cut", _card(words[2], n), _card(words[4], n))
    if kind == "end" and k in (4, 5):
        skunk = words[4] if k == 5 else ""
        if skunk not in _SKUNKS:
            raise LogError("line %d: unknown result %r" % (n, skunk))
        return (
            "end",
            _seat(words[1], n),
            _int(words[2], n, 0, 200),
            _int(words[3], n, 0, 200),
            skunk,
        )
    raise LogError("line %d: not a log line: %r" % (n, " ".join(words)))


def parse(text_):
    """``(settings, events)`` from a log's text, where ``events`` is a list of
    ``(line_number, event)``; LogError on the first bad line."""
    settings = None
    events = []
    n = 0
    for raw in text_.split("\n"):
        n += 1
        s = raw.strip()
        if not s or s[0] == "#":
            continue
        words = s.split()
        if settings is None:
            settings = _settings(words, n)
            continue
        events.append((n, _event(words, n)))
    if settings is None:
        raise LogError("empty log: no 'game 1 ...' line")
    return settings, events


def _settings(words, n):
    if words[0] != "game" or len(words) < 2:
        raise LogError("line %d: a log starts with 'game 1 target=...'" % n)
    if words[1] != str(VERSION):
        raise LogError(
            "line %d: log format version %s; this reads version %d" % (n, words[1], VERSION)
        )
    settings = {"target": 121, "open": False, "muggins": False}
    for w in words[2:]:
        if w == "open" or w == "muggins":
            settings[w] = True
        elif "=" in w:
            key, value = w.split("=", 1)
            settings[key] = value
    try:
        settings["target"] = int(settings["target"])
    except ValueError:
        raise LogError("line %d: target must be a number" % n)
    if settings["target"] not in (121, 61):
        raise LogError("line %d: target must be 121 or 61" % n)
    return settings


# -- replaying ------------------------------------------------------------------


def replay(text_):
    """Check a whole log against the rules by playing it again; returns the
    replayed Game (its ``winner`` is None for a game still in progress)."""
    settings, events = parse(text_)
    rigged = []
    dealt = [None, None]
    first_dealer = None
    cuts = []
    counters = []
    for n, e in events:
        if e[0] == "claim" and e[1] not in counters:
            counters.append(e[1])
        if e[0] == "deal" and first_dealer is None:
            first_dealer = e[1]
        elif e[0] == "hand":
            dealt[e[1]] = e[2]
        elif e[0] == "starter":
            if dealt[0] is None or dealt[1] is None:
                raise LogError("line %d: starter before both hands" % n)
            rigged.append((dealt[0], dealt[1], e[1]))
            dealt = [None, None]
        elif e[0] == "cut":
            cuts.append((n, e))
    if first_dealer is None:
        raise LogError("the log has no deal")
    if cuts:
        n, (kind, a, b) = cuts[-1]
        if a >> 2 == b >> 2 or (0 if a >> 2 < b >> 2 else 1) != first_dealer:
            raise LogError("line %d: the lower cut deals first (R2)" % n)
    if dealt[0] is not None and dealt[1] is not None:
        rigged.append((dealt[0], dealt[1], None))  # a deal still in its discard
    if counters and not settings["muggins"]:
        raise LogError("the log has claims but its first line does not say muggins")
    game = Game(
        0, settings["target"], first_dealer, settings["open"], settings["muggins"], tuple(counters)
    )
    game.rigged = rigged
    game.start()
    made = game.take_events()
    for n, e in events:
        kind = e[0]
        if kind == "cut":
            continue
        try:
            if kind == "crib":
                if game.discards[1 - e[1]] and game.rigged and game.rigged[0][2] is None:
                    raise LogError("line %d: the deal has no starter line" % n)
                game.discard(e[1], e[2], e[3])
            elif kind == "play":
                game.play(e[1], e[2])
            elif kind == "go":
                game.go(e[1])
            elif kind == "claim":
                game.claim(e[1], e[3])
        except IllegalMove as err:
            raise LogError("line %d: %s" % (n, err))
        made.extend(game.take_events())
        if not made:
            raise LogError("line %d: the game was already over or waiting: %s" % (n, line(e)))
        want = made.pop(0)
        if want != e:
            raise LogError("line %d: the log says %r; the rules give %r" % (n, line(e), line(want)))
    if made and game.winner is not None:
        raise LogError("the log stops before the game's end: next is %r" % line(made[0]))
    return game


def split(text_):
    """The games of a file holding several logs one after another, as texts."""
    games = []
    current = []
    for raw in text_.split("\n"):
        if raw.startswith("game ") and current:
            games.append("\n".join(current))
            current = []
        current.append(raw)
    if any([s.strip() and not s.startswith("#") for s in current]):
        games.append("\n".join(current))
    return games
