"""Reading a game log's lines and words (docs/gamelog.md, version 1): the one
grammar every interpreter reads, and each line turned into an event.

A line is printable ASCII (spaces and tabs between words) ending in LF or
CR LF, at most ``MAX_LINE`` characters unless it is a comment; anything else
(a byte over 127, a lone CR, a control character) is refused with its line
number. An error never quotes more than ``ECHO`` characters of the input.
``file_lines(f)`` reads a file opened in binary mode a line at a time (constant
memory), ``text_lines(text)`` a text; ``Lines`` skips blanks and comments with
one line of push-back; ``settings_of(words, n)`` reads a game's first line
and ``event(words, n, size)`` any other. Checking a log against the rules is
``engine.logcheck``'s.
Imports engine.cards, engine.game, engine.gamelog.
"""

from engine.cards import parse as parse_card
from engine.game import MAX_DEALS, TIE
from engine.gamelog import RNG, SEATS, VERSION

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  CPython has no const()

MAX_LINE = const(200)  # characters of one line, its ending not counted
ECHO = const(60)  # characters of the input an error quotes at most


class LogError(ValueError):
    """A log line that is malformed or disagrees with the rules."""


def clip(s):
    """``s`` quoted for a message, cut to ``ECHO`` characters."""
    if len(s) > ECHO:
        return repr(s[:ECHO]) + "..."
    return repr(s)


# -- lines ----------------------------------------------------------------------


_CR = "line %d: a carriage return inside the line (lines end in LF or CR LF, not CR)"


def _ascii(raw, n):
    # raw: bytes of one line without its ending; the text, or LogError
    for i in range(len(raw)):
        b = raw[i]
        if b < 32 or b > 126:
            if b == 9:
                continue
            if b == 13:
                raise LogError(_CR % n)
            if b > 127:
                raise LogError(
                    "line %d: byte 0x%02x at column %d is not ASCII (a log is plain ASCII text)"
                    % (n, b, i + 1)
                )
            raise LogError("line %d: control character 0x%02x at column %d" % (n, b, i + 1))
    return raw.decode()


def _line(raw, n):
    # one line's bytes with or without its ending -> its text, or LogError
    if raw[-1:] == b"\n":
        raw = raw[:-1]
        if raw[-1:] == b"\r":
            raw = raw[:-1]
    if len(raw) > MAX_LINE:
        if raw.find(b"\r") >= 0:
            raise LogError(_CR % n)
        if raw[:1] == b"#":  # a comment may be long: only its characters count
            _ascii(raw, n)
            return "#"
        raise LogError("line %d: longer than %d characters" % (n, MAX_LINE))
    return _ascii(raw, n)


def file_lines(f):
    """``(number, text)`` for each line of a file opened in binary mode, read
    one line at a time (never more than ``MAX_LINE`` + 2 bytes at once; a
    longer comment is read on in pieces of that size)."""
    n = 0
    while True:
        raw = f.readline(MAX_LINE + 2)
        if not raw:
            return
        n += 1
        text_ = _line(raw, n)
        if text_ == "#" and raw[-1:] != b"\n":
            while True:  # the rest of a long comment
                raw = f.readline(MAX_LINE + 2)
                if not raw:
                    break
                _line(b"#" + raw, n)
                if raw[-1:] == b"\n":
                    break
        yield n, text_


def text_lines(text_):
    """``(number, text)`` for each line of a log held as a str (or bytes)."""
    if isinstance(text_, str):
        try:
            text_ = text_.encode()
        except UnicodeError:
            raise LogError("line 1: the log is not plain ASCII text")
    n = 0
    start = 0
    end = len(text_)
    while start < end:
        nl = text_.find(b"\n", start)
        stop = end if nl < 0 else nl + 1
        n += 1
        yield n, _line(text_[start:stop], n)
        start = stop


class Lines:
    """An iterator of ``(number, words)`` over the lines that are not blank
    or comments, with one line of push-back."""

    def __init__(self, lines):
        self._it = iter(lines)
        self._back = None

    def next(self):
        if self._back is not None:
            got = self._back
            self._back = None
            return got
        for n, s in self._it:
            words = s.split()
            if words and words[0][0] != "#":
                return n, words
        return None

    def back(self, got):
        self._back = got


# -- reading --------------------------------------------------------------------

_REASONS = ("heels", "peg", "go", "hand", "crib", "muggins", "start")
_SKUNKS = ("", "skunk", "double-skunk")
_DIGITS = "0123456789"
_SINGLE = (
    "target",
    "deals",
    "seed",
    "rng",
)  # key=value words a first line holds at most one of each


def _seat(word, n):
    if word not in ("A", "B"):
        raise LogError("line %d: player must be A or B, not %s" % (n, clip(word)))
    return SEATS.index(word)


def _card(word, n):
    try:
        return parse_card(word)
    except ValueError:
        raise LogError("line %d: not a card: %s (rank A23456789TJQK + suit CDHS)" % (n, clip(word)))


def _number(word):
    # a whole number in ASCII digits, or None (no sign, no '_', no other digits)
    if not word or len(word) > 9:
        return None
    for ch in word:
        if ch not in _DIGITS:
            return None
    return int(word)


def _int(word, n, lo, hi):
    value = _number(word)
    if value is None:
        raise LogError("line %d: %s is not a number" % (n, clip(word)))
    if not lo <= value <= hi:
        raise LogError("line %d: %d is out of range %d..%d" % (n, value, lo, hi))
    return value


def event(words, n, size):
    # size: the cards a hand line holds, 6 or 5 (V5)
    kind = words[0]
    k = len(words)
    if kind == "play" and k == 4:
        return ("play", _seat(words[1], n), _card(words[2], n), _int(words[3], n, 1, 31))
    if kind == "score" and k == 5:
        if words[4] not in _REASONS:
            raise LogError("line %d: unknown reason %s" % (n, clip(words[4])))
        return (
            "score",
            _seat(words[1], n),
            _int(words[2], n, 1, 29),
            _int(words[3], n, 1, 999),
            words[4],
        )
    if kind == "hand" and k == size + 2:
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
            raise LogError("line %d: unknown result %s" % (n, clip(skunk)))
        return (
            "end",
            TIE if words[1] == "tie" else _seat(words[1], n),
            _int(words[2], n, 0, 999),
            _int(words[3], n, 0, 999),
            skunk,
        )
    if kind == "hand" and k >= 2 and words[1] in ("A", "B"):
        raise LogError(
            "line %d: a hand line holds %d cards in this game (%s)"
            % (n, size, "five-card, V5" if size == 5 else "six-card")
        )
    if kind == "game":
        raise LogError("line %d: a second 'game' line inside one game" % n)
    raise LogError("line %d: not a log line: %s" % (n, clip(" ".join(words))))


def settings_of(words, n):
    if words[0] != "game" or len(words) < 2:
        raise LogError("line %d: a log starts with 'game 1 target=...'" % n)
    if words[1] != str(VERSION):
        raise LogError(
            "line %d: log format version %s; this reads version %d" % (n, clip(words[1]), VERSION)
        )
    settings = {"target": None, "open": False, "muggins": False, "seed": None, "rng": None}
    settings["line"] = n
    settings["five"] = False
    settings["deals"] = 0
    given = []  # the rule settings and seed=, rng= read so far: each once
    for w in words[2:]:
        key = w.split("=", 1)[0]
        if key in given:
            raise LogError("line %d: the first line gives %s twice" % (n, clip(key)))
        if "=" not in w or key in _SINGLE:
            given.append(key)
        if "=" not in w:
            if w == "open" or w == "muggins" or w == "five":
                settings[w] = True
                continue
            raise LogError(
                "line %d: %s is a rule this reader does not know (it knows open, muggins, five)"
                % (n, clip(w))
            )
        key, value = w.split("=", 1)
        if key == "target":
            if value not in ("121", "61"):
                raise LogError("line %d: target must be 121 or 61" % n)
            settings["target"] = int(value)
        elif key == "deals":
            deals = _number(value)
            if deals is None or deals % 2 or not 2 <= deals <= MAX_DEALS:
                raise LogError(
                    "line %d: deals= must be an even number of deals, 2..%d (V6)" % (n, MAX_DEALS)
                )
            settings["deals"] = deals
        elif key == "seed" or key == "rng":
            settings[key] = value
        # any other key=value is the writer's note: ignored
    if settings["deals"] and settings["target"] is not None:
        raise LogError("line %d: a game has target= or deals= (V6), not both" % n)
    if settings["five"] and settings["target"] == 121:
        raise LogError("line %d: five-card cribbage is played to 61 (V5), not target=121" % n)
    if settings["target"] is None and not settings["deals"]:
        settings["target"] = 61 if settings["five"] else 121
    if settings["rng"] == RNG:
        seed = _number(settings["seed"] or "")
        if seed is None:
            raise LogError("line %d: rng=%s needs seed= with a whole number" % (n, RNG))
        settings["seed"] = seed
    return settings
