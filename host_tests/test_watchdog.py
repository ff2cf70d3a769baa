# portable
"""The watchdog (issue 7): the app loop feeds it every frame and after every
nap (issue 17: when nothing animates the loop waits for a button up to 1 s
at a time), so a session of
menus, the keeper and a game against the computer never lets it fire; a
screen that hangs stops the feeding, the (fake, host_tests/device_rig.py)
watchdog resets the board after its 8 s, and the board starts again in the
saved game; a hang that comes back at every start is given up after
firmware.modes._RESUME_TRIES starts, on the menu with a message. Runs on
CPython and MicroPython."""

from device_rig import WATCHDOG_MS, Rig
from firmware.app import MessageScreen
from firmware.hal import A, DOWN, RIGHT, UP
from firmware.keeper.screen import KeeperScreen
from firmware.screens.menu import MenuScreen

RESUME_TRIES = 2  # firmware.modes._RESUME_TRIES (a const: no global on a device)


def test_the_loop_feeds_the_watchdog_every_frame():
    rig = Rig()
    rig.tap(DOWN)
    rig.tap(A)  # the keeper
    rig.tap(UP, 5)
    rig.wait(2000)
    assert rig.boot() == "stop"
    # main.run feeds once before it builds each app (the menu's, then the
    # keeper's: firmware.main.restart); then each frame of app.run is tick,
    # feed, then a frame's sleep or, when nothing animates, a nap of at most
    # 1 s (the host nap sleeps 20 ms at a time)
    assert rig.hw.restarts == 1
    assert rig.wd.feeds == rig.clock.sleeps + 2 - rig.hw.nap_steps + rig.hw.naps
    assert rig.hw.naps > 0
    assert rig.wd.longest <= 1000
    assert rig.app().frames > 0 and rig.app().top().ki.keeper.scores == [5, 0]


def test_a_long_game_against_the_computer_never_lets_it_fire():
    rig = Rig()
    rig.tap(A)  # play the computer
    for _ in range(150):  # pick cards, lay away, play, skip messages
        rig.tap(RIGHT)
        rig.tap(A)
        rig.wait(300)
    assert rig.boot() == "stop"
    play = rig.app().stack[1]
    assert type(play).__name__ == "PlayScreen"
    assert len(play.game.moves) > 10 and rig.app().errors == 0
    assert rig.wd.longest <= 1000  # naps while the player thinks


class Hang:
    """Makes KeeperScreen.update hang (wait for ever on a clock that moves,
    like a stuck bus) while ``on``."""

    def __init__(self):
        self.on = False
        self.hangs = 0
        self.since = 0
        self.plain = KeeperScreen.update

    def install(self):
        hang = self

        def update(screen, dt_ms, events):
            if hang.on and events:
                hang.hangs += 1
                clock = screen.app.hw.clock
                hang.since = clock.ticks_ms()
                while True:
                    clock.sleep_ms(100)
            return hang.plain(screen, dt_ms, events)

        KeeperScreen.update = update

    def remove(self):
        KeeperScreen.update = self.plain


def _hung_in_the_keeper(hang, ups):
    # the keeper opened from the menu, A scored ``ups``, then a press that
    # hangs (before it is counted): the watchdog resets the board
    rig = Rig()
    rig.tap(DOWN)
    rig.tap(A)
    rig.tap(UP, ups)
    rig.call(lambda: setattr(hang, "on", True))
    rig.tap(UP)
    rig.wait(60000)
    assert rig.boot() == "reset"
    return rig


def test_a_hung_screen_is_reset_by_the_watchdog_and_the_game_resumes():
    hang = Hang()
    hang.install()
    try:
        rig = _hung_in_the_keeper(hang, 2)  # A 2, saved
        assert hang.hangs == 1
        assert WATCHDOG_MS <= rig.clock.now - hang.since <= WATCHDOG_MS + 100
        hang.on = False  # a hang that does not come back
        rig2 = Rig(rig.storage)  # the board starts again over the same flash
        rig2.wait(300)
        rig2.tap(UP)
        assert rig2.boot() == "stop"
        top = rig2.app().top()
        assert isinstance(top, KeeperScreen), type(top).__name__
        assert top.ki.keeper.scores == [3, 0]
    finally:
        hang.remove()


def test_a_hang_at_every_start_gives_up_on_the_menu():
    hang = Hang()
    hang.install()
    try:
        rig = _hung_in_the_keeper(hang, 1)
        boots = 0
        while True:
            rig = Rig(rig.storage)
            rig.tap(UP)  # the player presses on (the hang comes with the first press)
            rig.wait(60000)
            boots += 1
            if rig.boot() == "stop":
                break
            assert boots <= RESUME_TRIES, "the board keeps resetting"
        assert boots == RESUME_TRIES + 1 and hang.hangs == RESUME_TRIES + 1
        app = rig.app()
        assert isinstance(app.top(), MessageScreen) and "keeper" in " ".join(app.top().lines)
        assert isinstance(app.stack[0], MenuScreen) and len(app.stack) == 2
        hang.on = False  # mended: the keeper opens where it was
        rig = Rig(rig.storage)
        rig.tap(DOWN)
        rig.tap(A)
        assert rig.boot() == "stop"
        assert rig.app().top().ki.keeper.scores == [1, 0]
    finally:
        hang.remove()


def test_the_wait_on_the_safe_screen_feeds_the_watchdog():
    rig = Rig()
    rig.tap(DOWN)
    rig.tap(A)

    def read():
        raise OSError(5, "EIO")

    rig.call(lambda: setattr(rig.hw.buttons, "read", read))
    rig.wait(3000)  # the crashes (the keeper napped until then: up to 1 s unfed)
    rig.call(lambda: setattr(rig.wd, "longest", 0))
    rig.wait(10 * 60 * 1000)  # ten minutes on the safe screen
    assert rig.boot() == "stop"
    assert rig.wd.longest <= 100
