# portable
"""Saves and game logs written by the code of their day must load to the same
state ever after (issue 13.7). A save is a seed plus every decision, replayed
on load, so a change to dealing or to the random stream would silently
change what an old save replays to; a log names its cards, but its replay
must still end where it ended.

host_tests/corpus/saves/ holds records as the device stores them (a match
in progress at several points, including muggins, open hands, a match's
second game, a finished game and the variants; the keeper; the settings;
the statistics) and host_tests/corpus/logs/good-own-*.log the logs the app
wrote; beside each, ``<name>.state`` is the state it loaded to when it was
written (host_tests/corpus/make_saves.py wrote both). Each must still load,
through the loader the app uses, to exactly that state, or be refused with
a message naming its version while the program's version is higher than the
record's (a deliberate format change; then the corpus grows a new record).
Runs on CPython and MicroPython."""

from corpus_state import load_state, log_state, match_state

_HERE = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
SAVES = _HERE + "/corpus/saves"
LOGS = _HERE + "/corpus/logs"


def _read(path):
    with open(path, "rb") as f:
        return f.read()


def _listdir(folder):
    import os

    return sorted(os.listdir(folder))


def _expected(path):
    text_ = _read(path).decode()
    return [ln for ln in text_.split("\n") if ln]


def _versions(kind):
    # (the record's RecordStore version, the program's) for a refusal's excuse
    if kind == "game":
        return 1  # firmware.play.save._SAVE_VERSION (a const: no global on a device)
    if kind == "keeper":
        from firmware.keeper.game import VERSION

        return VERSION
    if kind.startswith("stats"):
        from firmware.store.stats import VERSION

        return VERSION
    return 1  # firmware.store.settings._VERSION


def test_every_corpus_save_loads_to_the_state_it_was_saved_in():
    names = [n for n in _listdir(SAVES) if n.endswith(".rec")]
    kinds = {}
    for name in names:
        data = _read(SAVES + "/" + name)
        want = _expected(SAVES + "/" + name[:-4] + ".state")
        got, problem = load_state(name, data)
        kind = name.split("-", 1)[0]
        kinds[kind] = kinds.get(kind, 0) + 1
        if got is None or problem:
            # refused: only a deliberate new format may refuse an old record
            assert data[4] < _versions(kind), (name, problem)
            assert "version" in (problem or ""), (name, problem)
            continue
        assert got == want, (name, [ln for ln in got if ln not in want])
    assert kinds.get("game", 0) >= 6 and kinds.get("keeper") and kinds.get("settings"), kinds
    assert kinds.get("stats"), kinds


def test_every_log_the_app_wrote_replays_to_the_state_it_ended_in():
    names = [n for n in _listdir(LOGS) if n.startswith("good-own-") and n.endswith(".log")]
    assert len(names) >= 5, names
    for name in names:
        want = _expected(LOGS + "/" + name[:-4] + ".state")
        assert log_state(_read(LOGS + "/" + name)) == want, name


def test_a_changed_replay_would_be_caught():
    # the newly dealt match with its seed changed (the match's and its first
    # game's, which must agree) loads to another deal: the comparison above
    # fails when dealing changes
    from engine.crc import crc16
    from engine.restore import load_match

    data = _read(SAVES + "/game-new.rec")
    got, _ = load_state("game-new.rec", data)
    record = bytearray(data[12:-2])  # RecordStore: head 11 bytes, level byte, ..., crc 2
    record[10] ^= 1  # the low byte of the match's seed (engine.save's layout)
    record[20] ^= 1  # and of its game 1's
    c = crc16(bytes(record[:-2]))
    record[-2] = c >> 8
    record[-1] = c & 255
    other = load_match(bytes(record))
    assert match_state(got[0][6:], other) != got
