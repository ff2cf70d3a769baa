"""Starting a match on the play screen (``firmware.screens.play``): resuming
the saved match, a new match from the settings, or a rematch with the same
settings when a match is over. Loaded by the screen only for that (entering,
a rematch) and forgotten after (``MODULES``). The computer's choices are
seeded from the game and the number of decisions so far (the screen's
``_computer_move``), so a resumed game goes on exactly as it would have.
Imports ``engine.match`` and ``firmware.play_save``.
"""

from engine.match import Match
from firmware import play_save

# what this module loads: the play screen forgets it once the match has started
MODULES = ("firmware.play_start",)


def _clock_seed(screen):
    return (screen.app.hw.clock.ticks_ms() * 40503 + screen.app.frames) & 0x3FFFFFFF


def resume(screen):
    """Go on with the saved match; False when there is none (``screen.notice``
    says why when it was damaged)."""
    level, match, screen.notice = play_save.load(screen.store)
    if match is None:
        return False
    screen.level = level
    screen._begin(match)
    screen.saved_at = len(screen.game.moves)
    screen.table.sync(screen.game)
    screen._peg_deals()
    if screen.game.phase != "over":
        screen.table.say("Welcome back")
    return True


def new_match(screen):
    """A new match of the settings' game and length, saved in the next frame."""
    s = screen.app.settings
    seed = screen.seed
    if seed is None:
        seed = _clock_seed(screen)
    screen.level = screen._settings_level()
    screen._begin(
        Match(s.match, seed, s.target or None, None, s.open_hands, s.muggins, s.variant, s.deals)
    )
    screen.queue = screen.game.take_events()
    screen.to_save = True  # saved in the next frame (firmware.screens.play)


def rematch(screen):
    """A on a finished match's page: a rematch with the same settings
    (length, target, open hands, muggins, difficulty), saved in the next frame."""
    m = screen.match
    if screen.seed is None:
        seed = _clock_seed(screen)
    else:
        screen.seed += 1  # a seeded screen (tests): the next seed
        seed = screen.seed
    screen._begin(
        Match(m.games, seed, m.target or None, None, m.open_hands, m.muggins, m.variant, m.deals)
    )
    screen.queue = screen.game.take_events()
    screen.to_save = True  # saved in the next frame (firmware.screens.play)
