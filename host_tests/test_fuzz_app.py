# portable
"""Button fuzz of the whole app (issue 7): seeded random raw button masks
through firmware.main.build's app (host backend, simulated clock, an LED
pegboard, records in the host backend's DictStorage), from the start menu into
every mode in turn (play, keeper, counter, settings, statistics, demo) and
every screen reachable from them by chance: simultaneous presses, very fast
repeats, bounce, long holds, idle stretches, mashing, late frames, a steady player
(RIGHT and A, one press at a time: games go on to their end), and now and
then a restart over the same storage (which reopens the open mode).
Nothing may raise out of ``tick`` and the app must catch no error at all
(``app.errors == 0``). The fuzzer is tools/fuzz_app.py's, which runs it much
longer (tools never import tests). Runs on CPython and MicroPython."""

from firmware.screens.menu import ENTRIES
from fuzz_app import Fuzz


def test_fuzz_every_mode_from_the_menu():
    f = Fuzz(2024).run(360, 30)
    for name in ("MenuScreen", "PlayScreen", "KeeperScreen", "CounterScreen", "SettingsScreen"):
        assert f.screens.get(name, 0) > 100, f.report()
    assert f.screens.get("DemoScreen", 0) > 0, f.report()
    assert len(f.modes) == len(ENTRIES), f.report()
    assert f.events > 1000 and f.restarts > 0, f.report()


def test_fuzz_without_restarts_reaches_the_menus_inside_the_modes():
    f = Fuzz(7, restarts=False).run(300, 50)
    seen = f.screens
    # menus and messages inside the modes, found by chance
    inner = [n for n in ("PauseMenu", "KeeperMenu", "ListScreen", "MessageScreen") if n in seen]
    assert len(inner) >= 2, f.report()
