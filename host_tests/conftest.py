"""pytest settings for the whole suite (CPython only).

After collection every object alive (pytest, the test modules and what they
imported) is moved out of the garbage collector's sight with ``gc.freeze()``:
the app calls ``gc.collect()`` as the device does, and with the whole suite
loaded each full collection took ~30 ms, most of the quick run's time in the
power-cut tests. Objects the tests make are still collected as usual.

At the end every skipped test is listed under its reason (``tools/test.py``
says first which MicroPython it uses and which firmware the device checks
run on); under CI=true nothing is skipped (host_tests/unixport.py
``missing``) except the device checks without a firmware, which have a
heading of their own: "device checks not run" and why
(host_tests/device_checks.py, docs/device-checks.md).
"""

import gc

NOT_RUN = "device check not run: "  # host_tests/device_checks.py's skips


def pytest_collection_finish(session):
    gc.collect()
    gc.freeze()


def pytest_terminal_summary(terminalreporter):
    """At the end, every skipped test under its reason, in plain words (the
    MicroPython half without a unix port, tools a platform lacks)."""
    skipped = terminalreporter.stats.get("skipped", [])
    if not skipped:
        return
    by_reason = {}
    for rep in skipped:
        longrepr = rep.longrepr
        reason = longrepr[2] if isinstance(longrepr, tuple) else str(longrepr)
        by_reason.setdefault(reason.replace("Skipped: ", "", 1), []).append(rep.nodeid)
    device = {r: ids for r, ids in by_reason.items() if r.startswith(NOT_RUN)}
    others = {r: ids for r, ids in by_reason.items() if r not in device}
    if others:
        terminalreporter.section("skipped, and why")
    for reason, ids in others.items():
        terminalreporter.write_line("%d skipped: %s" % (len(ids), reason))
        for nodeid in ids:
            terminalreporter.write_line("    " + nodeid)
    if device:
        terminalreporter.section("device checks not run")
    for reason, ids in device.items():
        terminalreporter.write_line("%d not run: %s" % (len(ids), reason[len(NOT_RUN) :]))
        for nodeid in ids:
            terminalreporter.write_line("    " + nodeid)
