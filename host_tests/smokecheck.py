"""What the device smoke test's run must show (tools/bench/devbench.py
"smoke", through tools/bench/mp_device.py's ``smoke``), wherever it ran: the
emulated Pico (host_tests/test_emu_mp.py) or the unix port
(host_tests/test_device_half.py). The run ended, no error and no crash, the
menu's entries, a new deal against hard, the keeper's +1 and its undo, and
the saves it left. CPython only; imports nothing of the project.
"""


def check(run):
    """Assert the smoke run ``run`` (the parsed figures, with ``status`` and
    ``output``) went as the device's must."""
    out = run["output"]
    assert run["status"] == 0 and run.get("done") == 1, out[-3000:]
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
