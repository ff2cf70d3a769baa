"""Cribbage engine: pure Python for CPython, MicroPython and CircuitPython.

Cards, scoring, the game state machine, players, the seeded PRNG and the save
and log formats. Imports nothing outside the standard subset that every one of
those interpreters has, and never touches hardware. Importing this package does
no work; import the module you need (``engine.score``, ``engine.game``...).
"""
