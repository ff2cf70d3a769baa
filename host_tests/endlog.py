"""A game's end at once, for tests: what the game-over mode
(firmware/play/finished.py, with firmware/play/game_log.py and
game_log_buffer.py) does a step a frame on a device, run to the end here
(``run``): the statistics and the log (``game_done``), or the log's text
alone (``log_bytes``, ``log_text``). Portable (CPython and MicroPython).
Not a test module. Imports firmware.play.finished and firmware.play.game_log_buffer.
"""

from firmware.play import finished, game_log_buffer


def run(steps):
    """A generator of steps run to its end: what it returns."""
    try:
        while True:
            next(steps)
    except StopIteration as e:
        return e.value


def log_bytes(game, on_event=None, room=None):
    """The GAMELOG text of ``game`` so far as a bytearray (or a memoryview
    of ``room`` when it is big enough), replayed from its decisions (so a
    resumed game exports whole); ``on_event`` also sees every event."""
    return run(game_log_buffer.log_steps(game, finished._replay_steps, on_event, room))


def log_text(game, on_event=None):
    """``log_bytes`` as a str."""
    return bytes(log_bytes(game, on_event)).decode()


def game_done(storage, match, match_over, match_won, room=None):
    """``match``'s game is over: counted in the statistics kept in
    ``storage`` and its log written there, at once (the play screen's
    ``firmware.play.finished.game_done_steps``). Returns ``(problem, failed)``."""
    return run(finished.game_done_steps(storage, match, match_over, match_won, room))
