"""The button bits: one bit per button in the bitmask ``hw.buttons.read()``
returns (firmware/hal.py's contract) and in the ``(kind, bit)`` events of
``firmware.ui.buttons``. Every module that names a button imports it from here;
a chord is its bits together (``A | B``). Imports nothing.
"""

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  CPython has no const()

UP = const(1)
DOWN = const(2)
LEFT = const(4)
RIGHT = const(8)
A = const(16)
B = const(32)
