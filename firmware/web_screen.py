"""The web page's reading of the device's screen (``firmware.web_runner``'s
``Runner`` passes itself as ``self``): ``screen_lines`` (the text the
screen shows, off the canvas's text calls of one whole redraw), ``spoken``
(that and what the screen shows as pictures or marks, for the page's ARIA
live region: a list's selected entry; the play screen's hand with its
cursor and the crib's cards, the count, the starter) and ``tap_card`` (a
click on a card of the hand). Loaded by the page's runner when first asked:
it reads (and, for a tap, moves) the app's screens, no hardware of the
page's (that is firmware.hw.web).
Imports ``firmware.ui.cardtext`` and ``firmware.ui.canvas``.
"""

_DISCARD = 1  # firmware.play.table's modes that wait for a card
_PLAY = 3


def screen_lines(self):
    """The text the screen shows: one string a line, top to bottom, the
    parts of a line left to right joined by two spaces, the font's
    symbols as Unicode (suits, the ten, arrows). Read off the canvas's
    text calls of one whole redraw of the top screen, which puts the
    same pixels where they already are. Empty while no app runs."""
    app = self.app
    if app is None or not self.hw.display.on:
        return []
    cv = app.canvas
    seen = []
    plain = cv.text

    def text(s, x, y, c=1, dim=False):
        seen.append((y, x, s if isinstance(s, str) else bytes(s).decode("latin-1")))
        return plain(s, x, y, c, dim)

    def texts(runs):
        for r in runs:
            text(r[0], r[1], r[2], r[3])

    hand_at = cv.hand
    self.hand_drawn = None

    def hand(cards, y, *args):
        x0 = hand_at(cards, y, *args)
        self.hand_drawn = (len(cards), x0, y)
        return x0

    cv.text = text
    cv.texts = texts
    cv.hand = hand
    try:
        cv.clear()
        app.top().draw(cv)
    finally:
        del cv.text  # the instance's own: the class's methods again
        del cv.texts
        del cv.hand
    seen.sort()
    lines = []
    y0 = None
    for y, x, s in seen:
        s = _readable(s).strip()
        if not s:
            continue
        if y0 is not None and y - y0 < 4:
            lines[-1] += "  " + s
        else:
            lines.append(s)
            y0 = y
    return lines


def spoken(self):
    """What a screen reader is given (the page's live region): the
    screen's lines, then what the screen shows as pictures or marks: the
    selected entry of a list, and on the play screen the hand (the card
    under the cursor, the ones marked for the crib), the count with the
    cards played to it, and the starter."""
    lines = screen_lines(self)
    app = self.app
    if app is None or not lines:
        return lines
    t = app.top()
    items = getattr(t, "items", None)
    cur = getattr(t, "cursor", None)
    if isinstance(items, (list, tuple)) and isinstance(cur, int) and 0 <= cur < len(items):
        v = t.value(cur) if hasattr(t, "value") else None
        lines.append("Selected: %s%s" % (items[cur], ": %s" % v if v else ""))
    tb = getattr(t, "table", None)
    hand = getattr(tb, "hand", None)
    if tb is not None and isinstance(hand, list):
        from firmware.ui.cardtext import card_text

        cards = [_readable(card_text(c)) for c in hand]
        if cards:
            marked = getattr(tb, "marked", None) or []
            text = "Your hand: " + " ".join(cards)
            c = getattr(tb, "cursor", -1)
            if isinstance(c, int) and 0 <= c < len(cards) and getattr(tb, "mode", 0):
                text += "; on " + cards[c]
            if marked:
                text += "; for the crib: " + " ".join(
                    [cards[i] for i in marked if 0 <= i < len(cards)]
                )
            lines.append(text)
        pile = getattr(tb, "pile", None) or []
        if pile:
            lines.append(
                "Count %d: %s"
                % (getattr(tb, "count", 0), " ".join([_readable(card_text(c)) for c in pile]))
            )
        st = getattr(tb, "starter", None)
        if isinstance(st, int) and st >= 0:
            lines.append("Starter " + _readable(card_text(st)))
    return lines


def tap_card(self, x, y):
    """A click or tap at OLED pixel (x, y) on the play screen's hand: 0
    when it is not on a card of a hand waiting for a choice; 1 when it
    puts the cursor on that card; 2 when the cursor is on it already,
    and the page presses A (mark it for the crib, or play it)."""
    app = self.app
    t = app.top() if app is not None else None
    tb = getattr(t, "table", None)
    if tb is None or getattr(tb, "page", 0) or getattr(tb, "mode", 0) not in (_DISCARD, _PLAY):
        return 0
    screen_lines(self)  # where the hand is drawn now
    drawn = self.hand_drawn
    if drawn is None:
        return 0
    n, x0, y0 = drawn
    from firmware.ui.canvas import CARD_H, CARD_W

    pitch = (app.canvas.width - CARD_W - 2 * x0) // (n - 1) if n > 1 else CARD_W
    if n < 1 or pitch < 1 or not y0 - 4 <= y < y0 + CARD_H:  # a raised card too
        return 0
    if not x0 <= x < x0 + (n - 1) * pitch + CARD_W:
        return 0
    i = min(n - 1, (x - x0) // pitch)  # a card overlapped by the next: the next
    if tb.cursor == i:
        return 2
    tb.cursor = i
    app.invalidate()
    return 1


_SYMBOLS = {
    128: "\u2663",
    129: "\u2666",
    130: "\u2665",
    131: "\u2660",
    132: "10",
    133: "\u2192",
    134: "\u2190",
    135: "\u2191",
    136: "\u2193",
}


def _readable(s):
    """The font's codes above 127 as the symbols they draw."""
    out = []
    for ch in s:
        out.append(_SYMBOLS.get(ord(ch), ch))
    return "".join(out)
