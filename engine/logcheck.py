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
Imports engine.cards, engine.game, engine.gamelog, engine.logread.
"""

from engine.cards import text as card_text
from engine.game import Game, IllegalMove
from engine.gamelog import RNG, SEATS, line
from engine.logread import (  # noqa: F401  MAX_LINE: part of this module's API
    MAX_LINE,
    LogError,
    Lines,
    clip,
    event,
    file_lines,
    settings_of,
    text_lines,
)


def _blocks(lines, settings):
    """The events of one game from ``Lines`` past its first line: a list of
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
        e = event(words, n, size)
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


def _replay_game(settings, lines, watch=None):
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
        _replay_deal(game, deal, made, watch)
        last = deal[-1][0]
        deal = after
    if made and game.winner is not None:
        raise LogError(
            "line %d: the log stops before the game's end: next is %r" % (last, line(made[0]))
        )
    return game


def _replay_deal(game, deal, made, watch):
    for n, e in deal:
        kind = e[0]
        if watch is not None:
            watch(game, n, e)
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
            why = str(err)
            if game.phase == "play" and game.to_act() != e[1] and game.to_act() >= 0:
                why = "%s, not %s" % (_awaited(game), clip(line(e)))  # the other is to act
            raise LogError("line %d: %s" % (n, why))
        made.extend(game.take_events())
        if not made:
            raise LogError("line %d: %s, not %s" % (n, _awaited(game), clip(line(e))))
        if kind == "hand" and len(made) > 1 and made[0][0] == "hand" and made[1] == e:
            made[0], made[1] = made[1], made[0]  # the two hands in either order
        want = made.pop(0)
        if want != e:
            raise LogError("line %d: the log says %r; the rules give %r" % (n, line(e), line(want)))


def _awaited(game):
    # what the game waits for when a line comes that it cannot take
    if game.winner is not None:
        return "the game is over"
    seat = game.to_act()
    if seat < 0:
        return "the game waits for nothing here"
    who = SEATS[seat]
    phase = game.phase
    if phase == "discard":
        return "%s has not laid away (a 'crib %s' line)" % (who, who)
    if phase == "count":
        return "%s has not claimed (a 'claim %s' line, muggins)" % (who, who)
    for c in game.hands[seat]:
        if game.can_play(seat, c):
            return "%s has not played (a 'play %s' line)" % (who, who)
    return "%s has not said go (no card of %s's fits under 31)" % (who, who)


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
    return settings_of(words, n)


def replay_lines(lines, watch=None):
    """Check every game of ``lines`` (``(number, text)`` pairs, e.g. from
    ``file_lines`` or ``text_lines``); yields each replayed Game (its
    ``winner`` is None for a game still in progress). LogError on the first
    bad line; LogError too when there is no game at all. ``watch(game, n,
    event)``, when given, is called with each line's event of a deal before
    the game takes it (engine.review weighs the decisions there)."""
    lines = Lines(lines)
    settings = _first(lines)
    if settings is None:
        raise LogError("empty log: no 'game 1 ...' line (only blank lines or comments)")
    while settings is not None:
        yield _replay_game(settings, lines, watch)
        settings = _first(lines)


def replay_file(f, watch=None):
    """``replay_lines`` over a file opened in binary mode, a line at a time."""
    return replay_lines(file_lines(f), watch)


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
    lines = Lines(text_lines(text_))
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
