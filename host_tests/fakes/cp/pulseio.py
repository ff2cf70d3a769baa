"""Stub of CircuitPython's ``pulseio`` (tests only): imported by Blinka's
display packages, never used here."""
