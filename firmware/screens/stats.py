"""Statistics screen: your record against the computer (firmware.store.stats) on
three pages: results (games, wins, losses, skunks, matches), points per deal
(what your discards and plays gave up against the best, all told and over
the last games, as the coach weighs them; hand, crib, pegging, heels,
muggins)
and your best hand drawn as cards.
Each kind of game has its own three (six-card always, then five-card and
fixed deals once you have played them: "5-card" or "Deals" before the title;
fixed deals count ties), one after the other.

Keys: LEFT/RIGHT turn the page, UP/DOWN scroll a page's rows, B goes back,
a long B asks whether to reset every figure of the kind shown (No is the
first answer). A
damaged statistics record is reported once and fresh figures are shown.
The rows are formatted, and every string placed, when the page changes
(``_build``, ``_place``), never in ``draw``, which draws them in one call
(``Canvas.texts``).
Imports ``firmware.ui.buttons``, ``firmware.ui.canvas``, ``firmware.keys``,
``firmware.ui.screen``, ``firmware.ui.list_screen`` and ``firmware.store.stats``.
"""

from firmware.ui import buttons
from firmware.ui.list_screen import ListScreen
from firmware.ui.screen import MessageScreen, Screen
from firmware.ui.canvas import Canvas
from firmware.keys import DOWN, LEFT, RIGHT, UP, B
from firmware.store.stats import Stats

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  CPython has no const()


# (record name, what the title calls it) of each kind of game (firmware.play.game_log)
_KINDS = const((("stats", ""), ("stats5", "5-card"), ("statsd", "Deals")))
_TOP = const(10)
_ROW = const(8)
_ROWS = const(5)
_FOOT = const(55)
_PAGES = const(("Results", "Per deal", "Best hand"))
_BEST = const(2)
# texts under 11 characters as const()s: as literals they would be names
# interned for good on a device
_NONE = const("-")  # a figure not known yet
_F2 = const("%.2f")
_F1 = const("%.1f")
_ZERO = const("0.0")
_PCT = const("%d%%")
_BAR = const("|")  # between a page's labels, one string
_PER_DEAL = const("/deal")
_TITLE = const("%s%s %d/%d")
_TIED = const("Tied")
_LAST_GAME = const(" last game")
_POINTS = const("%d point%s")


def _avg(x):
    return _NONE if x is None else _F2 % x


def _lost(x):
    # points given up a deal, shown as a loss: "-1.4"; none yet "-"
    if x is None:
        return _NONE
    t = _F1 % x
    return t if t == _ZERO else _NONE + t


def _pct(part, whole):
    return _NONE if not whole else _PCT % ((part * 100 + whole // 2) // whole)


def rows_of(st, page):
    """The (label, value) rows of ``page`` (0 or 1) for Stats ``st``. The
    labels are one string each page, split here: each short label a string
    of its own would be a name interned for good on a device."""
    if page == 0:
        labels = "Games|Won|Lost|Win rate|Skunks given|Skunks taken|Double skunks|Matches won"
        rows = list(
            zip(
                labels.split(_BAR),
                (
                    "%d" % st.games,
                    "%d" % st.wins,
                    "%d" % st.losses,
                    _pct(st.wins, st.games),
                    "%d" % st.skunks_given,
                    "%d" % st.skunks_taken,
                    "%d/%d" % (st.doubles_given, st.doubles_taken),
                    "%d/%d" % (st.match_wins, st.matches),
                ),
            )
        )
        if st.ties or st.name != _KINDS[0][0]:  # fixed deals (V6) can tie
            rows.insert(3, (_TIED, "%d" % st.ties))
        return rows
    lost, played = st.coach_avg()
    games, r_lost, r_played = st.recent_avg()
    last = " last %d games" % games if games > 1 else _LAST_GAME if games else " last games"
    labels = (
        "Deals|Discards|-|Plays|-|Hand|Crib (yours)|Pegging|Heels|Hands counted|Cribs counted"
        "|Lost to muggins"
    ).split(_BAR)
    labels[2] = labels[4] = last  # the last games' figures under the two above
    return list(
        zip(
            labels,
            (
                "%d" % st.deals,
                _NONE if lost is None else _lost(lost) + _PER_DEAL,
                _lost(r_lost),
                _NONE if played is None else _lost(played) + _PER_DEAL,
                _lost(r_played),
                _avg(st.hand_avg()),
                _avg(st.crib_avg()),
                _avg(st.peg_avg()),
                "%d" % st.heels,
                "%d" % st.hands,
                "%d" % st.cribs,
                "%d" % st.muggins_lost,
            ),
        )
    )


class StatsScreen(Screen):
    def __init__(self, stats=None):
        self.stats = stats  # the kind shown
        self.kinds = [stats] if stats is not None else []  # one Stats a kind played
        self.labels = [""]
        self.loaded = stats is not None
        self.notice = None
        self.page = 0
        self.top = 0
        self.rows = []
        self.title = ""
        self.foot = ""
        self.best = ""
        self.runs = []  # every string of the page, placed (``_place``)
        self.bar = None  # the scroll bar: (y, height), or None

    def enter(self):
        if not self.loaded:
            self.loaded = True
            self.kinds = []
            self.labels = []
            for name, label in _KINDS:
                st = Stats(self.app.hw.storage, name)
                problem = st.load()
                if problem and not self.notice:
                    self.notice = problem
                if name == _KINDS[0][0] or st.games or problem:
                    self.kinds.append(st)
                    self.labels.append(label)
            self.stats = self.kinds[0]
        self._build()

    def _build(self):
        n = len(_PAGES)
        kind = self.page // n
        st = self.stats = self.kinds[kind]
        page = self.page % n
        label = self.labels[kind]
        self.title = _TITLE % (
            label + " " if label else "",
            _PAGES[page],
            self.page + 1,
            n * len(self.kinds),
        )
        self.rows = rows_of(st, page) if page != _BEST else []
        if self.top > max(0, len(self.rows) - _ROWS):
            self.top = 0
        if st.best_cards:
            self.best = _POINTS % (st.best, "" if st.best == 1 else "s")
        else:
            self.best = "No hand counted yet"
        self.foot = "\x86\x85 B:back hold:reset"  # 21 columns: one more is cut
        self._place()

    def _place(self):
        # every string of the page where it goes, (s, x, y, ink), and the
        # scroll bar: what ``draw`` draws, worked out once per change
        w = self.app.canvas.width if self.app is not None else 128
        width = Canvas.text_width
        runs = [(self.title, (w - width(self.title)) // 2, 1, 0)]
        rows = self.rows
        y = _TOP
        for i in range(self.top, min(len(rows), self.top + _ROWS)):
            runs.append((rows[i][0], 1, y, 1))
            runs.append((rows[i][1], w - 4 - width(rows[i][1]), y, 1))
            y += _ROW
        if self.page % len(_PAGES) == _BEST:
            runs.append(
                (self.best, (w - width(self.best)) // 2, 38 if self.stats.best_cards else 28, 1)
            )
        runs.append((self.foot, (w - width(self.foot)) // 2, _FOOT, 1))
        self.runs = runs
        n = len(rows)
        self.bar = None
        if n > _ROWS:
            h = _ROWS * _ROW * _ROWS // n
            self.bar = (_TOP + (_ROWS * _ROW - h) * self.top // (n - _ROWS), h)

    def reset(self):
        """Every figure back to 0, stored at once."""
        self.stats.clear()
        if not self.stats.save():
            self.notice = self.stats.problem
        self._build()

    def update(self, dt_ms, events):
        if self.notice:
            text = self.notice
            self.notice = None
            self.app.push(MessageScreen("Statistics", text))
            return True
        changed = False
        n = len(_PAGES) * len(self.kinds)
        if buttons.went(events, RIGHT):
            self.page = (self.page + 1) % n
            self.top = 0
            changed = True
        if buttons.went(events, LEFT):
            self.page = (self.page - 1) % n
            self.top = 0
            changed = True
        if changed:
            self._build()
        if buttons.went(events, DOWN) and self.top + _ROWS < len(self.rows):
            self.top += 1
            self._place()
            changed = True
        if buttons.went(events, UP) and self.top > 0:
            self.top -= 1
            self._place()
            changed = True
        if buttons.happened(events, "long", B):
            self.app.push(ResetMenu(self))
            return True
        if buttons.happened(events, "tap", B):
            self.app.pop()
            return True
        return changed

    def draw(self, cv):
        cv.box(0, 0, cv.width, 9, 1, True)  # the title bar; its text is a run
        if self.page % len(_PAGES) == _BEST:
            cards = self.stats.best_cards
            if cards:
                n = len(cards) - 1  # kept cards (four, or three in five-card), then the starter
                x = 14 + (4 - n) * 8
                for i in range(n):
                    cv.card(x + i * 16, 13, cards[i])
                cv.text("+", x + n * 16 + 2, 19)
                cv.card(x + n * 16 + 10, 13, cards[n])
        elif self.bar is not None:  # the scroll bar
            cv.vline(cv.width - 1, self.bar[0], self.bar[1])
        cv.dotted_hline(0, _FOOT - 3, cv.width)
        cv.texts(self.runs)


class ResetMenu(ListScreen):
    def __init__(self, screen):
        ListScreen.__init__(self, "Reset statistics?", ["No, keep them", "Yes, reset all"])
        self.screen = screen

    def choose(self, index):
        self.app.pop()
        if index == 1:
            self.screen.reset()


def make(app):
    return StatsScreen()
