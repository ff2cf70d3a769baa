"""Hardware backends, one module per runtime; see ``firmware.hal`` for the
contract. ``once(name, ...)``: a backend's building (``firmware.hw.<name>``'s
``make``), which runs once at boot, loaded for it and forgotten after on a
device, so its code is not on the heap while the app runs. Imports the
building module of ``firmware.hw`` it is given, by name."""


def once(name, *args):
    """``firmware.hw.<name>.make(*args)``; on a device (MicroPython,
    CircuitPython) the module is forgotten after: what it made, and their
    classes, stay."""
    import sys

    full = "firmware.hw." + name
    __import__(full)
    try:
        return sys.modules[full].make(*args)
    finally:
        if sys.implementation.name != "cpython":
            sys.modules.pop(full, None)
            package = sys.modules.get("firmware.hw")
            if hasattr(package, name):
                delattr(package, name)
