"""Node, the pinned npm packages (web/package-lock.json) and Chromium for the
web tests (host_tests/test_web_*.py). CPython only; imports pytest.

Outside CI a missing tool skips the test that needs it, loudly: the skip
reason and a warning in pytest's summary say which tests were skipped and how
to install what they need. Under ``CI=true`` a missing tool fails the test
(.ci/run installs them). ``npm ci`` in web/ is run once when web/node_modules
lacks the pinned packages and npm is there. ``built(tmp_path_factory,
tests)`` is Node, Chromium and the site tools/build_web.py builds, for a
module's fixture; ``checks(exe, script, args)``
runs one of web/tests' Node scripts of checks ("ok NAME" / "FAIL NAME",
web/tests/checks.mjs) and fails with the end of its output unless all
passed.
"""

import os
import shutil
import subprocess
import warnings

import pytest
import unixport  # noqa: F401  puts tools/ on sys.path

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WEB = os.path.join(ROOT, "web")
PORT = os.path.join(WEB, "node_modules", "@micropython", "micropython-webassembly-pyscript")
PLAYWRIGHT = os.path.join(WEB, "node_modules", "playwright-core")
CHROMIUM = ("/usr/bin/chromium", "/usr/bin/chromium-browser")
INSTALL = {
    "node": "apt-get install nodejs npm (Debian), then run the tests again",
    "npm": "apt-get install npm, then: cd web && npm ci",
    "chromium": "apt-get install chromium (Debian's; a browser is never downloaded)",
}


def in_ci():
    import mpport  # tools/, on the path by unixport

    return mpport.must_not_skip()


def missing(what, tests):
    """Fail under CI, else skip ``tests`` saying how to install ``what``."""
    msg = "%s not found: %s skipped; to run them: %s" % (what, tests, INSTALL[what])
    if in_ci():
        pytest.fail("CI=true and " + msg)
    warnings.warn(UserWarning("WEB TESTS SKIPPED: " + msg))
    pytest.skip("WEB TESTS SKIPPED: " + msg)


def node(tests="the web tests"):
    exe = shutil.which("node") or shutil.which("nodejs")
    if exe is None:
        missing("node", tests)
    return exe


def packages(tests="the web tests"):
    """Make sure web/node_modules holds the pinned packages (npm ci)."""
    if os.path.exists(os.path.join(PORT, "micropython.wasm")) and os.path.exists(PLAYWRIGHT):
        return
    npm = shutil.which("npm")
    if npm is None:
        missing("npm", tests)
    proc = subprocess.run(
        [npm, "ci", "--no-audit", "--no-fund"], cwd=WEB, capture_output=True, text=True
    )
    assert proc.returncode == 0, "npm ci in web/ failed:\n" + proc.stdout + proc.stderr


def chromium(tests="the browser tests"):
    for path in CHROMIUM:
        if os.path.exists(path):
            return path
    missing("chromium", tests)


def built(tmp_path_factory, tests):
    """(node, chromium, the built site's folder) for ``tests`` (the words a
    skip says), or the skip or failure of what is missing."""
    import build_web

    exe = node(tests)
    chrome = chromium(tests)
    packages(tests)
    out = str(tmp_path_factory.mktemp("site"))
    build_web.build(out)
    return exe, chrome, out


def checks(exe, script, args, timeout=400):
    """Node running web/tests/``script`` on ``args`` in web/; its output, after
    every check of it passed (AssertionError with the output's end)."""
    proc = subprocess.run(
        [exe, os.path.join(WEB, "tests", script)] + list(args),
        cwd=WEB,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    out = proc.stdout + proc.stderr
    if proc.returncode != 0 or "0 failed" not in out:
        raise AssertionError(out[-4000:])
    return out


def start_python(code):
    """Start ``code`` on the WebAssembly port in Node (web/tests/mpnode.mjs,
    the repository at /repo as the working directory); a Popen."""
    exe = node()
    packages()
    return subprocess.Popen(
        [exe, os.path.join(WEB, "tests", "mpnode.mjs"), "-c", code],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )


def finish(proc, timeout=600):
    """(status, output) of a ``start_python`` run; killed after ``timeout``."""
    try:
        out, _ = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        out, _ = proc.communicate()
        out += "\n(killed after %d s)" % timeout
    return proc.returncode, out


def run_python(code, timeout=600):
    """Run ``code`` on the WebAssembly port in Node: (status, output)."""
    return finish(start_python(code), timeout)
