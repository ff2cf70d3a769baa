"""Loading and forgetting what a game against the computer needs, for the
play screen (``firmware.screens.play``, "Memory"): a module imported
between two collections while the heap is tidy (``_module``), modules
forgotten so their heap comes back (``_forget``, MicroPython only, with
the app's own ``_drop``). Imports ``firmware.app``.
"""

from firmware.app import _drop


def _forget(names):
    """Forget the modules ``names`` (a module's ``MODULES``: it and what only
    it loads) so their heap comes back; ``_module`` loads them again when
    next needed. On a device only (MicroPython, CircuitPython): CPython has
    room, and other code there (tests, tools) may hold on to the modules."""
    import gc
    import sys

    if sys.implementation.name == "cpython":
        return
    for name in names:
        _drop(name)
    gc.collect()


def _forget_stats():
    # the statistics are done at a game's end: their module goes before the log
    _forget(("firmware.stats",))


def _module(name):
    """The module ``name``, imported once between two collections so what
    its loading throws away leaves no holes among what stays (on a small
    heap, a fragmented heap fails before a full one); None when missing."""
    import gc
    import sys

    m = sys.modules.get(name)
    if m is None:
        gc.collect()
        try:
            __import__(name)
        except ImportError:
            return None
        gc.collect()
        m = sys.modules[name]
    return m
