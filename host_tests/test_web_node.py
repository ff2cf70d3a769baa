"""The portable test modules (first line '# portable') on MicroPython's
WebAssembly port in Node: the third interpreter the suite runs them on, the
one the web page uses (web/tests/mpnode.mjs; each module in a Node process
of its own, as many side by side as the machine has cores (two to four),
each ending with 'N passed, N failed').
Also the web backend's own behaviour there: storage round trip through the
record layer, and the backend choice.
"""

import os

import pytest
import webtools
from portables import portable_modules

RUNNER = """
import mp_runner
passed = 0
failed = 0
for name in %r:
    try:
        module = __import__(name)
    except Exception as e:
        failed += 1
        print("FAIL %%s: cannot import: %%s %%s" %% (name, type(e).__name__, e))
        continue
    for attr in sorted(dir(module)):
        if not attr.startswith("test_"):
            continue
        try:
            getattr(module, attr)()
            passed += 1
        except Exception as e:
            failed += 1
            print("FAIL %%s.%%s: %%s %%s" %% (name, attr, type(e).__name__, e))
            sys.print_exception(e)
print("%%d passed, %%d failed" %% (passed, failed))
_exit = 1 if failed else 0
"""


def _summary(out):
    words = out.strip().split("\n")[-1].split()  # "N passed, M failed"
    assert len(words) == 4 and words[1] == "passed," and words[3] == "failed", out[-3000:]
    return int(words[0]), int(words[2])


def _jobs(names):
    """The modules, the biggest first (file size stands in for the work), so
    the last to start are the short ones."""
    size = {n: os.path.getsize(os.path.join(webtools.ROOT, "host_tests", n + ".py")) for n in names}
    return sorted(names, key=lambda n: -size[n])


def _run_one(name):
    # a module on an interpreter of its own: a fresh heap, whose collections
    # do not slow as the modules before it fill it
    return name, webtools.run_python(RUNNER % ([name],), timeout=900)


@pytest.mark.slow
def test_portable_modules_under_wasm():
    from concurrent.futures import ThreadPoolExecutor

    names = portable_modules()
    assert names
    workers = max(2, min(4, os.cpu_count() or 2))
    total = 0
    with ThreadPoolExecutor(workers) as pool:
        for name, (status, out) in pool.map(_run_one, _jobs(names)):
            passed, failed = _summary(out)
            assert status == 0 and failed == 0, name + ":\n" + out[-6000:]
            assert passed > 0, "%s: no test ran" % name
            total += passed
    assert total > 100, "too few tests ran: %d" % total


def test_wasm_runner_reports_failures():
    # the runner must say when something fails, or the test above means nothing
    code = (
        "with open('host_tests/test_fake_fail.py', 'w') as f:\n"
        "    f.write('def test_no():\\n    assert 1 == 2\\ndef test_yes():\\n    pass\\n')\n"
    ) + RUNNER % (["test_fake_fail"],)
    status, out = webtools.run_python(code)
    assert _summary(out) == (1, 1), out
    assert status == 1
    assert "FAIL test_fake_fail.test_no" in out


def test_web_backend_on_wasm():
    code = """
from firmware import main as device
from firmware import boot
from firmware.hw import web
from firmware import web_runner
from firmware.store.records import RecordStore
assert boot.backend_name() == "web", boot.backend_name()
kv = web.MemoryKV()
st = web.KeyStorage(kv)
rs = RecordStore(st, "t", b"TEST", 1)
rs.save(b"one")
rs.save(b"two")
assert sorted(kv.items) == ["cribbage/t.old", "cribbage/t.rec"], sorted(kv.items)
assert RecordStore(st, "t", b"TEST", 1).load() == (b"two", 1, None)
kv.items["cribbage/t.rec"] = "zz"  # not hex: a damaged save, the old copy used
payload, version, problem = RecordStore(st, "t", b"TEST", 1).load()
assert payload == b"one" and "t.rec" in problem, problem
r = web_runner.start(kv)
assert r.step(0, 0) & web_runner.SCREEN
assert r.app.top().title == "Cribbage"
assert len(r.frame_hex()) == 2048 and len(r.leds_hex()) == 242 * 6
print("ok")
"""
    status, out = webtools.run_python(code)
    assert status == 0 and out.strip().endswith("ok"), out


def test_built_bundle_runs_on_wasm(tmp_path):
    # the site as tools/build_web.py writes it: the app from its .mpy bundle
    import subprocess
    import sys

    sys.path.insert(0, os.path.join(webtools.ROOT, "tools"))
    import build_web

    exe = webtools.node()
    webtools.packages()
    build_web.build(str(tmp_path))
    names = [n for n, _ in build_web.unpack_bundle((tmp_path / "app.bundle").read_bytes())]
    assert "firmware/hw/web.mpy" in names and "engine/score.mpy" in names
    assert "firmware/web_runner.mpy" in names
    # .mpy files, and the data beside them (the win-chance table, read by seeking)
    assert "engine/winprob.bin" in names
    assert all(n.endswith(".mpy") or n == "engine/winprob.bin" for n in names)
    for absent in ("firmware/hw/host", "firmware/hw/mp", "firmware/fast", "firmware/hw/ssd1306"):
        assert absent + ".mpy" not in names and absent + ".py" not in names
    proc = subprocess.run(
        [exe, os.path.join(webtools.WEB, "tests", "bundle.mjs"), str(tmp_path)],
        cwd=webtools.WEB,
        capture_output=True,
        text=True,
        timeout=300,
    )
    out = proc.stdout + proc.stderr
    assert proc.returncode == 0 and _summary(out) == (5, 0), out[-3000:]


def test_a_missing_tool_skips_loudly_outside_ci_and_fails_under_ci(monkeypatch):
    monkeypatch.setenv("CI", "false")
    with pytest.warns(UserWarning, match="WEB TESTS SKIPPED: chromium not found"):
        with pytest.raises(pytest.skip.Exception, match="apt-get install chromium"):
            webtools.missing("chromium", "the browser tests")
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="CI=true and node not found"):
        webtools.missing("node", "the web tests")
