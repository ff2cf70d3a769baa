"""tools/bench/mode_boots.py's PC half, without a firmware: the image's /data
a boot finds (the files the boot before left carried over, the mode record
written over them), the settings record an order starts with, the orders'
steps and their argument. CPython only; imports tools/bench/mode_boots.py
and the app's storage (firmware.modes's LastMode, firmware.store.settings,
firmware.hw.files) to read back what it wrote."""

import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))
sys.path.insert(0, os.path.join(ROOT, "tools", "bench"))
sys.path.insert(0, ROOT)

import mode_boots  # noqa: E402  tools/bench/mode_boots.py
from firmware.modes import LastMode  # noqa: E402
from firmware.hw.files import FileStorage  # noqa: E402
from firmware.store.settings import Settings  # noqa: E402


def _files(folder):
    out = {}
    for root, _dirs, names in os.walk(os.path.join(folder, "data")):
        for n in names:
            path = os.path.join(root, n)
            with open(path, "rb") as f:
                out[os.path.relpath(path, folder).replace(os.sep, "/")] = f.read()
    return out


def _mode(folder):
    return LastMode(FileStorage(os, os.path.join(folder, "data"))).load()[:2]


def _left_by_a_boot(tmp_path, name):
    # what a run's files() gives after the app wrote its mode record (and more)
    ran = tmp_path / "ran"
    os.makedirs(str(ran / "data"))
    LastMode(FileStorage(os, str(ran / "data"))).save(name, 0)
    got = {"main.mpy": b"code", "board.txt": b"pico\n"}
    got.update(_files(str(ran)))
    return got


def test_a_fresh_boot_finds_only_its_mode_record(tmp_path):
    build = str(tmp_path / "build")
    os.makedirs(os.path.join(build, "data"))
    with open(os.path.join(build, "data", "stats.rec"), "wb") as f:
        f.write(b"from the boot before")
    mode_boots._record(build, "keeper")
    assert sorted(_files(build)) == ["data/mode.rec"]
    assert _mode(build) == ("keeper", mode_boots.OPENED)
    mode_boots._record(build, "")
    assert _files(build) == {}  # the menu: no record at all


def test_carried_files_are_kept_and_the_record_written_over_the_carried_one(tmp_path):
    build = str(tmp_path / "build")
    carried = _left_by_a_boot(tmp_path, "")  # B on the game-over page: the record names the menu
    carried["data/stats.rec"] = b"STAT the games so far"
    carried["data/logs/last.log"] = b"a line"
    mode_boots._record(build, "stats", carried)
    files = _files(build)
    assert files["data/stats.rec"] == b"STAT the games so far"
    assert files["data/logs/last.log"] == b"a line"
    assert not os.path.exists(os.path.join(build, "main.mpy"))  # the app's files are the build's
    assert _mode(build) == ("stats", mode_boots.OPENED)
    # and back to the menu over a record naming a mode
    mode_boots._record(build, "", _left_by_a_boot(tmp_path / "again", "play"))
    assert _mode(build) == ("", 0)


def test_the_settings_an_order_starts_with(tmp_path):
    build = str(tmp_path / "build")
    mode_boots._record(build, "play", {"data/stats.rec": b"kept"})
    mode_boots._settings(build, "hard", 2)
    s = Settings(FileStorage(os, os.path.join(build, "data")))
    s.load()
    assert (s.difficulty, s.variant, s.target, s.match, s.deals) == ("hard", "five", 61, 1, 0)
    assert s.problem is None
    assert _files(build)["data/stats.rec"] == b"kept"
    assert _mode(build) == ("play", mode_boots.OPENED)
    mode_boots._settings(build, **mode_boots.ORDERS["stats"][0])
    s.load()
    assert (s.difficulty, s.variant, s.target) == ("hard", "six", 121)


def test_the_orders_steps_are_menu_modes_with_device_arguments():
    modes = mode_boots._modes()
    over = mode_boots._OVER  # the game-over mode's boot, B to the menu once its work is done
    assert over == ("game_over", 0, 0, "B") and "game_over" not in modes
    assert sorted(mode_boots.ORDERS) == ["five", "hint", "resume", "stats"]
    for setup, steps in mode_boots.ORDERS.values():
        assert setup["difficulty"] == "hard"
        for i, (mode, game, hints, keys) in enumerate(steps):
            if steps[i] == over:  # after a whole game only
                assert i > 0 and steps[i - 1][1] == 1
                continue
            assert mode in modes
            # every whole game ends its app into the game-over mode: its boot next
            assert (i + 1 < len(steps) and steps[i + 1] == over) == (game == 1)
            # game: 1 a whole game, 2 one cut by a power cut
            assert game in (0, 1, 2) and hints in (0, 1) and (game == 1 or not hints)
            assert isinstance(keys, str)
    kinds = [s[0] for s in mode_boots.ORDERS["stats"][1]]
    assert kinds == ["play", "game_over", "stats", "keeper", "play", "game_over"]
    assert mode_boots.ORDERS["hint"][1] == (("play", 1, 1, ""), over)
    # a power cut in a game, then the game resumed and played to its end
    assert mode_boots.ORDERS["resume"][1] == (("play", 2, 0, ""), ("play", 1, 0, ""), over)


def test_an_unknown_order_is_refused_before_any_run(capsys):
    assert mode_boots.main(["--orders", "stats,nope"]) == 2
    assert "nope" in capsys.readouterr().err
