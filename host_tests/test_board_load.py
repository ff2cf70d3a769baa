# portable
"""boards.load after the boot has forgotten the ``boards`` package (on a
device ``firmware.main`` drops it once the app is built, and keeps the board
module itself): loading a board again in the same interpreter, as a second
boot does (the web page's restarts, the tests), gives the same board, and an
unknown name still gets its message. Runs on CPython and MicroPython."""

import sys

import boards
from firmware.app import _drop


def test_a_board_loads_again_after_the_boards_package_is_forgotten():
    first = boards.load("pico")
    _drop("boards")  # as firmware.main's _forget_boot does on a device
    try:
        import boards as again

        second = again.load("pico")
        assert second is first  # the board module itself was never dropped
        assert second.OLED["address"] == first.OLED["address"]
        assert again.load("feather_rp2040").__name__ == "boards.feather_rp2040"
        try:
            again.load("nope")
        except ValueError as e:
            assert "pico" in str(e)
        else:
            raise AssertionError("an unknown board loaded")
    finally:
        sys.modules["boards"] = boards  # as it was for the other tests
