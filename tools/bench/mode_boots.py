"""The modes section of tools/bench_device.py (``--emu --only modes``): each
mode as the device starts it after the menu's choice, a fresh boot of the
emulated Pico with the mode record already in its filesystem image (the
emulator cannot run the soft reset itself: it stops at the inter-core FIFO),
then ``firmware.main.run`` from the import of ``firmware.main``, as the
board's ``main.py`` runs it. For each mode: the boot to its first frame
(nothing is on the screen before it but what the last app left there: the
panel keeps it across a soft reset), the mode's most live heap over its
first frames (``gc.mem_alloc()`` after ``gc.collect()`` every frame, less
the harness's, measured first, and the qstr pools the harness's names made
the app's taken out: ``_own``, the figure a device without the harness
holds), the slowest frame. For play, besides: a
whole 121-point game against hard by buttons to its end, which ends the app
into the game-over mode: the app's most live heap over it all, frames over
100 ms, the slowest; then that mode's boot over the files the game left
(``_OVER``): its work (the saved game read, the statistics, last.log) and
B to the menu once it is done, with the same figures and the time from the
press to the app's end. The boot to the menu (no record) is the first line.

Orders of use (``--orders stats,five,hint,resume``, ORDERS): boots one after the
other, each into one mode with an action, the app's /data (saves,
statistics, settings, the mode record, last.log) carried from each to the
next as the device keeps it across its soft resets: the filesystem the run
left (``out_fs``) is the next image's /data, the mode record written over
it as the menu's choice writes it. Each starts from an empty /data and the
settings record written on the PC (hard; five: five-card to 61). stats: a
game, Statistics (RIGHT: its next page), the keeper (UP, +1; B, its undo),
a game again; five: a game; hint: a game with the pause menu's hint asked
at your first discard and at your first play; resume: a game cut by a
power cut as its deal ``_CUT_DEAL`` begins, then play opened again (the
saved game resumed) and played to its end. Each whole game's boot is
followed by the game-over mode's. For each boot the figures
above over all its frames (most live heap, own and raw; frames over 100 ms
and where; the slowest), and for each order its most live heap and frames
over 100 ms over all its boots, against the budgets (96 KB, none).

    python3 tools/bench_device.py --emu [F.uf2] --only modes [--orders stats,five,hint]
    python3 tools/bench/mode_boots.py --emu F.uf2 [--modes play,...|all] [--orders ...]

(``--modes`` alone: those modes; ``--orders`` alone: those orders; neither:
every mode.) Two halves in one file: ``main(argv)`` on the PC (the app as
.mpy with this file beside it, tools/bench/mp_device.py's build; one
emulator run a mode or a step); ``device(name, game, hints, keys)`` on the
Pico (tools/bench/devbench.py's ``Rig`` drives the app: scripted buttons,
simulated clock, the real SSD1306 driver over a bus that counts bytes).
Exit status 0 when every run ended, 1 when one failed, 2 for a bad
argument, no firmware or emulator. Imports only ``gc``, ``sys`` at
the top; the app, devbench, app_driver and (hints) devorders on the device;
check_mpy, device_files, the emulated Pico, mp_device and the app's storage
(firmware.modes's LastMode, firmware.store.settings, firmware.hw.files)
on the PC.
"""

import gc
import sys

_GAME_FRAMES = 60000  # frames before a game that has not ended is a failure
_CUT_DEAL = 8  # a game cut by a power cut (``game`` 2) ends its boot as this deal begins
_OPEN_FRAMES = 50  # frames a mode runs after its first (its heap weighed over them)


def out(name, value):
    print("@@", name, value)


# ---- the device half ---------------------------------------------------------


def device(name, game=0, hints=0, keys=""):
    """Boot into mode ``name`` ('' the menu) with its record already written:
    prints the figures as ``@@`` lines (devbench's). ``game``: a whole game
    to its end, which ends the app into the game-over mode (2: cut as its
    deal ``_CUT_DEAL`` begins); ``hints``: the pause menu's hint asked in
    it at your first discard and your first play (devorders.ask_hint);
    ``keys``: buttons (firmware.hal's names, space-separated) pressed after
    the first frames, each once the mode is not busy (the game-over mode's
    work) and past its quiet moment, then given its frames too."""
    import devbench

    import app_driver

    if hints:
        import devorders  # the harness's, weighed with it before the app loads

        hints = [devorders.DISCARD, devorders.PLAY]

    t_start = devbench.now_us()
    gc.collect()
    bench = gc.mem_alloc()  # the harness, devbench and this file: not the app's
    out("bench_heap", bench)
    devbench.qstr_info("harness")  # the names the harness interned (its own qstrs)
    from firmware import main as boot

    class Rig(devbench.Rig):
        # devbench's, which frames went over 100 ms (their numbers), and
        # when the app's last frame ended: before devbench's own collection
        def feed(self):
            n = self.over100
            app = boot.app
            if press_at[0] and "ended_us" not in marks and app is not None and app.next is not None:
                marks["ended_us"] = devbench.since(press_at[0])
            app = None
            devbench.Rig.feed(self)
            if self.over100 > n and len(over_at) < 8:
                over_at.append(self.frames)

    over_at = []
    board, root = devbench.board_and_root()
    rig = Rig(board, root)
    rig.t_start = t_start
    rig.device = boot
    rig.heap = True
    marks = {}
    press_at = [0]
    plain = boot.restart

    def restart(app, reboot=True):
        # firmware.main's restart, timed: the record's writing (the press
        # that ended the app to the end of its last frame is ``feed``'s)
        t = devbench.now_us()
        plain(app, reboot)
        marks.setdefault("record_us", devbench.since(t))
        raise SystemExit  # as the device's soft reset ends the interpreter here

    boot.restart = restart

    def script():
        from firmware.hal import A

        while boot.app is None:
            yield 0
        for _ in range(_OPEN_FRAMES):
            yield 0
        app = boot.app
        marks["mode"] = app.mode or ""
        marks["errors"] = app.errors
        marks["open_peak"] = rig.live_peak
        devbench.qstr_info("open")  # the names interned by then
        marks["open_frames"] = rig.frames
        marks["open_slowest"] = rig.slow[0][0] if rig.slow else 0
        if not name:  # the menu: A on its first entry, as the player opens a mode
            press_at[0] = devbench.now_us()
            for b in devbench.press(A):
                yield b
            while boot.app is app:
                yield 0
            return
        if keys:
            from firmware import hal

            app = None
            for key in keys.split():
                # each once the mode's work is done and its quiet moment over
                # (the game-over mode's statistics and log, a step a frame)
                for _ in range(_GAME_FRAMES):
                    busy = getattr(boot.app.stack[-1], "busy", None)
                    if not (busy is not None and busy()) and not boot.app.buttons.quiet():
                        break
                    busy = None
                    yield 0
                busy = None
                press_at[0] = devbench.now_us()
                yield from devbench.press(getattr(hal, key))
                for _ in range(_OPEN_FRAMES):
                    yield 0
        if not game:
            return
        screen = app.stack[1]
        app = None
        for _ in range(_GAME_FRAMES):  # till the game's end ends the app (the game-over mode next)
            app = boot.app
            top = app.stack[-1]
            g = screen.game
            if game == 2 and g is not None and g.deal_number >= _CUT_DEAL:
                marks["game"] = "cut at deal %d, %d-%d" % (g.deal_number, g.scores[0], g.scores[1])
                return  # the power cut: the boot ends with the save as it stands
            if g is not None and g.phase == "over" and "game" not in marks:
                marks["game"] = "%s %d-%d" % (g.winner, g.scores[0], g.scores[1])
            g = None
            if hints and devorders.hint_due(top, screen, hints):
                top = app = None
                yield from devorders.ask_hint(boot, rig)
                continue
            bit = app_driver.play_bit(screen) if app_driver.on_play(top, screen) else A
            top = app = None
            if bit:
                yield from devbench.press(bit)
            else:
                yield 0
        print("@@ error the game did not end in %d frames" % _GAME_FRAMES)
        raise SystemExit

    rig.player = script()
    try:
        boot.run(rig, board)
    except SystemExit:
        pass
    out("first_frame_us", rig.boot_us)
    out("mode", marks.get("mode", "?"))
    out("open_peak", marks.get("open_peak", rig.live_peak) - bench)
    out("live_peak", rig.live_peak - bench)
    name, page = rig.live_where
    out("live_peak_where", name + (".page%d" % page if page else ""))
    out("frames", rig.frames)
    out("frames_over_100ms", rig.over100)
    if rig.slow:
        us, where, page = rig.slow[0]
        out("slowest", "%d %s" % (us, where + (".page%d" % page if page else "")))
        out("slow", " ".join("%d:%s" % (s[0], s[1]) for s in rig.slow))
    out("over_at", " ".join(str(k) for k in over_at) or "-")
    out("hints", rig.hints)
    for key in ("game", "errors", "ended_us", "record_us"):
        if key in marks:
            out(key, marks[key])
    out("battery_mv", rig.battery_mv())  # the gauge's VSYS read, as on a Pico
    out("crashes", boot.crashes)
    devbench.qstr_info("end")
    out("done", 1)


# ---- the PC half -------------------------------------------------------------

OPENED = 255  # firmware.modes._OPENED: the mode chosen in the menu, not yet started
KB = 1024


def _root():
    import os

    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    if root not in sys.path:
        sys.path.insert(0, root)
    return root


def _record(folder, name, carried=None):
    """The image's /data (``folder``/data) as the boot into ``name`` finds
    it: the ``data/...`` files of ``carried`` ({path: bytes}, a run's
    ``files()``: what the boot before left) and nothing else, then the mode
    record as the menu's choice leaves it ('' the menu: the record naming
    none)."""
    import os

    _root()
    from firmware.modes import LastMode
    from firmware.hw.files import FileStorage

    data = os.path.join(folder, "data")
    if os.path.isdir(data):
        import shutil

        shutil.rmtree(data)
    os.makedirs(data)
    for path, body in sorted((carried or {}).items()):
        if not path.startswith("data/"):
            continue
        dst = os.path.join(folder, *path.split("/"))
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        with open(dst, "wb") as f:
            f.write(body)
    last = LastMode(FileStorage(os, data))
    last.load()  # a carried record: the new one is written as the app writes it, its next copy
    last.save(name, OPENED if name else 0)


def _settings(folder, difficulty="hard", game=0):
    """The settings record in ``folder``/data as the settings screen leaves
    it: ``difficulty``, and ``game`` the index of the game's choice
    (firmware/screens/settings.py CHOICES[1]: 0 six-card to 121, 2
    five-card to 61), the rest at their defaults."""
    import os

    _root()
    from firmware.hw.files import FileStorage
    from firmware.store.settings import Settings

    data = os.path.join(folder, "data")
    s = Settings(FileStorage(os, data))
    s.load()
    s.set("difficulty", difficulty)
    s.step(1, game - s.index[1])
    if not s.save():
        raise OSError("the settings record was not written: %s" % s.problem)
    return s


# the orders of use: (the settings written first, or None) and the steps, a
# fresh boot each with the storage the one before left: (mode, game, hints,
# keys), device()'s arguments
# the boot after a game's: the game ended the play's app into the game-over
# mode, whose work is done before B takes it to the menu
_OVER = ("game_over", 0, 0, "B")

ORDERS = {
    "stats": (
        {"difficulty": "hard"},
        (
            ("play", 1, 0, ""),
            _OVER,
            ("stats", 0, 0, "RIGHT"),
            ("keeper", 0, 0, "UP B"),
            ("play", 1, 0, ""),
            _OVER,
        ),
    ),
    "five": ({"difficulty": "hard", "game": 2}, (("play", 1, 0, ""), _OVER)),
    "hint": ({"difficulty": "hard"}, (("play", 1, 1, ""), _OVER)),
    "resume": ({"difficulty": "hard"}, (("play", 2, 0, ""), ("play", 1, 0, ""), _OVER)),
}


def _modes():
    import ast
    import os

    here = os.path.dirname(os.path.abspath(__file__))
    menu = os.path.join(os.path.dirname(os.path.dirname(here)), "firmware", "screens", "menu.py")
    with open(menu) as f:
        tree = ast.parse(f.read())
    for node in tree.body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "ENTRIES":
            return [e[1] for e in ast.literal_eval(node.value)]
    raise ValueError("no ENTRIES in firmware/screens/menu.py")


def _own(r):
    # the app's peak as the device holds it without this harness
    # (``live_peak_own``): the harness's names push the app's along the qstr
    # pools, so the pools its own names would fill are not all in the raw
    # figure (tools/bench/mp_device.py's ``app_heap``); the raw one when the
    # pools' layout cannot be read
    import mp_device

    for key, names in (("live_peak", "qstr_peak"), ("open_peak", "qstr_open")):
        got = dict(r)
        got["live_peak"] = r[key] + r["bench_heap"]
        if names in r:
            got["qstr_peak"] = r[names]
        mp_device.app_heap(got)
        r[key + "_own"] = got.get("app_live_peak_own", r[key])
        r[key + "_pools"] = got.get("qstr_harness_pool_bytes")


def _line(what, value, budget=None, unit="ms"):
    if unit == "ms":
        text = "%.1f ms" % (value / 1000)
    elif unit == "KB":
        text = "%.1f KB" % (value / KB)
    else:
        text = "%d" % value
    line = "  %-44s %10s" % (what, text)
    if budget is not None:
        line += "   budget %s: %s" % (
            "%d ms" % (budget // 1000)
            if unit == "ms"
            else "%d KB" % (budget // KB)
            if unit == "KB"
            else str(budget),
            "ok" if value <= budget else "OVER",
        )
    print(line)


def _boot(target, build, step, carry=False):
    """One fresh boot of the emulated Pico with ``build``'s files: ``step``
    (mode, game, hints, keys) run by device(); the parsed figures, and the
    run (its ``files()`` with ``carry``)."""
    import os

    import mp_device
    from emu import pico

    got = pico.run(
        target.fw,
        build,
        mp_device.QSTR_START + "import mode_boots\nmode_boots.device(%r, %d, %d, %r)\n" % step,
        adc={3: mp_device.VSYS_MV // 3},  # VSYS through the Pico's divider: the gauge on
        max_emu_s=float(os.environ.get("PICO_MAX_EMU_S") or 3000),
        timeout=5400,
        out_fs=carry,
    )
    return mp_device.parse(got.output), got


def _failed(r, got, step=None):
    if step is not None and step[2] and r.get("hints", 0) < 2:
        return "no hint asked"  # the hint order asks it at your first discard and play
    return got.status or "done" not in r or r.get("errors_seen") or r.get("crashes")


def _slowest(r):
    us, _, where = str(r.get("slowest", "0 ?")).partition(" ")
    _line("slowest frame (%s)" % where, int(us), 100000)


def _whole(r):
    # the run's figures over all its frames, not only the first
    _line("most live heap of the app (at %s)" % r["live_peak_where"],
          r["live_peak_own"], 96 * KB, "KB")  # fmt: skip
    _line("  raw: the harness's names' pools counted as its own",
          r["live_peak"], None, "KB")  # fmt: skip
    _line("frames over 100 ms (of %d; at %s)" % (r["frames"], r.get("over_at", "-")),
          r["frames_over_100ms"], 0, "n")  # fmt: skip
    _slowest(r)


def _report(label, name, game, r):
    print("%s:" % label)
    print("  battery gauge on: VSYS read %s mV" % r.get("battery_mv", "-"))
    _line("boot to the first frame", r["first_frame_us"], 1500000 if not name else None)
    _line("most live heap, its first frames (app)", r["open_peak_own"], 96 * KB, "KB")
    if "ended_us" in r:
        what = "A on the menu" if not name else "B on the game-over page"
        _line("%s to the app's end (its last frame)" % what, r["ended_us"], 100000)
        _line("  then the mode record written", r["record_us"])
    if game:
        print("  a 121 game against hard to its end (%s), the app ended into game over:"
              % r["game"])  # fmt: skip
        _whole(r)
    else:
        _slowest(r)


def _order(target, build, name):
    """Order ``name`` of ORDERS from an empty /data, its steps' storage
    carried from boot to boot: (its figures, 0 or 1 for a failure)."""
    setup, steps = ORDERS[name]
    print("order %s: %s" % (name, ", then ".join(_step_text(s) for s in steps)))
    carried = {}
    done = []
    for i, step in enumerate(steps):
        _record(build, step[0], carried)
        if i == 0 and setup:
            _settings(build, **setup)
        r, got = _boot(target, build, step, carry=True)
        label = "  %s %d: %s" % (name, i + 1, _step_text(step))
        if _failed(r, got, step):
            print("%s: FAILED (exit %d)\n%s" % (label, got.status, got.output[-2500:]))
            return {"steps": done}, 1
        carried = got.files()
        _own(r)
        # what the boot left in /data, name: bytes (the next boot's)
        r["data_files"] = {p[5:]: len(b) for p, b in sorted(carried.items()) if p[:5] == "data/"}
        done.append({k: v for k, v in r.items() if k not in ("platform",)})
        files = " ".join("%s:%d" % f for f in r["data_files"].items())
        print("%s (mode %s; /data then, bytes: %s):" % (label, r["mode"], files))
        _line("boot to the first frame", r["first_frame_us"])
        _line("most live heap, its first frames (app)", r["open_peak_own"], 96 * KB, "KB")
        if step[1] == 2:
            print("  the game (%s):" % r["game"])
        elif step[1]:
            print("  the game to its end (%s), the app ended into game over:" % r["game"])
        elif "ended_us" in r:
            _line("B on the game-over page to the app's end (its last frame)",
                  r["ended_us"], 100000)  # fmt: skip
        _whole(r)
        if r.get("hints"):
            print("  hints asked: %d" % r["hints"])
        if r.get("errors"):
            print("  app errors: %s" % r["errors"])
            return {"steps": done}, 1
    peak = max(r["live_peak_own"] for r in done)
    over = sum(r["frames_over_100ms"] for r in done)
    print("order %s, over its %d boots: most live heap %.1f KB (budget 96 KB: %s), "
          "frames over 100 ms %d (budget 0: %s)"
          % (name, len(done), peak / KB, "ok" if peak <= 96 * KB else "OVER",
             over, "ok" if not over else "OVER"))  # fmt: skip
    return {"steps": done, "live_peak_own": peak, "frames_over_100ms": over}, 0


def _step_text(step):
    mode, game, hints, keys = step
    text = mode.replace("_", " ")
    if game == 2:
        text += " (a game cut by a power cut at its deal %d)" % _CUT_DEAL
    elif game:
        text += " (a whole game%s)" % (", hints" if hints else "")
    if keys:
        text += " (%s)" % keys
    return text


def main(argv):
    import json
    import os
    import tempfile

    import mp_device

    fw = None
    only = None
    orders = []
    args = list(argv)
    while args:
        a = args.pop(0)
        if a in ("--firmware", "--emu") and args and not args[0].startswith("--"):
            fw = args.pop(0)
        elif a == "--emu":
            pass
        elif a == "--modes" and args:
            only = [m for m in args.pop(0).split(",") if m]
        elif a == "--orders" and args:
            orders = [o for o in args.pop(0).split(",") if o]
            bad = [o for o in orders if o not in ORDERS]
            if bad:
                print("error: no order %r (%s)" % (bad[0], ",".join(ORDERS)), file=sys.stderr)
                return 2
        else:
            print("error: unknown argument %r" % a, file=sys.stderr)
            return 2
    try:
        target = mp_device.emulator(fw)
    except mp_device.Fail as e:
        print("error: %s" % e, file=sys.stderr)
        return e.status
    if only == ["all"] or (only is None and not orders):
        modes = [""] + _modes()
    else:
        modes = only or []
    results = {}
    done_orders = {}
    worst = 0
    with tempfile.TemporaryDirectory() as tmp:
        try:
            build = mp_device.build(os.path.join(tmp, "mpy"), target.march)
        except mp_device.Fail as e:
            print("error: %s" % e, file=sys.stderr)
            return e.status
        print("%s, the app as .mpy, board pico; a fresh boot a mode, its record in the image"
              % target.name)  # fmt: skip
        for name in modes:
            _record(build, name)
            game = 1 if name == "play" else 0
            r, got = _boot(target, build, (name, game, 0, ""), carry=bool(game))
            label = name or "menu"
            if _failed(r, got):
                print("%s: FAILED (exit %d)\n%s" % (label, got.status, got.output[-2500:]))
                worst = 1
                continue
            _own(r)
            results[label] = {k: v for k, v in r.items() if k not in ("platform",)}
            _report(label, name, game, r)
            if r.get("errors"):
                print("  app errors: %s" % r["errors"])
                worst = 1
            if game:  # the game ended the app into the game-over mode: its boot next
                _record(build, _OVER[0], got.files())
                r, got = _boot(target, build, _OVER, carry=True)
                label = "play, then game over"
                if _failed(r, got):
                    print("%s: FAILED (exit %d)\n%s" % (label, got.status, got.output[-2500:]))
                    worst = 1
                    continue
                _own(r)
                results["game_over"] = {k: v for k, v in r.items() if k not in ("platform",)}
                _report("game over (its boot after the game's, B to the menu)", _OVER[0], 0, r)
                _whole(r)
        for name in orders:
            done_orders[name], status = _order(target, build, name)
            worst = max(worst, status)
    line = {"target": target.name, "modes": results}
    if orders:
        line["orders"] = done_orders
    print(json.dumps(line))
    return worst


if __name__ == "__main__":
    import os

    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # tools/
    sys.exit(main(sys.argv[1:]))
