"""The device program: app, screens, input, LED pegboard, hardware backends.
``drop(name)`` forgets one of its loaded modules, so that its code goes at
the next collection (a module used for one step, read once and let go).
Imports nothing."""


def drop(name):
    """Forget the module ``name`` (its code goes at the next collection)."""
    import sys

    if sys.modules.pop(name, None) is not None:
        package, _, leaf = name.rpartition(".")
        if package in sys.modules and hasattr(sys.modules[package], leaf):
            delattr(sys.modules[package], leaf)
