"""Runs every portable test module (its first line starts '# portable')
under the real MicroPython unix port, so the suite fails when either
interpreter fails. The same modules run under pytest on CPython directly."""

import os
import subprocess

import pytest
from portables import portable_modules
from unixport import micropython

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


@pytest.mark.parametrize("module", portable_modules())
def test_module_under_micropython(module):
    proc = subprocess.run(
        [micropython(), "-X", "heapsize=4m", "host_tests/mp_runner.py", module],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    out = proc.stdout + proc.stderr
    assert proc.returncode == 0, out
    words = out.strip().split("\n")[-1].split()  # "N passed, M failed"
    assert len(words) == 4 and words[1:] == ["passed,", "0", "failed"], out
    assert int(words[0]) > 0, "no test ran: " + out
