"""The CircuitPython backend (firmware/hw/cp.py) on the PC: runs
host_tests/cp_checks.py inside .venv-cp, where Adafruit Blinka's displayio and
the real adafruit_displayio_ssd1306 drive a recording fake I2C bus (Blinka
installs its own ``micropython`` module, so it stays out of .venv).
tools/cp_venv.py creates .venv-cp from requirements-circuitpython.txt when it
is missing (first run: about ten seconds of pip). CPython only."""

import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "tools"))

import cp_venv  # noqa: E402


def test_circuitpython_backend_checks_pass_under_blinka_displayio():
    py = cp_venv.ensure()
    proc = subprocess.run(
        [py, os.path.join(HERE, "cp_checks.py")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    out = proc.stdout + proc.stderr
    assert proc.returncode == 0, out
    last = [line for line in proc.stdout.splitlines() if line.strip()][-1]
    assert last.endswith(" passed, 0 failed") and not last.startswith("0 passed"), out


def test_blinka_stays_out_of_the_main_environment():
    import importlib.util

    assert importlib.util.find_spec("displayio") is None
    assert importlib.util.find_spec("adafruit_blinka") is None
