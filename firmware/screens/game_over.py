"""The game-over mode: your finished game's page, its statistics and log,
and the next game dealt (``firmware.play.finished``). The play screen ends
its app into it as your game ends; it is not in the start menu. Imports
``firmware.play.finished``."""

from firmware.play.finished import FinishedGame


def make(app):
    return FinishedGame()
