"""The app's mode steps, kept out of firmware/app.py so that they are not in
a Pico's heap while a mode runs: opening a mode (``open``), the
mode record (``note``, ``ending``), the start after a restart (``resume``),
building the app (``start``) and passing the settings on to the hardware
(``apply``). ``App._mode_step(step, ...)`` loads this module for one step and
forgets it after (``firmware.drop``). Imports ``firmware`` (``drop``),
``firmware.crash_writer`` (``print_exception``),
``firmware.ui.buttons``, ``firmware.ui.canvas``, ``firmware.power``,
``firmware.store.records``, ``firmware.ui.screen``;
``firmware.store.settings``, ``firmware.screens.menu`` and
``engine.winprob_problem`` (the win-chance table checked) as the app
starts, and the screens of ``firmware.screens`` by name.

Modes and restarts
------------------
A mode runs in an app of its own: the app ends naming the next mode
(``app.switch``), ``ending`` writes it in a tiny crash-safe record
(``LastMode``) and ``firmware.main`` restarts; the new app (``App(hw,
resume=True)``, ``resume``) opens what the record names. The same record
reopens the mode after a crash, a watchdog reset or a power cut; the mode
then resumes from its own save. A mode reopened that way that fails again
before it has run ``_STABLE_MS`` counts as a failed start; after
``_RESUME_TRIES`` of them the app starts at the menu with a message instead
of looping. The app remembers what the record holds (``app._modes``), so an
unchanged record is not even read again.

The record's payload (version 1): ``tries`` (1 byte), then the mode's name
in ASCII (at most 16 bytes; empty for the start menu). ``tries`` counts the
restarts into that mode that have not yet run cleanly for a while; two
values say how the last app ended instead: ``_OPENED``, the mode was chosen
in the menu and not yet started (it opens as the menu opened it: no failed
start to count), and ``_BACK``, the app went back to the menu from that mode
(the menu opens with it under the cursor).
"""

import sys

from firmware.crash_writer import print_exception as _log
from firmware.ui.buttons import Buttons
from firmware.ui.canvas import Canvas
from firmware.power import Power
from firmware.store.records import RecordStore
from firmware.ui.screen import MessageScreen, Screen

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  CPython has no const()

_RESUME_TRIES = const(2)  # failed starts of a reopened mode before the menu is used
_STABLE_MS = const(10000)  # a reopened mode that runs this long started cleanly
_OPENED = const(255)  # tries: chosen in the menu, not yet started
_BACK = const(254)  # tries: back at the menu from the mode named

MAGIC = b"MODE"
VERSION = 1
NAME = "mode"
_MAX_NAME = const(16)
# texts under 11 characters as const()s: as literals they would be names
# interned for good on a device
_QUOTED = const("'%s'")
_RESTART = const("Restart")
_SAVES_OFF = const("Saves off")


class LastMode:
    """The mode record on ``storage``: ``load()``, then ``save(name, tries)``."""

    def __init__(self, storage):
        # two copies written in turn (records.py's slots): one file operation a
        # save, not a new file and two renames (docs/firmware-figures.md)
        self.store = RecordStore(storage, NAME, MAGIC, VERSION, slots=True)
        self.name = ""
        self.tries = 0

    def load(self):
        """``(name, tries, problem)``: the mode that was open ('' for none)
        and a sentence when the record was refused (None when all is well)."""
        payload, version, problem = self.store.load()
        self.name, self.tries = "", 0
        if payload is not None:
            name = bytes(payload[1:])
            ok = 0 < len(name) <= _MAX_NAME
            for ch in name:
                if not (97 <= ch <= 122 or 48 <= ch <= 57 or ch == 95):  # a-z 0-9 _
                    ok = False
            if ok:
                self.name, self.tries = name.decode(), payload[0]
            elif name:
                problem = "the last mode record names no mode; starting at the menu"
        return self.name, self.tries, problem

    def save(self, name, tries=0):
        """Store ``name`` ('' or None: the menu) and ``tries``; only when
        they change. Raises what the storage raises."""
        name = name or ""
        tries = min(255, tries)
        if name == self.name and tries == self.tries:
            return
        if len(name) > _MAX_NAME:
            raise ValueError("mode name too long: %r" % name)
        self.store.save(bytes((tries,)) + name.encode())
        self.name, self.tries = name, tries


def missing(exc, name):
    """True when the ImportError ``exc`` says that module ``name`` itself is
    missing, not something it imports (MicroPython, CircuitPython and
    CPython all quote the whole dotted name)."""
    return (_QUOTED % name) in str(exc)


def open(app, name, note_it=True):
    """``app.open``: push the screen that ``firmware/screens/<name>.py``'s
    ``make(app)`` returns, or a 'coming soon' message when there is no such
    module. From the root it is the app's mode: recorded (``note_it``)."""
    full = "firmware.screens." + name
    root = len(app.stack) == 1
    try:
        __import__(full)
    except ImportError as e:
        if not missing(e, full):
            raise  # the module exists but something inside it is missing
        if root and note_it:
            note(app, "")
        app.push(MessageScreen("Coming soon", "This part of the game is not built yet."))
        return
    if root and app.mode != name:
        app.mode = name
        if note_it:
            note(app, name)
    app.push(sys.modules[full].make(app))


def ending(app):
    """The app ended (``app.next``): the record says what the next app
    opens; True. Never fatal: when the record cannot be written (a storage
    that keeps nothing), False, and ``app`` goes on, the mode opened (or
    the menu entered) in it."""
    name = app.next
    want = (name, _OPENED) if name else (app.mode, _BACK) if app.mode else ("", 0)
    note(app, want[0], want[1])
    if app._modes == want:
        return True
    app.next = None
    app.invalidate()
    try:
        if name:
            open(app, name)
        else:
            app.mode = None
            app._enter(app.stack[0])
    except Exception as e:
        app.crash(e)
    return False


def _record(app):
    # the record, loaded, and a sentence when it was refused or unreadable
    rec = LastMode(app.hw.storage)
    try:
        problem = rec.load()[2]
    except Exception as e:  # storage that cannot be read
        _log(e)
        problem = "the last mode could not be read: %s" % e
    app._modes = (rec.name, rec.tries)  # what it holds
    return rec, problem


def note(app, name, tries=0):
    """Store ``name`` ('' for the menu) and ``tries`` in the mode record when
    they change; never fatal: a mode opens whether or not it was written."""
    if app._modes == (name, tries):
        return
    try:
        at = app._modes_at
        if at is None:
            rec = _record(app)[0]
        else:  # where our last save left it: no need to read it again
            rec = LastMode(app.hw.storage)
            rec.name, rec.tries = app._modes
            store = rec.store
            store.seq, store._cur = at
            store._loaded = True
        rec.save(name, tries)
        app._modes = (name, tries)
        app._modes_at = (rec.store.seq, rec.store._cur)
    except Exception as e:
        app._modes_at = None  # read it afresh next time
        _log(e)


def resume(app):
    """Open what the record names: the mode chosen in the menu, the mode
    that was open when ``app`` last stopped, or the menu (with the cursor on
    the mode it came back from)."""
    problem = _record(app)[1]
    name, tries = app._modes
    if problem:
        _at_menu(app)
        app.push(MessageScreen(_RESTART, problem))
        return
    if not name:
        _at_menu(app)
        return
    app._held = tries >= _BACK  # the press that ended the last app may be held still
    if tries == _BACK:
        from firmware.screens.menu import index_of

        root = _at_menu(app)
        if hasattr(root, "cursor"):
            root.cursor = index_of(name)
            root.top = max(0, root.cursor - root.rows + 1)
        return
    if tries == _OPENED:  # as the menu opened it: nothing to count yet
        note(app, name)
        try:
            open(app, name, False)
        except Exception as e:  # as the menu's open failed: said over the menu
            app.crash(e)
        return
    if tries >= _RESUME_TRIES:
        note(app, "")
        _at_menu(app)
        app.push(
            MessageScreen(
                _RESTART,
                "%s failed as it started %d times, so the app starts at the menu. "
                "Its save is kept." % (name, tries),
            )
        )
        return
    note(app, name, tries + 1)
    app._stable_left = _STABLE_MS
    open(app, name, False)


def _at_menu(app):
    # the app opens no mode: its root, a bare screen till now, becomes the
    # menu and shows (a root given to the app is shown already); the root
    root = app.stack[0]
    if type(root) is Screen:
        root = menu(app)
        app._enter(root)
    return root


def start(app, root, board, settings, pegboard, restart):
    """``App(hw, ...)``: what the app holds, its settings passed on, the root
    screen (the start menu unless given; after a restart a bare screen that
    becomes the menu when it shows, ``_at_menu``), after a restart the mode that was
    open (``restart``: ``resume``), and a message for settings or a storage that were
    refused, or a damaged win-chance table (not in an app after a switch:
    said once, as the device started)."""
    hw = app.hw
    d = hw.display
    app.board = board
    app.canvas = Canvas(d.fb, d.buf, d.width, d.height)
    app.buttons = Buttons(diff=hw.clock.ticks_diff)
    app.pegboard = pegboard
    app.led_buf = None
    if pegboard is not None:
        # the strip's own buffer where the backend lends it (firmware/hal.py): one copy less
        app.led_buf = getattr(hw.leds, "buf", None) or bytearray(hw.leds.n * 3)
    if settings is None:
        from firmware.store.settings import Settings

        settings = Settings(hw.storage)
        settings.load()
    app.settings = settings
    app.power = Power(app, getattr(board, "BATTERY", None) if board is not None else None)
    apply(app)  # the settings passed on to the hardware
    app.stack = []
    app.dirty = True
    app._whole = True  # the next redraw is of the whole screen (no band)
    app._percent = -1  # the battery gauge last drawn
    app.last = None
    app.errors = 0
    app.last_error = None
    app.frames = 0
    app.failing = None  # set when errors keep coming: tick raises Failing
    app._fail_times = []
    app.mode = None  # the mode opened from the root, by name
    app._modes = None  # (name, tries): what its record holds, once read
    app._modes_at = None  # (seq, copy) of the record after our last save: no read before the next
    app._stable_left = 0  # ms a reopened mode must still run to count as started
    app.next = None  # once the app ended: the mode to open next ('' the menu)
    app._held = False  # after a switch: the keys held at the first frame are muted
    app._view = 0  # the top screen's ``view()`` the keys were last muted for
    if root is None and restart:
        # the menu is made when the root first shows (``menu``): a mode's app
        # runs without the menu's code and screen beneath the mode
        app.stack.append(Screen())
    else:
        app.push(menu(app) if root is None else root)
    if restart:
        resume(app)  # reopen the mode that was open
    if app._held:
        return  # an app after a switch: what follows was said as the device started
    problem = getattr(settings, "problem", None)
    if problem:
        app.push(MessageScreen("Settings", problem))
    problem = getattr(hw.storage, "problem", None)  # a storage that cannot keep saves
    if problem:
        app.push(MessageScreen(_SAVES_OFF, problem))
    problem = _table_problem()  # a damaged win-chance table: said once, then read as none
    if problem:
        app.push(MessageScreen("Win chances", problem))


def menu(app):
    """The start menu, made the root of ``app`` (its screen until then is a
    bare ``Screen``: a mode's app, which has not shown it); the menu."""
    from firmware.screens.menu import MenuScreen

    root = MenuScreen()
    root.app = app
    if app.stack:
        app.stack[0] = root
    return root


def _table_problem():
    # engine.winprob_problem has the table checked once (the verdict stays on
    # the engine package): its modules are loaded for that and forgotten after
    import sys

    from engine import winprob_problem

    try:
        return winprob_problem.problem()
    finally:
        if sys.implementation.name != "cpython":
            from firmware import drop as _drop

            _drop("engine.winprob_problem")
            _drop("engine.winprob_check")
            _drop("engine.winprob")


def apply(app):
    """``app.apply_settings``: the settings passed on to the hardware."""
    if app.pegboard is not None:
        app.pegboard.set_brightness(app.settings.led_level())
    dim = getattr(app.settings, "dim", 60) * 1000
    app.power.dim_ms = dim
    app.power.off_ms = dim * 5  # the panel goes off after five times as long
