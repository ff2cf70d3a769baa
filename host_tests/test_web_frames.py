"""The same scripted button runs (host_tests/web_trace.py: a deal against the
computer to the show, a score-keeper session) give byte-identical screen and
LED frames on CPython, the MicroPython unix port and the WebAssembly port,
through the web page's per-frame Runner (firmware/web_runner.py); and on
CPython the web backend draws exactly what the host backend (the simulator's) draws."""

import subprocess

import pytest
import web_trace
import webtools
from unixport import micropython

CODE = "import web_trace\nweb_trace.main(%r)\n"


def _lines(out):
    return [ln for ln in out.split("\n") if ln[:2] in ("S ", "L ")]


def _first_difference(a, b):
    for i, (x, y) in enumerate(zip(a, b)):
        if x != y:
            return "line %d: %s... != %s..." % (i, x[:40], y[:40])
    return "lengths %d != %d" % (len(a), len(b))


@pytest.mark.parametrize("name", sorted(web_trace.SCRIPTS))
def test_web_backend_matches_host_backend(name):
    web = web_trace.trace(web_trace.SCRIPTS[name], "web")
    host = web_trace.trace(web_trace.SCRIPTS[name], "host")
    assert any(ln.startswith("S ") for ln in web) and any(ln.startswith("L ") for ln in web)
    assert web == host, _first_difference(web, host)


@pytest.mark.parametrize("name", sorted(web_trace.SCRIPTS))
def test_same_frames_on_cpython_unix_port_and_wasm(name):
    want = web_trace.trace(web_trace.SCRIPTS[name], "web")
    proc = subprocess.run(
        [
            micropython(),
            "-X",
            "heapsize=4m",
            "-c",
            "import sys\nsys.path.insert(0, 'host_tests')\nsys.path.insert(0, '')\n" + CODE % name,
        ],
        cwd=webtools.ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    unix = _lines(proc.stdout)
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr
    assert unix == want, "unix port: " + _first_difference(unix, want)
    status, out = webtools.run_python(CODE % name)
    wasm = _lines(out)
    assert status == 0, out[-2000:]
    assert wasm == want, "WebAssembly port: " + _first_difference(wasm, want)


def test_trace_script_reaches_the_show():
    # the 'play' script must really play a deal to the show, or the frames
    # compared above would be the menu only
    from firmware.play import show

    seen = []
    orig = show.ShowPage.draw

    def draw(self, cv):
        seen.append(self.table.title)
        return orig(self, cv)

    show.ShowPage.draw = draw  # the show's page: a screen over the play screen
    try:
        web_trace.trace(web_trace.SCRIPTS["play"], "web")
    finally:
        show.ShowPage.draw = orig
    assert seen
