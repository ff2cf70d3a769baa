"""Device benchmark of the CircuitPython build on the emulated Raspberry Pi
Pico (CircuitPython 10.2.1 in rp2040js, ``../shared/emu-cp``): the figures of
issue 18 against their budgets.

    python3 tools/bench_device_cp.py [--emu-cp DIR] [--source] [--parts ui,game,readonly]
                                     [--heap] [--level hard] [--display direct] [--json]

What runs: ``tools/deploy.py --target cp --board pico`` installs the game
into a fresh CIRCUITPY folder exactly as it would onto a board (sources, the
.mpy files compiled by the kit's CircuitPython mpy-cross, board.txt),
``tools/cp_bench.py`` is added as ``cp_bench.mpy``, and the emulator boots that folder with the
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
Exit status: 0 done, 1 a run or check that failed, 2 the emulator or its
tools missing. CPython only; imports deploy, cp_deploy and device_files from tools/.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, HERE)

EMU_CP = os.path.normpath(os.path.join(ROOT, "..", "shared", "emu-cp"))
OUT = os.path.join(ROOT, "build", "bench-cp")

# name, key, budget (us, bytes), what
FIGURES = (
    ("menu cursor move", "menu_move_us", 20000, "frame"),
    ("discard cursor move", "discard_move_us", 20000, "frame"),
    ("idle game frame (nothing to redraw)", "idle_frame_us", 5000, "frame"),
    ('opening "Play the computer": its slowest frame', "open_play_max_us", 300000, "frame"),
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
    """The emulator or one of its tools is not there."""


def emulator(emu_dir=None):
    """The run script of the kit, or raise Missing saying what is absent."""
    emu_dir = emu_dir or os.environ.get("EMU_CP") or EMU_CP
    script = os.path.join(emu_dir, "run_on_pico_cp.sh")
    if not os.path.isfile(script):
        raise Missing("no emulated CircuitPython Pico at %s" % emu_dir)
    path = os.environ.get("PATH", "") + os.pathsep + "/usr/sbin" + os.pathsep + "/sbin"
    for tool, package in (
        ("node", "nodejs"),
        ("npm", "npm"),
        ("mkfs.fat", "dosfstools"),
        ("mcopy", "mtools"),
    ):
        if shutil.which(tool, path=path) is None:
            raise Missing("%s not found (apt-get install %s)" % (tool, package))
    return script


def stage(folder, board="pico", source=False, emu_dir=None):
    """Install the game into ``folder`` with tools/deploy.py --target cp, as
    onto a CIRCUITPY drive (.mpy files made by the kit's CircuitPython
    mpy-cross, or the sources with ``source``), and add the device half of
    this benchmark."""
    import cp_deploy
    import deploy

    os.makedirs(folder, exist_ok=True)
    argv = ["--board", board, "--target", "cp", "--drive", folder]
    if source:
        argv.append("--source")
    else:
        kit = os.path.dirname(emulator(emu_dir))
        argv += ["--mpy-cross", os.environ.get("CP_MPY_CROSS") or os.path.join(kit, "mpy-cross")]
    args = deploy.parse(argv)
    cp_deploy.deploy_cp(cp_deploy.plan_cp(args))
    # the benchmark and, for its ``fast`` check, the plain framebuf as reference
    for src, dest in (
        (os.path.join(HERE, "cp_bench.py"), "cp_bench.py"),
        (os.path.join(HERE, "cp_display_check.py"), "cp_display_check.py"),
        (os.path.join(ROOT, "firmware", "fakefb.py"), "firmware/fakefb.py"),
    ):
        if source:
            shutil.copyfile(src, os.path.join(folder, dest))
        else:
            out = os.path.join(folder, dest[:-3] + ".mpy")
            subprocess.check_call([argv[-1], "-o", out, "-s", dest, src])
    return folder


def run_emulator(
    folder, script_text, emu_dir=None, timeout=1800, pbm=None, env=None, max_emu_s=600
):
    """Boot ``folder`` on the emulated Pico and run ``script_text``; returns
    (exit status, stdout, stderr). The run stops after ``max_emu_s``
    emulated seconds (unless PICO_MAX_EMU_S says otherwise) or ``timeout``
    host seconds."""
    script = emulator(emu_dir)
    os.makedirs(OUT, exist_ok=True)
    pbm = pbm or os.path.join(OUT, "oled.pbm")
    with tempfile.NamedTemporaryFile("w", suffix=".py", delete=False) as f:
        f.write(script_text)
        path = f.name
    cmd = [script, "--i2c-oled", folder, path]
    full_env = dict(os.environ, CP_OLED_PBM=pbm)
    full_env.setdefault("PICO_MAX_EMU_S", str(max_emu_s))
    full_env.update(env or {})
    try:
        proc = subprocess.run(
            cmd, capture_output=True, text=True, timeout=timeout, env=full_env, errors="replace"
        )
    except subprocess.TimeoutExpired as e:
        out = e.stdout.decode(errors="replace") if isinstance(e.stdout, bytes) else e.stdout or ""
        return 124, out, "host timeout after %d s" % timeout
    finally:
        os.remove(path)
    return proc.returncode, proc.stdout, proc.stderr


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
    emu_dir=None,
    display=None,
):
    """Run the benchmark; the figures as a dict (``error`` set when it failed).
    ``display``: "displayio" (the default) or "direct"."""
    work = tempfile.mkdtemp(prefix="bench_cp_")
    try:
        folder = stage(os.path.join(work, "CIRCUITPY"), source=source, emu_dir=emu_dir)
        choose_display(folder, display)
        script = "import cp_bench\ncp_bench.LEVEL = %r\ncp_bench.run(%r, %r)\n" % (
            level,
            tuple(parts),
            bool(heap),
        )
        small = "game" not in parts
        rc, stdout, stderr = run_emulator(
            folder,
            script,
            emu_dir=emu_dir,
            timeout=900 if small else 3600,
            max_emu_s=120 if small else 900,
        )
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


def boot_check(source=False, emu_dir=None, steps=None, display=None):
    """Boot the deployed ``code.py`` itself on the emulated Pico with the
    prelude tools/cp_boot_check.py (scripted keys, LED strip counted):
    returns a dict with ``rc``, ``text`` (strings drawn last), ``buf`` (the
    app's frame buffer), ``panel`` (the emulated OLED's picture as a
    buffer), ``files`` (the names under /data on the drive afterwards),
    ``stdout`` and the other ``CHECK`` values."""
    work = tempfile.mkdtemp(prefix="boot_cp_")
    try:
        folder = stage(os.path.join(work, "CIRCUITPY"), source=source, emu_dir=emu_dir)
        choose_display(folder, display)
        for name in (
            "cp_bench.py",
            "cp_bench.mpy",
            "cp_display_check.py",
            "cp_display_check.mpy",
            "firmware/fakefb.py",
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
        image = os.path.join(work, "out.img")
        rc, stdout, stderr = run_emulator(
            folder,
            script,
            emu_dir=emu_dir,
            pbm=pbm,
            env={"PICO_OUT_FS": image},
            timeout=900,
            max_emu_s=120,
        )
        got = {"rc": rc, "stdout": stdout + stderr, "text": [], "files": []}
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
        if os.path.exists(image):
            out = os.path.join(work, "drive")
            proc = subprocess.run(
                ["mcopy", "-s", "-i", image, "::/data", out], capture_output=True, text=True
            )
            if proc.returncode == 0 and os.path.isdir(out):
                got["files"] = sorted(os.listdir(out))
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
    p = argparse.ArgumentParser(prog="tools/bench_device_cp.py", description=__doc__.split("\n")[0])
    p.add_argument("--emu-cp", dest="emu_cp", help="the emulator kit (default ../shared/emu-cp)")
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
    try:
        figures = measure(parts, args.heap, args.source, args.level, args.emu_cp, args.display)
    except (Missing, Exception) as e:
        if not isinstance(e, Missing) and type(e).__name__ != "Fail":
            raise
        print("bench_device_cp: %s" % e, file=sys.stderr)
        return 2
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


if __name__ == "__main__":
    import bootstrap  # .venv first (tools/ is on sys.path as the script folder)

    bootstrap.ensure()
    sys.exit(main())
