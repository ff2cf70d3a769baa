"""What the device does before the app runs and between two runs of it:
picks the hardware backend for this interpreter, loads the board
description (``device``), builds the app (``build``), and draws the error
screens of a crash (``crashed``: ``show_message``, ``wait``). ``firmware.main`` loads it to build an
app and after a crash, and forgets it while the app runs: none of it is
needed then, and on a Pico its code would sit in the heap all game.
Imports ``firmware.ui.wrap``; ``firmware.app``, ``boards``,
``firmware.pegboard`` and one ``firmware.hw`` backend, each when used.

Backends: ``mp`` on MicroPython boards, ``cp`` on CircuitPython, ``web`` on
the WebAssembly port (a page steps ``firmware.web_runner.Runner``), ``host``
anywhere else (CPython, the MicroPython unix port). The board name comes from
a one-line file ``board.txt`` when there is one, else ``boards.DEFAULT``; a
missing or unknown board leaves ``board`` None and the defaults of the backend.
"""

import sys

from firmware.ui.wrap import wrap

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  CPython has no const()

_STOPPED = const("Stopped")  # a const(): a short literal would be a name

_A = const(16)  # firmware.hal.A, without importing more than the error screen needs


def backend_name():
    impl = sys.implementation.name
    if impl == "circuitpython":
        return "cp"
    if sys.platform == "webassembly":
        return "web"  # the browser page drives firmware.web_runner's Runner
    if impl == "micropython" and sys.platform not in ("linux", "darwin", "win32", "windows"):
        return "mp"
    return "host"


def board_name(path="board.txt"):
    try:
        with open(path) as f:
            name = f.readline().strip()  # further lines: backend options (cp: display=)
        if name:
            return name
    except OSError:
        pass
    try:
        import boards

        return boards.DEFAULT
    except ImportError:
        return None


def load_board(name):
    """The board module, or None (with a message) when it cannot be had."""
    if name is None:
        return None
    try:
        import boards

        return boards.load(name)
    except (ImportError, ValueError) as e:
        print("board %r not loaded (%s); using defaults" % (name, e))
        return None


def make_pegboard(board):
    if board is None or not hasattr(board, "LAYOUT"):
        return None
    try:
        from firmware.pegboard import Pegboard

        return Pegboard(board.LAYOUT, getattr(board, "POWER", None), getattr(board, "N_LEDS", None))
    except ImportError:
        return None


def make_hw(backend=None, board=None, **hw_args):
    name = backend or backend_name()
    __import__("firmware.hw." + name)
    return sys.modules["firmware.hw." + name].make(board, **hw_args)


def build(backend=None, board=None, hw=None, resume=False, **hw_args):
    """The app ready to run: ``hw`` if given, else ``firmware.hw.<backend>``'s
    ``make(board, **hw_args)``; ``resume`` reopens the mode that was open."""
    from firmware.app import App

    if hw is None:
        hw = make_hw(backend, board, **hw_args)
    return App(hw, board=board, pegboard=make_pegboard(board), resume=resume)


def device():
    """``(hw, board)``: this device's board description (``board.txt``) and
    its backend's hardware."""
    board = load_board(board_name())
    return make_hw(board=board), board


def crashed(hw, what, stopped, pause_ms):
    """The error screen after a crash (``what``: its error, as text): "Oops:
    restarting" for ``pause_ms`` (A skips it); when the crash loop stopped
    after ``stopped`` crashes in a short time, "Stopped" until A."""
    if stopped:
        show_message(
            hw,
            _STOPPED,
            "%d errors in a short time: %s\nSaves are kept. A: menu" % (stopped, what),
        )
        wait(hw, 0, True)
    else:
        show_message(hw, "Oops: restarting", what + "\nYour game is saved.")
        wait(hw, pause_ms)


def show_message(hw, title, text):
    """Draw ``title`` (inverted) and ``text`` with the framebuf's own font:
    works when the app's modules cannot be loaded. Never raises."""
    try:
        d = hw.display
        fb = d.fb
        fb.fill(0)
        fb.fill_rect(0, 0, d.width, 9, 1)
        fb.text(title[:16], 0, 1, 0)
        y = 12
        for ln in wrap(text, 16):  # the 8x8 framebuf font: 16 columns
            if y > d.height - 8:
                break
            fb.text(ln, 0, y, 1)
            y += 9
        d.show()
    except Exception as e:
        print("error screen failed:", e)


def wait(hw, ms, for_a=False):
    """Wait ``ms`` (forever when 0) feeding the watchdog; a press and release
    of A ends it early (``for_a``: only that ends it), so the new app does
    not take the press as its own. True when A ended it."""
    clock = hw.clock
    start = clock.ticks_ms()
    state = 0  # 0: A must be up first, 1: up, 2: pressed while waiting
    while True:
        hw.feed()
        try:
            a = hw.buttons.read() & _A
        except Exception:
            a = 0
        if a:
            if state:
                state = 2
        elif state == 2:
            return True
        else:
            state = 1
        if ms and not for_a and clock.ticks_diff(clock.ticks_ms(), start) >= ms:
            return False
        clock.sleep_ms(20)
