"""The start menu's "Score keeper" mode: the keeper screen of
``firmware.keeper.screen`` (a real table game scored on the LED board).
Imports ``firmware.keeper.screen``."""

from firmware.keeper import screen


def make(app):
    return screen.make(app)
