"""Device smoke test on the emulated Raspberry Pi Pico (MicroPython v1.28 in
rp2040js, ``../shared/emu``): the app compiled as tools/deploy.py compiles it
for a Pico (.mpy, the viper code for its CPU) boots through ``firmware.main``
with board.txt, and a short scripted run (tools/devbench.py "smoke": the menu,
a deal against hard, save and quit, the keeper's +1 and its undo, back to the
menu) shows the expected text at each step with no error and no crash, and
leaves its saves. About a minute of host time once the emulator is set up.
No time is asserted: tools/bench_device.py --emu reports the figures.

Without the emulator, Node.js or npm the test is skipped with the reason
(listed at the end of the run); under CI=true it fails instead (.ci/run
installs Node.js and npm). CPython only; imports bench_device from tools/.
"""

import os
import sys

import pytest
from unixport import missing

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "tools"))

import bench_device  # noqa: E402


@pytest.fixture(scope="module")
def run():
    try:
        return bench_device.smoke()
    except bench_device.Fail as e:
        if e.status == 2:
            missing("device test on the emulated Pico skipped: %s" % e)
        raise


def test_the_app_boots_and_plays_on_the_emulated_pico(run):
    out = run["output"]
    assert run["status"] == 0 and run.get("done") == 1, out[-3000:]
    assert run.get("platform") == "rp2", out[-3000:]
    assert "Traceback" not in out and not run.get("errors_seen"), out[-3000:]
    assert run["crashes"] == 0 and run["errors"] == 0, out[-3000:]
    assert "Play the computer" in run["text_menu"] and "Score keeper" in run["text_menu"]
    deal = run["text_deal"]
    assert "You 0" in deal and "CPU 0" in deal, deal  # a new deal, nobody has scored
    assert run["level"] == "hard"
    assert "start of game" in run["text_keeper"], run["text_keeper"]
    assert "last: A +1" in run["text_keeper_add"], run["text_keeper_add"]
    assert "undone: A +1" in run["text_keeper_undo"], run["text_keeper_undo"]
    saves = run["saves"].split()
    for name in ("settings.rec", "game.rec", "keeper.rec"):
        assert name in saves, saves
