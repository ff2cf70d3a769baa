"""Cards as small ints, and their text notation (docs/rules.md R1).

A card is ``rank * 4 + suit``: rank 0..12 is A 2 .. 10 J Q K, suit 0..3 is
C D H S. So ``card >> 2`` is the rank, ``card & 3`` the suit, and the counting
value is ``VALUES[card >> 2]``. Imports nothing.
"""

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  CPython has no const()

_DECK_SIZE = const(52)
JACK = const(10)  # rank index of the jack

_RANKS = const("A23456789TJQK")
_SUITS = const("CDHS")
# Counting value by rank: ace 1, pip cards face value, J/Q/K 10.
VALUES = b"\x01\x02\x03\x04\x05\x06\x07\x08\x09\x0a\x0a\x0a\x0a"


def rank(card):
    return card >> 2


def suit(card):
    return card & 3


def value(card):
    return VALUES[card >> 2]


def make(rank_index, suit_index):
    return rank_index * 4 + suit_index


def text(card):
    """'5H' for the five of hearts; ValueError for anything not a card."""
    if not isinstance(card, int) or not 0 <= card < _DECK_SIZE:
        raise ValueError("not a card: %r" % (card,))
    r = card >> 2
    s = card & 3
    # slices: a one-character index is interned on MicroPython (a name never freed)
    return _RANKS[r : r + 1] + _SUITS[s : s + 1]


def parse(word):
    """The card written as '5H', 'td', 'TD' or '10D'; ValueError otherwise."""
    if not isinstance(word, str):
        raise ValueError("not a card: %r" % (word,))
    ok = True
    for ch in word:  # ASCII only: CPython's strip() and upper() go further
        if ch > "~":
            ok = False
    w = word.strip().upper()
    if w[:2] == "10":
        w = "T" + w[2:]
    if not ok or len(w) != 2 or w[0] not in _RANKS or w[1] not in _SUITS:
        shown = repr(word[:12]) + "..." if len(word) > 12 else repr(word)
        raise ValueError("not a card: %s (use rank A23456789TJQK + suit CDHS)" % shown)
    return _RANKS.index(w[0]) * 4 + _SUITS.index(w[1])


def parse_many(words):
    """A list of distinct cards from 'AS 5H 10D' or ['AS', '5H']; ValueError on a
    bad card or a card named twice."""
    if isinstance(words, str):
        words = words.split()
    cards = []
    for w in words:
        c = parse(w)
        if c in cards:
            raise ValueError("card named twice: %s" % text(c))
        cards.append(c)
    return cards


def texts(cards):
    """'5H 5D JS' for a sequence of cards."""
    return " ".join([text(c) for c in cards])
