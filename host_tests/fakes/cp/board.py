"""Fake of CircuitPython's ``board`` module (tests only): the Pico's GP names
as ``microcontroller.pin`` objects; no ``DISPLAY``."""

import microcontroller as _mc

for _n in range(30):
    globals()["GP%d" % _n] = getattr(_mc.pin, "GPIO%d" % _n)
