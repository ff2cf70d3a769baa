"""What the screens are made of: the screen base classes (``screen``), the
drawing (``canvas`` over a framebuffer, ``fakefb`` standing in for
MicroPython's on CPython), the 5x7 font (``font``), text broken into lines
(``wrap``), cards and scoring items as text (``cardtext``) and the button
events (``buttons``). Imports nothing."""
