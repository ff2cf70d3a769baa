"""A match's opening in the play mode, a step a frame on a device: the
match's start loaded (``_OPEN``), the match opened or the saved game
replayed (the play screen's ``_open_match``), what that loaded forgotten,
then the computer's code (``_LATE``). Loaded for the opening and forgotten
at its end, with it (a device: 96 KB budget, the play mode's peak live heap;
held all game this code was 0.6 KB of a 121 game's 96.5 KB, emulated Pico,
MicroPython v1.28.0). Imports ``firmware.play.heap``; by name
``engine.opponent``, and the match's start (``_OPEN``).
"""

import sys

from firmware.play.heap import _forget, _module

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  CPython has no const()

# the modules the opening loads a frame each (``open_step``) after the
# mode's first frame (the "Shuffling" only: "" loads nothing); the
# computer's (``_LATE``) once the match has opened and these are forgotten:
# held while a saved game replays, the resumed game's first frames were
# 99.0 KB (96 KB budget, emulated Pico, MicroPython v1.28.0)
_OPEN = const(("", "engine.restore", "firmware.play.match_start"))
_LATE = const("engine.opponent")


def set_off(screen, load=True):
    """Open ``screen``'s match (the play screen's) a step at a time: with
    ``load``, the modules of ``_OPEN`` a frame each (the demo and a rematch
    load none); then a collection, so none falls in the next frame, the
    match opened (``screen._open_match()``, a generator run a step a frame),
    firmware.play.match_start forgotten and the computer's code (``_LATE``):
    at once, or on a device a frame each (no frame freezes)."""
    names = _OPEN if load else ()
    screen.opening_left = len(names) + 4
    if not getattr(screen.app.hw, "staged", False):
        while screen.opening_left:
            open_step(screen)


def open_step(screen):
    """One step of ``set_off``'s opening."""
    k = screen.opening_left
    screen.opening_left = k - 1
    if k > 4:
        name = _OPEN[-(k - 4)]
        if name:
            _module(name)
    elif k == 4:
        _forget(())  # nothing: the collection (MicroPython)
    elif k == 3:  # the match opened: at once, or a step a frame (a generator)
        steps = screen.opening or screen._open_match()
        screen.opening = None
        if steps is not None:
            try:
                next(steps)
                screen.opening = steps
                screen.opening_left = 3  # the saved game's replay goes on in the next frame
            except StopIteration:
                pass
    elif k == 2:  # what the match's start loaded (firmware.play.match_start's MODULES)
        start = sys.modules.get("firmware.play.match_start")
        names = start.MODULES if start is not None else ()
        start = None
        _forget(names)
    else:  # the opening's code goes, and the computer's loads
        _forget((__name__,), False)
        _module(_LATE)
