"""Device benchmark of the CircuitPython build on the emulated Raspberry Pi
Pico (tools/emu: your CircuitPython raspberry_pi_pico firmware in rp2040js,
``--firmware`` or ``$CP_FIRMWARE``, its console on UART0, and Adafruit's
mpy-cross of the same version as ``$CP_MPY_CROSS``): the figures of issue 18
against their budgets.

    python3 tools/bench_device.py --runtime circuitpython [--firmware F.uf2] [--source]
        [--only ui,game,readonly] [--heap] [--level hard] [--display direct] [--json]

What runs: ``tools/deploy.py --target cp --board pico`` installs the game
into a fresh CIRCUITPY folder exactly as it would onto a board (sources, the
.mpy files compiled by $CP_MPY_CROSS, board.txt),
``tools/bench/cp_bench.py`` is added as ``cp_bench.mpy``, and the emulator boots that
folder with the
SSD1306 attached (``--i2c-oled``) and runs ``cp_bench.run(...)``: the app as
``code.py`` boots it, with scripted buttons and the LED strip stubbed (its
``neopixel_write`` is far too slow in the emulator). ``--source`` deploys
the .py files instead (``deploy.py --source``: compiled on the Pico, which
runs out of heap in a game). Parts: ``ui`` (menu and discard cursor moves,
opening "Play the computer", idle frames), ``game`` (a whole game against
``--level`` by buttons; ``--heap`` adds a ``gc.collect()`` before every frame
for the peak live heap, which makes the run several times longer), ``readonly``
(the drive left to the PC: the app says saves are off, a game runs with
its saves in RAM, nothing is written to the drive or nvm).

Times are emulated (deterministic, a best case: a real RP2040 is as fast or
up to ~1.7x slower); a frame is one ``app.tick`` (buttons, update, drawing,
the backend's ``show()`` with its I2C transfer, the LED stub), and the
``show`` column is the backend's part of it. ``--display direct`` measures
the opt-in direct driver (a ``display=direct`` line in board.txt) instead
of the default adafruit_displayio_ssd1306. The emulated screen is written
to ``build/bench-cp/oled.pbm``.

``measure(...)`` returns the figures as a dict, for tools/bench_device.py.
Exit status: 0 done, 1 a run or check that failed, 2 no firmware, one that
cannot work, or the emulator's tools missing (docs/device-checks.md).
CPython only; imports deploy, cp_deploy, device_files and the emulated Pico
(emu.pico, emu.firmware, emu.fsimage, emu.workdir) from tools/.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
TOOLS = os.path.dirname(HERE)
ROOT = os.path.dirname(TOOLS)
if TOOLS not in sys.path:
    sys.path.insert(0, TOOLS)  # deploy, cp_deploy, emu

OUT = os.path.join(ROOT, "build", "bench-cp")

# name, key, budget (us, bytes), what
FIGURES = (
    ("menu cursor move", "menu_move_us", 20000, "frame"),
    ("discard cursor move", "discard_move_us", 20000, "frame"),
    ("idle game frame (nothing to redraw)", "idle_frame_us", 5000, "frame"),
    ('opening "Play the computer": its slowest frame', "open_play_max_us", 300000, "frame"),
    # the app of the mode built, as the boot after the device's
    # supervisor.reload builds it (the reload's own time not counted)
    ('opening "Play the computer": its app built', "open_play_boot_us", 1000000, "frame"),
    # the app's, as tools/bench_device.py weighs it on MicroPython: the peak
    # less the harness's and this benchmark's own code and frame lists
    ("peak live heap over a whole game (the app's)", "app_live_peak", 110 * 1024, "heap"),
)
EXTRA = (
    ("menu cursor move: show()", "menu_move_show_us"),
    ("discard cursor move: show()", "discard_move_show_us"),
    ("repaint with nothing changed: frame", "same_redraw_us"),
    ("repaint with nothing changed: show()", "same_redraw_show_us"),
    ("opening: the frame of the press", "open_play_us"),
    ("opening: show() in that frame", "open_play_show_us"),
    ("opening: every frame to the game's first", "open_play_total_us"),
    ("opening: frames", "open_play_frames"),
    ("game: frame median", "game_frame_median_us"),
    ("game: slowest frame", "game_frame_max_us"),
    ("game: timer-driven redraw, median", "game_idle_redraw_median_us"),
    ("game: timer-driven redraw, its show() median", "game_idle_redraw_show_median_us"),
    (
        "game: timer-driven redraw, the redraw alone (clear, draw, show) median",
        "game_idle_redraw_draw_median_us",
    ),
    (
        "game: timer-driven redraw of <= 64 pixels (the cursor mark), the redraw alone",
        "game_idle_small_median_us",
    ),
    ("game: peak live heap, everything (the benchmark's own with it)", "game_live_peak"),
    ("boot (make + build the app)", "boot_us"),
    ("heap after boot", "boot_heap"),
)


class Missing(Exception):
    """A tool the emulator needs (Node.js, mkfs.fat, mtools) is not there."""


def tools():
    """Raise Missing unless Node.js and the FAT tools are here."""
    from emu import fsimage, workdir

    try:
        workdir.node()
        fsimage.fat_tools()
    except (workdir.SetupError, fsimage.ImageError) as e:
        raise Missing(str(e)) from None


def emulator(flag=None):
    """The CircuitPython firmware given (``flag``, else $CP_FIRMWARE), once
    the tools are checked: Missing for a tool, emu.firmware.NoFirmware for
    no firmware, emu.firmware.BadFirmware for one that cannot work."""
    from emu import firmware

    tools()
    return firmware.circuitpython(flag)


def stage(folder, board="pico", source=False, fw=None):
    """Install the game into ``folder`` with tools/deploy.py --target cp, as
    onto a CIRCUITPY drive (.mpy files made by $CP_MPY_CROSS, checked against
    the firmware ``fw``, or the sources with ``source``), and add the device
    half of this benchmark."""
    import cp_deploy
    import deploy
    from emu import firmware

    os.makedirs(folder, exist_ok=True)
    argv = ["--board", board, "--target", "cp", "--drive", folder]
    if source:
        argv.append("--source")
    else:
        argv += ["--mpy-cross", firmware.cp_mpy_cross(fw or emulator())]
    args = deploy.parse(argv)
    cp_deploy.deploy_cp(cp_deploy.plan_cp(args))
    # the benchmark and, for its ``fast`` check, the plain framebuf as reference
    for src, dest in (
        (os.path.join(HERE, "cp_bench.py"), "cp_bench.py"),
        (os.path.join(HERE, "cp_display_check.py"), "cp_display_check.py"),
        (os.path.join(ROOT, "firmware", "ui", "fakefb.py"), "firmware/ui/fakefb.py"),
    ):
        if source:
            shutil.copyfile(src, os.path.join(folder, dest))
        else:
            out = os.path.join(folder, dest[:-3] + ".mpy")
            subprocess.check_call([argv[-1], "-o", out, "-s", dest, src])
    return folder


def run_emulator(folder, script_text, fw, timeout=1800, pbm=None, out_fs=False, max_emu_s=600):
    """Boot ``folder`` on the emulated Pico with firmware ``fw`` and the
    SSD1306 attached, and run ``script_text``; an emu.pico.Run. The run
    stops after ``max_emu_s`` emulated seconds (unless PICO_MAX_EMU_S says
    otherwise) or ``timeout`` host seconds."""
    from emu import pico

    os.makedirs(OUT, exist_ok=True)
    pbm = pbm or os.path.join(OUT, "oled.pbm")
    limit = float(os.environ.get("PICO_MAX_EMU_S") or max_emu_s)
    return pico.run(
        fw, folder, script_text, i2c_oled=pbm, out_fs=out_fs, max_emu_s=limit, timeout=timeout
    )


def parse(stdout):
    figures = {}
    for line in stdout.splitlines():
        line = line.strip()
        if line.startswith("BENCH "):
            words = line.split(" ", 2)
            value = words[2] if len(words) > 2 else ""
            try:
                value = int(value)
            except ValueError:
                pass
            figures[words[1]] = value
    return figures


def choose_display(folder, display):
    """Pick the display path as a user would: a ``display=NAME`` line after
    the board's name in board.txt (firmware.hw.cp_make.display_choice)."""
    if display:
        with open(os.path.join(folder, "board.txt"), "a") as f:
            f.write("display=%s\n" % display)


def measure(
    parts=("ui", "game", "readonly"),
    heap=False,
    source=False,
    level="hard",
    fw=None,
    display=None,
):
    """Run the benchmark on firmware ``fw`` (default: the one given); the
    figures as a dict (``error`` set when it failed). ``display``:
    "displayio" (the default) or "direct"."""
    fw = fw or emulator()
    work = tempfile.mkdtemp(prefix="bench_cp_")
    try:
        folder = stage(os.path.join(work, "CIRCUITPY"), source=source, fw=fw)
        choose_display(folder, display)
        script = "import cp_bench\ncp_bench.LEVEL = %r\ncp_bench.run(%r, %r)\n" % (
            level,
            tuple(parts),
            bool(heap),
        )
        small = "game" not in parts
        got = run_emulator(
            folder,
            script,
            fw,
            timeout=900 if small else 3600,
            max_emu_s=120 if small else 900,
        )
        rc, stdout, stderr = got.status, got.stdout, got.stderr
    finally:
        shutil.rmtree(work, ignore_errors=True)
    figures = parse(stdout)
    for line in stdout.splitlines():
        if line.startswith("__H__ boot"):
            for word in line.split():
                if word.startswith("mem_free="):
                    figures["boot_free"] = int(word.split("=")[1])
    if "game_live_peak" in figures and "bench_heap" in figures:
        # less the harness's and the benchmark's code, and its lists in the game
        own = figures["bench_heap"] + figures.get("bench_lists", 0)
        figures["app_live_peak"] = figures["game_live_peak"] - own
    figures["rc"] = rc
    if rc != 0 or "done" not in figures:
        tail = "\n".join((stdout + stderr).strip().splitlines()[-25:])
        figures["error"] = "emulator run failed (status %d):\n%s" % (rc, tail)
    emu = [line for line in stderr.splitlines() if line.startswith("[emu]")]
    figures["emu"] = emu
    return figures


def read_pbm(path):
    """The emulated panel's picture (a plain ``P1`` or binary ``P4`` PBM) as a
    MONO_VLSB buffer."""
    with open(path, "rb") as f:
        data = f.read()
    lines = [ln for ln in data.split(b"\n") if not ln.startswith(b"#")]
    head = b" ".join(lines[:2]).split()
    magic, w, h = head[0], int(head[1]), int(head[2])
    if magic == b"P1":
        bits = [c == 49 for c in b"".join(lines[2:]) if c in (48, 49)]  # '0' / '1'
        lit = lambda x, y: bits[y * w + x]  # noqa: E731
    elif magic == b"P4":
        raw = data[len(data) - ((w + 7) // 8) * h :]
        row = (w + 7) // 8
        lit = lambda x, y: raw[y * row + (x >> 3)] & (0x80 >> (x & 7))  # noqa: E731
    else:
        raise ValueError("not a PBM: %r" % magic)
    buf = bytearray(w * ((h + 7) // 8))
    for y in range(h):
        for x in range(w):
            if lit(x, y):
                buf[(y >> 3) * w + x] |= 1 << (y & 7)
    return bytes(buf)


def boot_check(source=False, fw=None, steps=None, display=None):
    """Boot the deployed ``code.py`` itself on the emulated Pico with the
    prelude tools/bench/cp_boot_check.py (scripted keys, LED strip counted):
    returns a dict with ``rc``, ``text`` (strings drawn last), ``buf`` (the
    app's frame buffer), ``panel`` (the emulated OLED's picture as a
    buffer), ``files`` (the names under /data on the drive afterwards),
    ``stdout`` and the other ``CHECK`` values."""
    fw = fw or emulator()
    work = tempfile.mkdtemp(prefix="boot_cp_")
    try:
        folder = stage(os.path.join(work, "CIRCUITPY"), source=source, fw=fw)
        choose_display(folder, display)
        for name in (
            "cp_bench.py",
            "cp_bench.mpy",
            "cp_display_check.py",
            "cp_display_check.mpy",
            "firmware/ui/fakefb.py",
            "firmware/fakefb.mpy",
        ):
            if os.path.exists(os.path.join(folder, name)):
                os.remove(os.path.join(folder, name))
        with open(os.path.join(HERE, "cp_boot_check.py")) as f:
            prelude = f.read()
        if steps is not None:
            prelude = prelude.replace("STEPS = [", "STEPS = %r  # [" % (steps,), 1)
        with open(os.path.join(folder, "code.py")) as f:
            script = prelude + f.read()
        pbm = os.path.join(work, "oled.pbm")
        run = run_emulator(folder, script, fw, pbm=pbm, out_fs=True, timeout=900, max_emu_s=120)
        rc, stdout = run.status, run.stdout
        got = {"rc": rc, "stdout": run.output, "text": [], "files": []}
        for line in stdout.splitlines():
            line = line.rstrip("\r")
            if line.startswith("CHECK text "):
                got["text"].append(line[len("CHECK text ") :])
            elif line.startswith("CHECK "):
                words = line.split(" ", 2)
                got[words[1]] = words[2] if len(words) > 2 else ""
        if "buf" in got:
            got["buf"] = bytes.fromhex(got["buf"])
        if os.path.exists(pbm):
            got["panel"] = read_pbm(pbm)
        if run.image is not None:
            got["files"] = sorted(
                path.split("/", 1)[1] for path in run.files() if path.startswith("data/")
            )
        return got
    finally:
        shutil.rmtree(work, ignore_errors=True)


def fmt(key, value):
    if not isinstance(value, int) or value < 0:
        return "-"
    if key.endswith("_us"):
        return "%.1f ms" % (value / 1000)
    if "heap" in key or "peak" in key or key.endswith("free"):
        return "%.1f KB" % (value / 1024)
    return str(value)


def table(figures):
    lines = ["| figure (emulated CircuitPython Pico) | now | budget | met |", "|---|---|---|---|"]
    for name, key, budget, _ in FIGURES:
        value = figures.get(key)
        met = "-" if not isinstance(value, int) else ("yes" if value <= budget else "NO")
        lines.append("| %s | %s | <= %s | %s |" % (name, fmt(key, value), fmt(key, budget), met))
    for name, key in EXTRA:
        if key in figures:
            lines.append("| %s | %s | | |" % (name, fmt(key, figures[key])))
    return "\n".join(lines)


def main(argv=None):
    p = argparse.ArgumentParser(prog="tools/bench/cp_device.py", description=__doc__.split("\n")[0])
    p.add_argument("--firmware", help="the CircuitPython .uf2 (default $CP_FIRMWARE)")
    p.add_argument(
        "--source", action="store_true", help="deploy --source: .py files compiled on the Pico"
    )
    p.add_argument(
        "--parts", default="ui,game,readonly", help="ui, game, readonly (comma-separated)"
    )
    p.add_argument("--heap", action="store_true", help="peak live heap (gc.collect every frame)")
    p.add_argument("--level", default="hard", choices=("easy", "medium", "hard"))
    p.add_argument(
        "--display",
        choices=("displayio", "direct"),
        help="the display path (default: the build's, displayio)",
    )
    p.add_argument("--json", action="store_true", help="print the figures as JSON only")
    args = p.parse_args(argv)
    parts = tuple(w for w in args.parts.split(",") if w)
    from emu import firmware, fsimage, workdir

    try:
        fw = emulator(args.firmware)
        if not args.source:
            firmware.cp_mpy_cross(fw)
        print("emulated Pico, %s" % fw.describe(), file=sys.stderr)
        figures = measure(parts, args.heap, args.source, args.level, fw, args.display)
    except (Missing, firmware.NoFirmware, firmware.BadFirmware, workdir.SetupError) as e:
        print("bench_device.py --runtime circuitpython: %s" % e, file=sys.stderr)
        return 2
    except fsimage.ImageError as e:
        print("bench_device.py --runtime circuitpython: %s" % e, file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(figures))
    else:
        print(table(figures))
        for line in figures.get("emu", []):
            print(line)
        print(json.dumps({k: v for k, v in figures.items() if k != "emu"}))
    if "error" in figures:
        print(figures["error"], file=sys.stderr)
        return 1
    return 0
