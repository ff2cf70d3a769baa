"""Reading game logs (docs/gamelog.md, version 1) back and checking them.

``replay(text)`` deals the logged cards into a fresh ``Game``, feeds it the
logged decisions and checks that every other line (counts, scores, shows,
the end) is exactly what the rules give; it returns the game or raises
``LogError`` naming the line. ``replay_file(f)`` does the same for every
game of a file opened in binary mode, reading it a line at a time, so a log
of any length is checked in constant memory (MicroPython too). ``parse(text)``
turns one log into ``(settings, events)``; ``split(text)`` separates the
games of a text holding several. Writing logs is ``engine.gamelog``.

One grammar on every interpreter: a line is printable ASCII (spaces and
tabs between words) ending in LF or CR LF, at most ``MAX_LINE`` characters
unless it is a comment;
anything else (a byte over 127, a lone CR, a control character) is refused
with its line number. An error never quotes more than ``ECHO`` characters of
the input.

The first line: bare words are rule settings (``open``, ``muggins``,
``five``; any other refuses the log), ``target=`` and ``deals=`` are rule
settings (one of them, not both), every
other ``key=value`` is the writer's note and is ignored, except that a
``seed=`` is checked against the deals when ``rng=`` names the dealing of
this engine (``gamelog.RNG``). Every deal must hold 13 different cards; the
two ``hand`` lines and the two ``crib`` lines may come in either order; ``cut``
lines come before the first deal. A five-card game (V5) has five cards in a
``hand`` line and its ``score P 3 3 start`` line right after the first
``deal``; a game of fixed deals (V6) ends with ``end A|B|tie`` after deal N.
Imports engine.cards, engine.game, engine.gamelog.
"""

from engine.cards import parse as parse_card
from engine.cards import text as card_text
from engine.game import MAX_DEALS, TIE, Game, IllegalMove
from engine.gamelog import RNG, SEATS, VERSION, line

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


class _Lines:
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


def _event(words, n, size):
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


def _settings(words, n):
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
    for w in words[2:]:
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


def _blocks(lines, settings):
    """The events of one game from ``_Lines`` past its first line: a list of
    ``(n, event)`` before the first deal, then one list per deal. Stops
    before the next game's first line."""
    size = 5 if settings["five"] else 6
    block = []
    while True:
        got = lines.next()
        if got is None:
            break
        n, words = got
        if words[0] == "game":
            lines.back(got)
            break
        e = _event(words, n, size)
        if e[0] == "deal":
            yield block
            block = []
        block.append((n, e))
    yield block


def _deal_cards(block):
    """``(hand0, hand1, starter)`` logged in one deal's block (None for what
    is not there); LogError when the deal is impossible."""
    hands = [None, None]
    starter = None
    seen = []
    for n, e in block:
        kind = e[0]
        if kind == "hand":
            if hands[e[1]] is not None:
                raise LogError("line %d: a second hand for %s in one deal" % (n, SEATS[e[1]]))
            hands[e[1]] = e[2]
            cards = e[2]
        elif kind == "starter":
            if hands[0] is None or hands[1] is None:
                raise LogError("line %d: starter before both hands" % n)
            if starter is not None:
                raise LogError("line %d: a second starter in one deal" % n)
            starter = e[1]
            cards = (e[1],)
        elif kind == "cut":
            raise LogError("line %d: a cut line after the first deal (cuts come first)" % n)
        else:
            continue
        for c in cards:
            if c in seen:
                raise LogError("line %d: impossible deal: %s is dealt twice" % (n, card_text(c)))
            seen.append(c)
    return hands[0], hands[1], starter


def _check_cuts(cuts, first_dealer):
    for n, e in cuts:
        if e[0] != "cut":
            raise LogError("line %d: %s before the first deal" % (n, clip(line(e))))
    if cuts:
        n, (kind, a, b) = cuts[-1]
        if a == b:
            raise LogError("line %d: both cut the same card" % n)
        if a >> 2 == b >> 2 or (0 if a >> 2 < b >> 2 else 1) != first_dealer:
            raise LogError("line %d: the lower cut deals first (R2)" % n)


def seeded_deals(seed, first_dealer=None, variant="six"):
    """The deals ``Game(seed, first_dealer=..., variant=...)`` makes, whatever
    is played (its generator does nothing but cut and deal): yields one
    ``(cuts, dealer, hand0, hand1, starter)`` per deal, ``cuts`` the list of
    ``("cut", a, b)`` events of the first deal (empty after it). For checking
    a log that names this dealing (``rng=`` in engine.gamelog) against its
    seed; constant memory. (Here, not in engine.game, which the device holds
    through a whole game: only a log's reader needs it.)"""
    g = Game(seed, None, first_dealer, variant=variant)
    g.start()
    while True:
        cuts = [e for e in g.events if e[0] == "cut"]
        g.events = []
        g._turn_starter()
        yield cuts, g.dealer, g.dealt[0], g.dealt[1], g.starter
        g.events = []
        g.dealer = 1 - g.dealer
        g._deal()


def _check_seed(settings, shadow, block, cuts, hands):
    # the deal of ``block`` against the one seed= and rng= give
    got_cuts, dealer, h0, h1, starter = next(shadow)
    n = block[0][0]
    if cuts is not None and [c[1] for c in cuts] != got_cuts:
        n = cuts[-1][0] if cuts else n
        raise LogError(
            "line %d: the cut is not what seed=%d gives (rng=%s)" % (n, settings["seed"], RNG)
        )
    for seat, want in ((0, h0), (1, h1)):
        if hands[seat] is not None and tuple(hands[seat]) != tuple(want):
            raise LogError(
                "line %d: the deal is not what seed=%d gives (rng=%s): %s"
                % (n, settings["seed"], RNG, line(("hand", seat, want)))
            )
    if hands[2] is not None and hands[2] != starter:
        raise LogError(
            "line %d: the starter is not what seed=%d gives (rng=%s)" % (n, settings["seed"], RNG)
        )


def _replay_game(settings, lines):
    blocks = _blocks(lines, settings)
    cuts = _next(blocks)
    deal = _next(blocks)
    if deal is None:
        raise LogError("line %d: the game has no deal line" % settings["line"])
    first_dealer = deal[0][1][1]
    _check_cuts(cuts, first_dealer)
    shadow = None
    variant = "five" if settings["five"] else "six"
    if settings["rng"] == RNG:
        shadow = seeded_deals(settings["seed"], None if cuts else first_dealer, variant)
    cards = _deal_cards(deal)
    if shadow is not None:
        _check_seed(settings, shadow, deal, cuts, cards)
    game = Game(
        settings["seed"] if shadow is not None else 0,
        settings["target"],
        first_dealer,
        settings["open"],
        settings["muggins"],
        (),
        variant,
        settings["deals"],
    )
    game.rigged = [] if cards[1] is None else [cards]
    game.start()
    made = game.take_events()
    counters = []
    while deal is not None:
        after = _next(blocks)
        if after is not None:  # the next deal is dealt as this one ends
            nxt = _deal_cards(after)
            if shadow is not None:
                _check_seed(settings, shadow, after, None, nxt)
            if nxt[1] is not None:
                game.rigged.append(nxt)
        for n, e in deal:
            if e[0] == "claim" and e[1] not in counters:
                if not settings["muggins"]:
                    raise LogError("line %d: a claim, but the first line does not say muggins" % n)
                counters.append(e[1])
                game.counters = tuple(counters)
        _replay_deal(game, deal, made)
        last = deal[-1][0]
        deal = after
    if made and game.winner is not None:
        raise LogError(
            "line %d: the log stops before the game's end: next is %r" % (last, line(made[0]))
        )
    return game


def _replay_deal(game, deal, made):
    for n, e in deal:
        kind = e[0]
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
        if kind == "hand" and len(made) > 1 and made[0] != e and made[1] == e:
            made[0], made[1] = made[1], made[0]  # the two hands in either order
        want = made.pop(0)
        if want != e:
            raise LogError("line %d: the log says %r; the rules give %r" % (n, line(e), line(want)))


def _next(it):
    # next(it, None): MicroPython's next() may not take a default
    try:
        return next(it)
    except StopIteration:
        return None


def _first(lines):
    got = lines.next()
    if got is None:
        return None
    n, words = got
    return _settings(words, n)


def replay_lines(lines):
    """Check every game of ``lines`` (``(number, text)`` pairs, e.g. from
    ``file_lines`` or ``text_lines``); yields each replayed Game (its
    ``winner`` is None for a game still in progress). LogError on the first
    bad line; LogError too when there is no game at all."""
    lines = _Lines(lines)
    settings = _first(lines)
    if settings is None:
        raise LogError("empty log: no 'game 1 ...' line (only blank lines or comments)")
    while settings is not None:
        yield _replay_game(settings, lines)
        settings = _first(lines)


def replay_file(f):
    """``replay_lines`` over a file opened in binary mode, a line at a time."""
    return replay_lines(file_lines(f))


def replay(text_):
    """Check one whole log against the rules by playing it again; returns the
    replayed Game (its ``winner`` is None for a game still in progress)."""
    games = replay_lines(text_lines(text_))
    game = _next(games)
    for _ in games:
        raise LogError("the text holds more than one game (split it first)")
    return game


def parse(text_):
    """``(settings, events)`` from one log's text, ``events`` a list of
    ``(line_number, event)``; LogError on the first bad line."""
    lines = _Lines(text_lines(text_))
    settings = _first(lines)
    if settings is None:
        raise LogError("empty log: no 'game 1 ...' line (only blank lines or comments)")
    events = []
    for block in _blocks(lines, settings):
        events.extend(block)
    return settings, events


def split(text_):
    """The games of a text holding several logs one after another, as texts."""
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
