"""The words of a refused decision: ``text(why, args)`` for the reason codes
engine.game, engine.deal, engine.muggins and engine.replay raise
``IllegalMove`` with (their ``_NO_SEAT`` ...), formatted with what the code
names (a seat, a card's text, the count). Imports nothing.
"""

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  CPython has no const()

# by reason code
_WORDS = const(
    (
        "no such player: %r",
        "the game is over",
        "it is not time to discard",
        "you have already laid your two cards away",
        "lay two different cards in the crib",
        "you can only discard cards you hold",
        "it is not time to play a card",
        "it is not your turn",
        "you can only play a card you hold",
        "%s would take the count past 31 (it is %d)",
        "you cannot say go: %s fits under 31",
        "lay exactly two cards in the crib",
        "first_dealer must be 0, 1 or None",
        "the game has already started",
        "it is not time to count a hand",
        "it is not your count",
        "a count is a number from 0 to 29",
        "a discard needs two cards",
    )
)


def text(why, args=()):
    """The words for reason code ``why``, formatted with ``args``."""
    return _WORDS[why] % args
