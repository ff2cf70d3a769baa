"""The table score keeper screen: shows a real table game kept with the
buttons (``firmware.keeper.control`` does the keeping and saving) and lets the
LED board show the pegs. Imports ``firmware.ui.font``, ``firmware.keeper.game``,
``firmware.keeper.control``, ``firmware.power``, ``firmware.ui.screen``,
``firmware.ui.list_screen`` and
``firmware.ui.wrap``; ``engine.winprob`` (the chances) when it refreshes.

Every button event goes to ``KeeperInput.handle`` (see its docstring for
what the buttons do), except A and B pressed together: that chord (the
"chord" event of ``firmware.ui.buttons``) opens the
keeper's menu (new match, its target, length, colours and first dealer,
help, back to the main menu). The game is saved after every change, so
leaving or a power cut loses nothing: entering resumes the saved game.

Layout (128x64): a status bar (deal number and target, "5-card" or, in a game
of fixed deals, "deal n of N"; the match tally), the two
sides side by side (name, colour, dealer mark, the score in large digits,
a frame round the side being scored), a line for the number being entered
or the last award (with undo / redo marks) or the winner, and a line for
the keeper's message (for a few seconds) or the mode's hint, which says how
to reach the menu (A+B) or the way back to the mode that does. A message
longer than those two lines when the screen opens (a refused record, named
with where it is kept aside) is shown whole over it first, as a message
that A or B closes and UP/DOWN scroll.
"""

from firmware.ui import font
from firmware.ui.list_screen import ListScreen
from firmware.ui.screen import MessageScreen, Screen, title_bar
from firmware.ui.wrap import wrap
from firmware.keeper.game import COLORS, SIDES, TIE
from firmware.keeper.control import DEAL, NUMBER, OVER, SCORE, KeeperInput, open_store
from firmware.power import GAUGE_W

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  CPython has no const()

_HALF = const(64)
_NAME_Y = const(11)
_BIG_Y = const(21)
_BIG = const(3)  # large digits: 3x the 5x7 font
_LINE_Y = const(46)
_MSG_Y = const(56)
_COLS = const(21)
# texts under 11 characters as const()s: as literals they would be names
# interned for good on a device
_TALLY = const("%d-%d")
_LAST = const("last: ")
_DEALER_MARK = const("D")
_SURE = const("sure? A")
_ONE_GAME = const("1 game")
_BEST_OF = const("best of %d")
_SAID_MS = const(4000)  # a message stays this long, then the mode's hint (the way to the menu)
_NEXT = const("A:new B:undo A+B:menu")  # game over; 21 columns

HINTS = {
    SCORE: "A:num \x88:deal A+B:menu",
    NUMBER: "\x87\x88 pts A:add B:back",
    DEAL: "\x87\x881 \x86\x8510 A:ok B:back",
}  # each fits the 21 columns: a longer one would wrap over the entry line

_HELP = const(
    "Score: LEFT/RIGHT pick a side, UP adds 1 (hold to run), A enters a number "
    "(UP/DOWN set it, A adds it), long A gives the dealer 2 for his heels "
    "(five-card: at the game's start, long A gives the pone 3 for last). "
    "DOWN enters a whole deal: the pone's points, A, then the dealer's, A "
    "(0 and 0 just passes the deal). B undoes, long B redoes. "
    "When a game is won, A starts the next one. "
    "A and B together open this menu. Every change is saved at once."
)


def big_number(cv, n, x, y, scale=_BIG):
    """Draw ``n`` (>= 0) in the 5x7 font blown up ``scale`` times, one filled
    box per vertical run of ink (no allocation)."""
    data = font.DATA
    div = 1
    while div * 10 <= n:
        div *= 10
    while div:
        o = font.glyph(48 + (n // div) % 10)
        for i in range(5):
            bits = data[o + i]
            row = 0
            while bits:
                if bits & 1:
                    start = row
                    while bits & 1:
                        bits >>= 1
                        row += 1
                    cv.box(x + i * scale, y + start * scale, scale, (row - start) * scale, 1, True)
                else:
                    bits >>= 1
                    row += 1
        x += 6 * scale
        div //= 10
    return x


def big_width(n, scale=_BIG):
    digits = 1
    while n >= 10:
        n //= 10
        digits += 1
    return digits * 6 * scale - scale


class KeeperScreen(Screen):
    orbit = True  # a table display for hours: the app shifts it against burn-in
    gauge = True  # the battery gauge at the right of the status bar

    def __init__(self, ki):
        self.ki = ki  # the KeeperInput: the game, its input state and its store
        self.status = ""
        self.tally = ""
        self.names = ["", ""]
        self.line = ""
        self.marks = 0  # bit 0: undo possible, bit 1: redo possible
        self.msg = ["", ""]
        self.odds = None  # side A's chance to win, 0..255 (engine.winprob); None: no table
        self.said_ms = 0  # ms the keeper's message still shows before the hint
        # a refused record's words, longer than the two lines hold: shown
        # whole over the keeper, as a message the buttons close and scroll
        msg = ki.message
        self.notice = msg if msg and len(wrap(msg, _COLS)) > 2 else None

    # ---- life cycle
    def enter(self):
        self.ki.board = self.app.pegboard  # None when the app dropped a broken strip
        self.said_ms = _SAID_MS
        self.refresh()

    # ---- input
    def update(self, dt_ms, events):
        if self.notice:
            text = self.notice
            self.notice = None
            self.ki.message = ""  # told whole: the keeper's lines show the hint after it
            self.app.push(MessageScreen("Score keeper", text))
            return True
        changed = False
        ki = self.ki
        for ev in events:
            if ev[0] == "chord":
                self.app.push(KeeperMenu(self))
                return True
            if ki.handle(ev):
                changed = True
        if changed:
            self.said_ms = _SAID_MS
            self.refresh()
        elif self.said_ms > 0:  # the message has been read: the hint comes back
            # (not ``busy``: the app may nap meanwhile, and the next frame's
            # ``dt_ms`` counts the nap)
            self.said_ms -= dt_ms
            if self.said_ms <= 0 and self.ki.message:
                self.refresh()
                return True
        return changed

    def refresh(self):
        """Turn the keeper's state into the strings ``draw`` shows."""
        ki = self.ki
        k = ki.keeper
        if k.deals:  # fixed deals (V6): the deal counter
            self.status = "deal %d of %d" % (k.deal_number, k.deals)
        elif k.five:
            self.status = "5-card  deal %d" % k.deal_number
        else:
            self.status = "deal %d  to %d" % (k.deal_number, k.target)
        if k.best_of > 1:
            t = k.tally()
            self.tally = _TALLY % (t[0], t[1])
        else:
            self.tally = ""
        for s in (0, 1):
            self.names[s] = "%s %s" % (SIDES[s], COLORS[k.colors[s]][0])
        mode = ki.mode
        self.odds = None
        if k.target and mode != OVER:  # each side's chance from the scores and the deal
            from engine.winprob import lookup

            sc = k.scores
            self.odds = lookup(sc[0], sc[1], k.dealer == 0, k.target, k.five)
        self.marks = (1 if k.can_undo() else 0) | (2 if k.can_redo() else 0)
        if mode == NUMBER:
            self.line = "add to %s: %d" % (SIDES[ki.side], ki.pending)
        elif mode == DEAL:
            d = k.dealer
            if ki.step:
                self.line = "%s %d  dealer %s: %d" % (
                    SIDES[d ^ 1],
                    ki.pone_points,
                    SIDES[d],
                    ki.pending,
                )
            else:
                self.line = "pone %s: %d" % (SIDES[d ^ 1], ki.pending)
        elif mode == OVER and k.winner == TIE:
            self.line = "a tie %d-%d" % (k.scores[0], k.scores[1])
        elif mode == OVER:
            sk = k.skunk()
            w = k.winner
            self.line = "%s wins %d-%d%s" % (
                SIDES[w],
                k.scores[w],
                k.scores[w ^ 1],
                (" " + sk) if sk else "",
            )
        else:
            last = k.describe(k.last_action())
            self.line = (_LAST + last) if len(last) <= _COLS - 8 else last[: _COLS - 2]
        msg = ki.message if self.said_ms > 0 else ""  # after a while, the hint
        if mode == OVER and msg == self.line:
            msg = ""  # the win is on the line above: show what to do next
        if not msg:
            if mode == OVER:
                if k.best_of > 1 and k.match_winner() >= 0:
                    msg = "%s takes the match" % SIDES[k.match_winner()]
                    self.msg[0] = msg
                    self.msg[1] = _NEXT
                    return
                msg = _NEXT
            elif mode == SCORE and k.can_start():
                msg = "hold A: 3 for last"  # five-card (V5.2): to the pone
            else:
                msg = HINTS.get(mode, "")
        if len(msg) <= _COLS:
            self.msg[0] = ""
            self.msg[1] = msg
        else:
            lines = wrap(msg, _COLS)
            self.msg[0] = lines[0]
            self.msg[1] = lines[1] if len(lines) > 1 else ""

    def selected(self):
        """The side the next entry goes to (-1 when none: game over)."""
        ki = self.ki
        if ki.mode == OVER:
            return -1
        if ki.mode == DEAL:
            d = ki.keeper.dealer
            return d if ki.step else d ^ 1
        return ki.side

    # ---- drawing
    def draw(self, cv):
        k = self.ki.keeper
        title_bar(cv, "")
        cv.text(self.status, 2, 1, 0)
        if self.tally:
            gap = GAUGE_W if self.app.power.percent >= 0 else 0
            cv.right(self.tally, cv.width - 2 - gap, 1, 0)
        sel = self.selected()
        for s in (0, 1):
            x = s * _HALF
            cv.text(self.names[s], x + 3, _NAME_Y)
            if k.dealer == s:  # the crib's owner: a lit D
                cv.box(x + _HALF - 10, _NAME_Y - 1, 8, 9, 1, True)
                cv.text(_DEALER_MARK, x + _HALF - 9, _NAME_Y, 0)
            score = k.scores[s]
            big_number(cv, score, x + (_HALF - big_width(score)) // 2, _BIG_Y)
            if s == k.winner:
                cv.invert(x + 1, _BIG_Y - 2, _HALF - 2, 25)
            if s == sel:
                cv.frame(x, _NAME_Y - 2, _HALF, _LINE_Y - _NAME_Y)
        if self.msg[0]:
            cv.text(self.msg[0], 1, _LINE_Y)
        else:
            cv.text(self.line, 1, _LINE_Y)
            if self.ki.mode == SCORE:
                if self.marks & 1:
                    cv.glyph(font.LEFT, cv.width - 13, _LINE_Y)
                if self.marks & 2:
                    cv.glyph(font.RIGHT, cv.width - 6, _LINE_Y)
        odds = self.odds
        if odds is None:
            cv.hline(0, _MSG_Y - 2, cv.width)
        else:  # A's chance solid from the left, B's dotted from the right
            w = (odds * cv.width + 127) // 255
            cv.hline(0, _MSG_Y - 2, w)
            cv.dotted_hline(w, _MSG_Y - 2, cv.width - w)
        cv.text(self.msg[1], 1, _MSG_Y)


# ---- the keeper's menu (A+B)

_MATCHES = const((1, 3, 5, 7))
# the game: (target, five, deals), named as in the device's Settings
_GAMES = const(((121, False, 0), (61, False, 0), (61, True, 0), (0, False, 6), (0, False, 8),
                (0, False, 12)))  # fmt: skip
_GAME_NAMES = const(("121", "61", "5-card 61", "6 deals", "8 deals", "12 deals"))


class KeeperMenu(ListScreen):
    """Back to the game, start a new match (asks twice) with the target,
    length, colours and first dealer set below it, help, the two sides'
    chances to win on the LED board for a moment, main menu."""

    ITEMS = ("Back to game", "New match", "Game", "Match", "A colour", "B colour",
             "First deal", "Help", "Odds on board", "Main menu")  # fmt: skip

    def __init__(self, screen):
        ListScreen.__init__(self, "Score keeper", list(self.ITEMS))
        self.screen = screen
        k = screen.ki.keeper
        game = (k.target, k.five, k.deals)
        self.kind = _GAMES.index(game) if game in _GAMES else 0
        self.best_of = k.best_of if k.best_of in _MATCHES else 1
        self.colors = [k.colors[0], k.colors[1]]
        self.first = 0
        self.armed = False  # "New match" chosen once: the next A starts it

    def value(self, i):
        if i == 1:
            return _SURE if self.armed else None
        if i == 2:
            return _GAME_NAMES[self.kind]
        if i == 3:
            return _ONE_GAME if self.best_of == 1 else _BEST_OF % self.best_of
        if i == 4 or i == 5:
            return COLORS[self.colors[i - 4]][0]
        if i == 6:
            return SIDES[self.first]
        return None

    def adjust(self, i, step):
        self.armed = False
        if i == 2:
            self.kind = (self.kind + step) % len(_GAMES)
        elif i == 3:
            j = _MATCHES.index(self.best_of)
            self.best_of = _MATCHES[(j + step) % len(_MATCHES)]
        elif i == 4 or i == 5:
            s = i - 4
            c = self.colors[s]
            while True:  # skip the other side's colour
                c = (c + step) % len(COLORS)
                if c != self.colors[s ^ 1]:
                    break
            self.colors[s] = c
        elif i == 6:
            self.first ^= 1
        else:
            return False
        return True

    def choose(self, i):
        if i == 0:
            self.app.pop()
        elif i == 1:
            if not self.armed:
                self.armed = True
                return
            self.armed = False
            ki = self.screen.ki
            g = _GAMES[self.kind]
            ki.new_match(g[0] or 121, self.best_of, tuple(self.colors), self.first, g[1], g[2])
            self.app.pop()
        elif i == 7:
            self.app.push(MessageScreen("Keeper buttons", _HELP))
        elif i == 8:  # each side's chance to win along its track, for 3 s
            board = self.app.pegboard
            odds = self.screen.odds
            if board is not None and odds is not None:
                board.show_odds(odds, 3000)
            self.app.pop()
        elif i == 9:
            self.app.home()
        else:
            self.adjust(i, 1)

    def update(self, dt_ms, events):
        cursor = self.cursor
        changed = ListScreen.update(self, dt_ms, events)
        if self.cursor != cursor:
            self.armed = False
        return changed


def make(app):
    """Resume the saved game (or start one): done here, not in ``enter``, so
    a storage that cannot be read fails the opening, not every return."""
    st = app.settings
    # a match not set in the keeper's menu follows these
    defaults = (st.target or 121, st.match, st.variant == "five", st.deals)
    return KeeperScreen(KeeperInput(open_store(app.hw.storage), app.pegboard, defaults))
