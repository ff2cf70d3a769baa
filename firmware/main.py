"""The device entry point: picks the hardware backend for this interpreter,
loads the board description, builds the app and runs its loop. The board's
root ``main.py`` only needs ``import firmware.main`` then
``firmware.main.main()``. Imports ``firmware.app``, ``boards``,
``firmware.pegboard`` and one ``firmware.hw`` backend, each when used.

Backends: ``mp`` on MicroPython boards, ``cp`` on CircuitPython, ``host``
anywhere else (CPython, the MicroPython unix port). The board name comes from
a one-line file ``board.txt`` when there is one, else ``boards.DEFAULT``; a
missing or unknown board leaves ``board`` None and the defaults of the backend.
"""

import sys


def backend_name():
    impl = sys.implementation.name
    if impl == "circuitpython":
        return "cp"
    if impl == "micropython" and sys.platform not in ("linux", "darwin", "win32", "windows"):
        return "mp"
    return "host"


def board_name(path="board.txt"):
    try:
        with open(path) as f:
            name = f.read().strip()
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


def build(backend=None, board=None, hw=None, **hw_args):
    """The app ready to run: ``hw`` if given, else ``firmware.hw.<backend>``'s
    ``make(board, **hw_args)``."""
    from firmware.app import App

    if hw is None:
        name = backend or backend_name()
        __import__("firmware.hw." + name)
        hw = sys.modules["firmware.hw." + name].make(board, **hw_args)
    return App(hw, board=board, pegboard=make_pegboard(board))


def main():
    app = build(board=load_board(board_name()))
    app.run()


if __name__ == "__main__":
    main()
