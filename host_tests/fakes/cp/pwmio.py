"""Stub of CircuitPython's ``pwmio`` (tests only): no PWM, so Blinka's
displayio falls back to a plain backlight pin it never needs for an OLED."""
