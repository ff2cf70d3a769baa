"""Play the computer: a match (V2) of the settings' length against the
computer at the settings' difficulty, game (six-card to 121 or 61, five-card
V5, fixed deals V6), open hands (V3) and muggins (V4). ``PlayScreen.update``
is the play of the cards: the engine's events shown on the table
(``firmware.play.table``) one at a time, each for a moment (A skips ahead);
your decisions by ``firmware.play.your_turn`` and
``firmware.play.your_discard``, the computer's by
``firmware.play.opponent_turn``, one step a frame; the match saved after
each of yours (``firmware.play.save``), resumed on entering
(``firmware.play.match_start``); the table drawn by ``firmware.play.draw``
(on a device forgotten while the pause menu or its hint is over the game).
The pages are screens pushed over it (``firmware.play.page``), each with its
keys and its drawing: the cut, a hand's count, the demo's game over;
``under_page`` is what the match runs while one shows. Your game's end ends
the app into the game-over mode (``firmware.play.game_over``'s
``open_over``: firmware.play.finished), the match saved with it whole. B
opens the pause menu. Which code is held when
on a device: ``firmware.play.heap``. Imports ``firmware.keys`` (the button bits),
``firmware.ui.screen``,
``firmware.ui.buttons``, ``firmware.play.draw``, ``firmware.play.heap``,
``firmware.play.save`` and ``firmware.play.table``; the pages
(``firmware.play.cut``, ``firmware.play.show``, ``firmware.play.game_over``),
the pause menu (``firmware.play.pause``) and ``firmware.play.match_start``
when used; the match's opening a step a frame by ``firmware.play.opening``
(the computer's module and the save's by name).
"""

import sys

import firmware.play.draw  # noqa: F401  the table's drawing, imported with the screen
import firmware.play.save  # noqa: F401  and the save's code
from firmware.keys import A, B
from firmware.ui import buttons
from firmware.ui.screen import MessageScreen, Screen
from firmware.play.heap import (
    PLAY_CODE, _forget, _module, code, off_turn, page_code,
)  # fmt: skip
from firmware.play.table import ACTED, BUSY, CONFIRM, NO_PAGE, Table

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  CPython has no const()

_NOTICE_QUIET = const(800)  # and a notice at a game's end (firmware/ui/screen.py)
_OPENING = const("firmware.play.opening")
_LISTS = const("firmware.ui.list_screen")  # the pause menu's base, forgotten with it


class PlayScreen(Screen):
    """``PlayScreen(seed=None)``; ``seed`` fixes the deals of a new match
    (tests); None takes one from the clock. ``table`` is what is shown."""

    human = True  # seat 0 is the player (the demo overrides)
    names = ("You", "CPU")
    views = True  # the table's pages and modes change by themselves (``view``)

    def __init__(self, seed=None):
        self.seed = seed
        self.ready = False
        self.opening_left = 0  # steps of the match's opening still to run (firmware.play.opening)
        self.chosen = None  # the computer's decision, made a frame before it is played
        self.steps = None  # (generator, out) of a decision made a step a frame (expert)
        self.to_save = False  # your decision is saved in the frame after it
        self.match = None
        self.game = None
        self.store = None
        self.level = "medium"
        self.levels = None
        self.notice = None
        self.table = Table(self.names, self.human)
        self.queue = []
        self.wait = 0
        self.saved_at = -1  # len(game.moves) when last saved
        self.over_seen = False
        self.drawn = [None, False]  # what the table's parts show (draw.band)
        self.paged = None  # the page code loaded (firmware.play.heap.PAGES), or None
        self.opening = None  # the match's opening under way (``_open_match``), or None

    # ---- entering: resume or a new match ----
    def enter(self):
        if self.ready:  # back from a screen over the game: the code it loaded goes
            # loaded by screens over the game (the pause menu, its hints)
            over = (
                "firmware.play.pause",
                "firmware.play.hint",
                "firmware.play.expert_hint",
                "firmware.working",
            )
            names = [m for m in over if m in sys.modules]
            lists = sys.modules.get(_LISTS)  # the menus' screen: the play has none,
            if lists is not None:  # so it goes too when no module left holds it
                cls = lists.ListScreen
                held = [1 for n in sys.modules if getattr(sys.modules[n], "ListScreen", 0) is cls]
                if len(held) == 1 + ("firmware.play.pause" in names):  # its own, the menu's
                    names.append(_LISTS)
            if names:
                _forget(names)
            return
        self.ready = True
        self.store = _module("firmware.play.save").open_store(self.app.hw.storage)
        # the computer and the match's start loaded a frame each after the
        # first (the mode's first frame waits for neither), while the heap is tidy
        self._set_off()

    def _set_off(self, load=True):
        # the match's opening, a step a frame on a device (firmware.play.opening)
        _module(_OPENING).set_off(self, load)

    def _open_step(self):
        _module(_OPENING).open_step(self)

    def _open_match(self):
        # firmware.play.match_start's opening: a generator (the demo's opens at once: None)
        start = _module("firmware.play.match_start")
        return start.open_steps(self, getattr(self.app.hw, "staged", False))

    def _settings_level(self):
        level = getattr(self.app.settings, "difficulty", "medium")
        return level if level in _module("firmware.play.save").LEVELS else "medium"

    def _begin(self, match):
        self.match = match
        self.game = match.game
        # your decisions weighed this game (your_turn.note); the last item:
        # the game was resumed, so its end weighs it whole (game_over.steps)
        self.coach = [0, 0, 0, 0, [], len(self.game.moves) > 0]
        self.over_seen = False
        self.queue = []
        self.wait = 0
        self.table.start(self.game)
        peg = self.app.pegboard
        if peg is not None:
            peg.celebrate(-1)
            peg.set_target(self.game.target)
            self._peg_deals()
            scores = self.table.scores
            for seat in (0, 1):
                peg.set_pegs(seat, scores[seat], scores[seat])

    # ---- saving ----
    def _save(self):
        # True when the match is saved as it stands
        if self.store is None or not self.human:
            return False
        try:
            self.store.save(
                _module("firmware.play.save").payload(self.level, self.match, self.coach)
            )
            self.saved_at = len(self.game.moves)
            return True
        except OSError as e:
            self.table.say("Not saved: %s" % e)
            return False

    def _drop_save(self):
        if self.store is None or not self.human:
            return
        try:
            self.store.clear()
        except OSError as e:
            self.table.say("Save not deleted: %s" % e)

    # ---- events, one at a time ----
    def _apply(self, e):
        """Show one engine event; the ms it should stay."""
        kind = e[0]
        if kind == "end":
            self._open_over(e[1], e[2], e[3], e[4])
            return 0
        if kind == "score":
            peg = self.app.pegboard
            if peg is not None:
                peg.set_pegs(e[1], e[3], e[3] - e[2], True)
        ms = self.table.apply(e, self.game, self.queue)
        if kind == "deal":
            self._peg_deals()
        elif kind == "cut":  # the page's code: loaded for the cut (firmware.play.heap)
            from firmware.play.cut import CutPage, open_cut

            open_cut(self.table, e[1], e[2])
            self.app.push(CutPage(self))
        elif kind == "show":  # and for the count
            from firmware.play.show import ShowPage, open_show

            t = self.table
            open_show(t, e[1], e[2], e[3], self.queue)
            t.claimed = None
            self.app.push(ShowPage(self))
        return ms

    def _peg_deals(self):
        # fixed deals (V6): the deals still to play on the LED board
        peg = self.app.pegboard
        d = self.game.deals
        if peg is not None:
            peg.set_deals(d - max(1, self.table.deal_no) + 1 if d else 0)

    def _open_over(self, winner, s0, s1, skunk):
        from firmware.play.game_over import open_over

        open_over(self, winner, s0, s1, skunk)

    def _stepped(self, events):
        return False  # the demo steps on any button

    def _finished(self):
        """A on a finished match's page: a rematch with the same settings
        (``firmware.play.match_start``), a step a frame on a device (the
        demo's; yours when the game's end could not be saved)."""
        self._set_off(False)

    # ---- the frame: the play of the cards ----
    def update(self, dt, events):
        if self.opening_left:
            self._open_step()
            return True
        if not self.ready or self.game is None:
            return False
        if self.to_save:  # your decision's save, a frame after it
            self.to_save = False
            self._save()
            return False
        if page_code(self):  # a page's code loaded or forgotten: a frame of its own
            return True
        if self.notice:
            return self._notice()
        t = self.table
        changed = t.tick(dt)
        if buttons.happened(events, "press", B) and t.mode != CONFIRM:
            self._pause()
            return True
        if self.wait > 0:
            if buttons.happened(events, "press", A) or self._stepped(events):
                self.wait = 0
                return True
            self.wait -= dt
            if self.wait > 0:
                inp = sys.modules.get(PLAY_CODE[0])
                if self.coach[4] and inp is not None:  # a frame that only waits: the coach
                    inp.weigh(self.coach)  # weighs one
                return changed
        if self.queue:
            self.wait = self._apply(self.queue.pop(0))
            t.prepare(self.game)
            return True
        return self._decide(events) or changed

    def _notice(self):
        title, text = self.notice
        self.notice = None
        # one at a game's end comes by itself, under a press made for the game
        quiet = _NOTICE_QUIET if self.game.phase == "over" else 0
        self.app.push(MessageScreen(title, text, quiet))
        return True

    def under_page(self):
        """What the match runs under the page screen on top (a ``Page``) in a
        frame before the page's own keys: a rematch's start (the page leaves
        once it is dealt), a notice. None
        when it ran nothing; else what the page's ``update`` returns."""
        if self.opening_left:
            self._open_step()
            if self.table.page == NO_PAGE:
                self.app.pop()  # the rematch is dealt
            return True
        if self.notice:
            return self._notice()
        return None

    def _decide(self, events):
        g = self.game
        t = self.table
        if g.phase == "over":
            if t.page == NO_PAGE:
                t.set_mode(BUSY, g)
                self._open_over(g.winner, g.scores[0], g.scores[1], g.skunk)
                return True
            return False
        seat = g.to_act(1)  # the computer discards first
        if seat < 0:
            return False
        if seat == 1 or not self.human:
            if t.mode != BUSY:  # shown busy first: the computer's turn from the next frame
                t.set_mode(BUSY, g)
                return True
            if self.human and off_turn(self):  # the coach weighs, then your keys go
                return True
            cpu = code(self, PLAY_CODE[2])  # the computer's turns
            return cpu is None or cpu.turn(self, seat)
        # saved in this frame (a save that fails, or a game with no store, is
        # tried again at the next frame and never holds your keys back)
        saved = self.saved_at != len(g.moves) and self._save()
        if g.phase == "count":  # muggins: the show's code counts it
            done = _module("firmware.play.show").count(t, g, events)
        else:
            if saved and PLAY_CODE[0] not in sys.modules and getattr(self.app.hw, "staged", 0):
                # a device: your keys' code loads in the next frame, not in
                # the save's (the two in one frame: 100.5 ms, emulated Pico,
                # MicroPython v1.28.0)
                return True
            inp = code(self, PLAY_CODE[0])  # your play's keys and the coach's notes
            if inp is None:
                return True  # loaded in this frame (a game's first decision)
            if g.phase == "discard":
                keys = code(self, PLAY_CODE[1])  # your discard's
                if keys is None:
                    return True
                done = keys.discard(t, g, events, self.coach, inp.note)
            else:
                done = inp.play(t, g, events, self.coach)
        if done == ACTED:
            self.queue.extend(g.take_events())
            t.marked = []
            t.set_mode(BUSY, g)
            self.to_save = True  # in the next frame: this one acted (firmware.play.your_turn)
        return done

    # ---- what the keys act on (firmware/ui/screen.py) ----
    def view(self):
        """The table's mode: at each change the app mutes the keys held (a
        press made for a message or the computer's turn never acts on your
        decision)."""
        return self.table.mode

    # ---- the pause menu (firmware.play.pause) ----
    def _pause(self):
        # your keys' code and the table's drawing go while the menu is open
        # (its hint weighs with the computer's, which stays; yours loads
        # again at your turn, the drawing as the table is drawn again): a
        # device's hint, over the play with both, was 100.9 and 97.3 KB
        # (96 KB budget, emulated Pico, MicroPython v1.28.0); collected as
        # the menu loads
        _forget(PLAY_CODE[:2] + ("firmware.play.draw",), False)
        from firmware.play.pause import PauseMenu

        self.app.push(PauseMenu(self))

    def quit(self):
        if self.game.phase != "over" or not self.table.match_over:
            self._save()
        self.app.home()

    def abandon(self):
        self._drop_save()
        self.app.home()

    def busy(self):
        """True while timers run without redrawing (events on show, a message
        fading, the computer to move, a page): the app must not sleep."""
        if self.opening_left:
            return True
        if self.game is None:
            return False
        t = self.table
        return bool(
            t.mode == BUSY or self.wait > 0 or t.msg_ms > 0 or self.queue
            or t.page != NO_PAGE or self.notice
        )  # fmt: skip

    def leave(self):
        if self.to_save:  # left in the frame after your decision
            self.to_save = False
            self._save()
        peg = self.app.pegboard if self.app else None
        if peg is not None:
            peg.celebrate(-1)

    # ---- drawing: firmware.play.draw ----
    def band(self):
        """The rows of the table's parts that changed (firmware/ui/screen.py)."""
        from firmware.play import draw as table_draw

        return None if self.game is None else table_draw.band(self.table, self.drawn)

    def draw(self, cv):
        if self.game is None:
            cv.center("Shuffling", 28)  # the frame before the start (a device)
            self.drawn[0] = None
            return
        from firmware.play import draw as table_draw

        table_draw.draw(cv, self.table, self.names, self.drawn)
