"""The start menu's "Play" mode: the play screen of ``firmware.play.screen``
(a match against the computer). Imports ``firmware.play.screen``."""

from firmware.play.screen import PlayScreen


def make(app):
    return PlayScreen()
