"""Cards and scoring items as text for the screens: a card is its rank and
suit symbol ('10' in two cells, like every other number on the screen; the
one-cell ten is for card faces only), a counted item is said in the one
wording of ``engine.score`` ('15 2: 5\\x81 10\\x80', 'pair royal 6: ...')
kept to the screen's 21 columns, and a pegged card says what it made
('15+pair for 4'), or why, item by item in the show's wording
('pair 2: 8\\x83 8\\x81'). Imports ``engine.score``.
"""

from engine.score import describe, item_name, peg_breakdown

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  CPython has no const()

COLS = const(21)
_TEN = const(9)  # rank index of the ten
_RANKS = const("A23456789TJQK")
_SUITS = const("\x80\x81\x82\x83")  # the font's suit codes
# texts under 11 characters as const()s: as literals they would be names
# interned for good on a device
_ITEM_FOR = const("%s for %d")
_PEGS = const("pegs %d")


def card_text(card):
    """Rank and suit symbol: '5\\x81', '10\\x82' (suits are font codes 128-131).
    Made of slices: a one-character str made by an index or ``chr`` would
    be interned on a device (a name never freed) for each rank and suit."""
    r = card >> 2
    s = card & 3
    return ("10" if r == _TEN else _RANKS[r : r + 1]) + _SUITS[s : s + 1]


def cards_text(cards):
    return " ".join([card_text(c) for c in cards])


def item_text(item, cols=COLS):
    """One counted item (``engine.breakdown.hand_breakdown``) in at most ``cols``
    cells."""
    return describe(item, cols, card_text)


def peg_text(pile, points, cols=COLS):
    """'15 for 2', '31+pair for 4', 'pair royal for 6': what the last card of
    ``pile`` pegged, named as in the show, in at most ``cols`` cells
    ('15+pair royal 8' without its 'for', then 'pegs 14')."""
    names = [item_name(i) for i in peg_breakdown(pile)]
    if not names:
        return "%d" % points
    name = "+".join(names)
    text = _ITEM_FOR % (name, points)
    if len(text) > cols:
        text = "%s %d" % (name, points)
        if len(text) > cols:
            text = _PEGS % points
    return text


def peg_lines(pile, cols=COLS):
    """Why the last card of ``pile`` pegged: one line an item in the show's
    wording ('15 2: 7\\x83 8\\x81', 'pair 2: 8\\x81 8\\x80', 'run 3: 3 4 5'),
    each in at most ``cols`` cells (a new list: call it when the card is played)."""
    return [item_text(i, cols) for i in peg_breakdown(pile)]
