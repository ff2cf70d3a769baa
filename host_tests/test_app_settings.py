# portable
"""Settings through firmware/app.py with the host backend: they change on
the settings screen and survive a restart (in memory and in a directory);
the screen has a label for every choice of the record; a record with a
choice no field has is refused and damaged settings give the defaults
without crashing, said on screen; a change that cannot be saved is said
(issue 11.3). Runs on CPython and MicroPython."""

from firmware.ui.list_screen import ListScreen
from firmware.hal import A, B, DOWN, RIGHT
from firmware.hw import host
from firmware.screens.menu import ENTRIES, MenuScreen
from firmware.screens.settings import CHOICES, SettingsScreen
from firmware.store.settings import FIELDS, Settings
from apprig import drawn_text, new_app
from firmware.screens.settings import label as setting_label


def goto_settings(d):
    for i in range(len(ENTRIES)):
        if ENTRIES[i][1] == "settings":
            break
    for _ in range(i):
        d.tap(DOWN)
    d.tap(A)
    assert isinstance(d.app.top(), ListScreen) and d.app.top().title == "Settings  B:back"


def test_settings_change_and_persist_across_restart():
    storage = host.DictStorage()
    d = new_app(storage)
    goto_settings(d)
    d.tap(RIGHT)  # difficulty medium -> hard
    d.tap(DOWN)
    d.tap(RIGHT)  # target 121 -> 61
    d.tap(DOWN)
    d.tap(A)  # match 1 -> 3
    assert d.app.settings.difficulty == "hard"
    d.tap(B)  # leaving saves
    assert storage.exists("settings.rec")
    d2 = new_app(storage)  # a restart over the same storage
    s = d2.app.settings
    assert (s.difficulty, s.target, s.match) == ("hard", 61, 3)
    assert (s.muggins, s.open_hands, s.brightness) == (False, False, 3)


def test_settings_in_a_directory_survive_a_new_backend():
    path = "/tmp/cribbage_test_settings"  # cleared below, so reruns start clean
    st = host.DirStorage(path)
    for name in ("settings.rec", "settings.tmp", "settings.bad", "settings.old"):
        if st.exists(name):
            st.remove(name)
    s = Settings(st)
    s.load()
    s.set("open_hands", True)
    s.set("brightness", 5)
    assert s.save()
    s2 = Settings(host.DirStorage(path))
    s2.load()
    assert s2.open_hands is True and s2.brightness == 5 and s2.led_level() == 255


def test_the_screen_has_a_label_for_every_choice_of_the_record():
    # the record (firmware/store/settings.py) holds the values, the screen their labels
    assert len(CHOICES) == len(FIELDS)
    for i in range(len(FIELDS)):
        assert len(CHOICES[i]) == len(FIELDS[i][2]), FIELDS[i][0]
    s = Settings(None)
    s.set("target", 61)
    s.step(1, 1)  # the game: 6-card 61 -> 5-card 61
    assert setting_label(s, 1) == "5-card 61" and s.variant == "five" and s.target == 61
    assert SettingsScreen(s).value(1) == "5-card 61"


def test_a_settings_record_with_a_choice_no_field_has_is_refused():
    # a record sound in itself whose difficulty is choice 9 (there are 4): the
    # defaults, a problem naming the field, and the reader is not kept loaded
    import sys

    from firmware.store.records import RecordStore

    _VERSION = 1  # firmware.store.settings' record version (a const there)

    st = host.DictStorage()
    RecordStore(st, "settings", b"SETT", _VERSION).save(bytes([9, 1]))
    s = Settings(st)
    s.load()
    assert s.problem and "Difficulty has no choice 9" in s.problem, s.problem
    assert s.difficulty == "medium" and s.target == 121
    assert "firmware.store.settings_record" not in sys.modules
    s.set("target", 61)
    assert s.save() and "firmware.store.settings_record" not in sys.modules
    s2 = Settings(st)
    s2.load()
    assert s2.problem is None and s2.target == 61


def test_damaged_settings_give_defaults_without_crashing():
    storage = host.DictStorage({"settings.rec": b"\x00garbage\xff" * 3})
    d = new_app(storage)
    s = d.app.settings
    for i in range(len(FIELDS)):
        assert getattr(s, FIELDS[i][0]) == FIELDS[i][2][FIELDS[i][3]]
    assert s.problem
    assert d.app.errors == 0


def test_settings_problem_is_shown_on_screen():
    storage = host.DictStorage({"settings.rec": b"\x00garbage\xff" * 3})
    d = new_app(storage)
    text = drawn_text(d)
    assert "settings.rec" in text and "not a SETT record" in text, text
    d.tap(B)
    assert isinstance(d.app.top(), MenuScreen)


class ReadOnly(host.DictStorage):
    """Storage that reads but cannot write (full, or mounted read-only)."""

    def write(self, name, data):
        raise OSError(30, "read-only storage")


def test_a_settings_change_that_cannot_be_saved_is_said_on_screen():
    # issue 11.3: SettingsScreen.leave ignored the result of save()
    d = new_app(ReadOnly())
    goto_settings(d)
    d.tap(RIGHT)  # difficulty medium -> hard
    d.tap(B)  # leaving saves, and the save fails
    text = drawn_text(d)
    assert "not saved" in text and "read-only" in text, text
    assert d.app.settings.difficulty == "hard"  # the change holds until switched off
    d.tap(A)
    assert isinstance(d.app.top(), MenuScreen) and d.app.errors == 0
