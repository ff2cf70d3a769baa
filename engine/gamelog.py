"""Game logs in the format of docs/gamelog.md, version 1, written from a game's
events: ``header(game)`` is the first line, ``line(event)`` one log line.
The device loads only this; reading a log back and checking it against the
rules is ``engine.logcheck``. Imports engine.cards.
"""

from engine.cards import text

VERSION = 1
SEATS = "AB"
# The dealing named on the first line as rng=: this engine's xorshift32
# (engine.rng) shuffling and dealing as engine.game does, from seed=. A reader
# that implements it checks the deals against the seed (docs/gamelog.md).
RNG = "crib1"


def header(game):
    """The first line: ``target=`` (V1) or ``deals=`` (V6), ``five`` (V5), the
    seed and its dealing, ``open`` (V3), ``muggins`` (V4)."""
    if game.deals:
        words = ["game", str(VERSION), "deals=%d" % game.deals]
    else:
        words = ["game", str(VERSION), "target=%d" % game.target]
    if game.five:
        words.append("five")
    words.append("seed=%d" % game.seed)
    words.append("rng=" + RNG)
    if game.open_hands:
        words.append("open")
    if game.muggins:
        words.append("muggins")
    return " ".join(words)


def line(event):
    """The log line for one game event."""
    kind = event[0]
    if kind == "play":
        return "play %s %s %d" % (SEATS[event[1]], text(event[2]), event[3])
    if kind == "score":
        return "score %s %d %d %s" % (SEATS[event[1]], event[2], event[3], event[4])
    if kind == "hand":
        return "hand %s %s" % (SEATS[event[1]], " ".join([text(c) for c in event[2]]))
    if kind == "crib":
        return "crib %s %s %s" % (SEATS[event[1]], text(event[2]), text(event[3]))
    if kind == "show" or kind == "claim":
        return "%s %s %s %d" % (kind, SEATS[event[1]], event[2], event[3])
    if kind == "starter":
        return "starter " + text(event[1])
    if kind == "deal" or kind == "go":
        return "%s %s" % (kind, SEATS[event[1]])
    if kind == "reset":
        return "reset"
    if kind == "cut":
        return "cut A %s B %s" % (text(event[1]), text(event[2]))
    if kind == "end":  # winner 2: a tied game of fixed deals (V6)
        who = "tie" if event[1] == 2 else SEATS[event[1]]
        words = "end %s %d %d" % (who, event[2], event[3])
        return words + " " + event[4] if event[4] else words
    raise ValueError("not a game event: %r" % (event,))
