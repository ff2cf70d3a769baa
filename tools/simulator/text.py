"""The simulator's text view of the device's screen: what the app draws, as
lines of text rather than pixels, for terminals too small (or fonts too
fine) for the picture, and for ``sim.py --text`` (a script's last screen as
text that tests and users can read).

``ScreenText(canvas)`` watches one ``firmware.ui.canvas.Canvas``: every string,
symbol, number and card the app draws on it is noted where it is drawn (the
canvas's own methods are wrapped on that one object; the device's code is
unchanged), and what a clear or a band redraw wipes is forgotten, so the
notes always hold what the screen shows. ``lines()`` gives them top to
bottom, each at about its column (6 pixels a character). The font's symbols
become Unicode: suits ♣ ♦ ♥ ♠ (clubs and spades never alike), arrows
◀ ▶ ▲ ▼, and a card is its rank and suit in brackets, [10♣], a card's back
[##] ({8♠}: a card picked); a list's cursor ▶ and the hand's ▲ under its
card. The score keeper's large digits are noted too (its ``big_number``).

CPython only, standard library only. Imports nothing of the project; the
keeper's module is looked up in ``sys.modules`` when it is loaded.
"""

import sys

SYMBOLS = {
    0x80: "♣",
    0x81: "♦",
    0x82: "♥",
    0x83: "♠",
    0x84: "10",
    0x85: "▶",
    0x86: "◀",
    0x87: "▲",
    0x88: "▼",
}
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("♣", "♦", "♥", "♠")  # engine suit index: C D H S
CARD_W = 13  # firmware.ui.canvas's card size
CARD_H = 19


def plain(s):
    """A string or bytes as the canvas draws it, the font's symbols in Unicode."""
    codes = [ord(ch) for ch in s] if isinstance(s, str) else list(s)
    out = []
    for c in codes:
        if c in SYMBOLS:
            out.append(SYMBOLS[c])
        elif 32 <= c < 127:
            out.append(chr(c))
        else:
            out.append("?")
    return "".join(out)


def card_word(card):
    if card >= 52 or card < 0:
        return "[##]"
    return "[%s%s]" % (RANKS[card >> 2], SUITS[card & 3])


class ScreenText:
    def __init__(self, cv):
        self.cv = cv
        self.notes = {}  # (y, x) -> (text, rows it covers)
        self._wrap(cv)

    # ---- the notes ----
    def note(self, text, x, y, h=8):
        if text and -8 < y < self.cv.height:
            self.notes[(y, x)] = (text, h)

    def wipe(self, y0, y1):
        for key in [k for k, v in self.notes.items() if k[0] < y1 and k[0] + v[1] > y0]:
            del self.notes[key]

    def lines(self):
        """The screen's text, top to bottom: one line per height things are
        drawn at, each thing at its column (or after the one before it)."""
        rows = {}
        for (y, x), (text, _) in self.notes.items():
            rows.setdefault(y, []).append((x, text))
        out = []
        for y in sorted(rows):
            line = ""
            for x, text in sorted(rows[y]):
                col = max(0, (x + 3) // 6)
                if col < len(line) + (1 if line else 0):
                    col = len(line) + (1 if line else 0)
                line = line.ljust(col) + text
            out.append(line.rstrip())
        return [ln for ln in out if ln.strip()]

    # ---- the canvas's methods, noted then drawn ----
    def _wrap(self, cv):
        me = self
        text, texts, glyph, number = cv.text, cv.texts, cv.glyph, cv.number
        card, card_back, cards = cv.card, cv.card_back, cv.cards
        clear, band = cv.clear, cv.band
        vline, hand, hand_mark = cv.vline, cv.hand, cv.hand_mark

        def w_vline(x, y, h, c=1):
            if x == 0 and h == 9 and c:  # a list's cursor (firmware.ui.list_screen.ListScreen)
                me.note("▶", 0, y + 1)
            return vline(x, y, h, c)

        def mark(x0, y, cursor, pitch):
            me.note("▲", x0 + cursor * pitch + (CARD_W - 5) // 2, y + CARD_H, 3)  # its ink

        def w_hand(cards, y, cursor=-1, *more, **kw):
            x0 = hand(cards, y, cursor, *more, **kw)
            if 0 <= cursor < len(cards):
                mark(x0, y, cursor, kw.get("pitch", more[3] if len(more) > 3 else 20))
            return x0

        def w_hand_mark(n, y, cursor, pitch=20):
            if 0 <= cursor < n:
                mark((cv.width - ((n - 1) * pitch + CARD_W)) // 2, y, cursor, pitch)
            return hand_mark(n, y, cursor, pitch)

        def w_text(s, x, y, c=1, dim=False):
            me.note(plain(s), x, y)
            return text(s, x, y, c, dim)

        def w_texts(runs):
            for r in runs:
                me.note(plain(r[0]), r[1], r[2])
            return texts(runs)

        def w_glyph(code, x, y, c=1, dim=False):
            me.note(plain(bytes((code,))), x, y)
            return glyph(code, x, y, c, dim)

        def w_number(n, x, y, c=1):
            me.note("%d" % n, x, y)
            return number(n, x, y, c)

        def w_card(x, y, c, inverted=False, dim=False):
            me.note(card_word(c), x, y)
            return card(x, y, c, inverted, dim)

        def w_card_back(x, y):
            me.note("[##]", x, y)
            return card_back(x, y)

        def w_cards(row, n, x, y, pitch, chosen=0, dimmed=0, raised=0):
            for i in range(n):
                word = card_word(row[i])
                if chosen >> i & 1:
                    word = word.replace("[", "{").replace("]", "}")  # picked
                me.note(word, x + i * pitch, y)
            return cards(row, n, x, y, pitch, chosen, dimmed, raised)

        def w_clear(c=0):
            me.notes.clear()
            return clear(c)

        def w_band(y0, y1):
            if y0 <= 0 and y1 >= cv.height:
                me.notes.clear()
            else:
                me.wipe(y0, y1)
            return band(y0, y1)

        cv.text, cv.texts, cv.glyph, cv.number = w_text, w_texts, w_glyph, w_number
        cv.card, cv.card_back, cv.cards = w_card, w_card_back, w_cards
        cv.clear, cv.band = w_clear, w_band
        cv.vline, cv.hand, cv.hand_mark = w_vline, w_hand, w_hand_mark

    def watch_keeper(self):
        """Note the score keeper's large digits (its module's ``big_number``,
        wrapped once it is loaded): call before each frame."""
        mod = sys.modules.get("firmware.keeper.screen")
        if mod is None or getattr(mod.big_number, "noted", False):
            return
        big = mod.big_number
        me = self

        def w_big(cv, n, x, y, *scale):
            if cv is me.cv:
                me.note("%d" % n, x, y, 24)
            return big(cv, n, x, y, *scale)

        w_big.noted = True
        mod.big_number = w_big
