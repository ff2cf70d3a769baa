"""The simulator's parts, used by tools/sim.py (the app on a simulated clock
and the command line): ``script`` (the script language), ``keys`` (terminal keys to
the device's buttons), ``view`` (the OLED and the LED pegboard drawn in the
terminal, and the PNG screenshot) and ``text`` (the screen as lines of
text). CPython only; importing the package imports nothing.
"""
