"""The device benchmark: every speed and heap figure of the app on a device
runtime, by section, each printed against its budget where it has one.

    python3 tools/bench_device.py [--only SECTIONS]           # the MicroPython unix port
    python3 tools/bench_device.py --emu [F.uf2] [--only ...]  # the emulated Pico
        # (tools/emu: your MicroPython RPI_PICO .uf2, --firmware or $PICO_UF2)
    python3 tools/bench_device.py --port /dev/ttyACM0 [--only ...]   # a real board
    python3 tools/bench_device.py --runtime circuitpython [--only ui,game,readonly,fast]
        # the emulated Pico with your CircuitPython firmware ($CP_FIRMWARE, $CP_MPY_CROSS)

MicroPython sections (``--only`` a comma-separated list; default
frames,opponent, and with --emu frames,opponent,modes):

  on the target (the unix port unless --emu or --port), the app as .mpy as
  tools/deploy.py installs it, run by the device half tools/bench/devbench.py
  (the PC half: tools/bench/mp_device.py, which says what each measures):
    frames     every screen's redraw, text, cards, the LED board, keeper saves
    opponent   easy, medium and hard decisions (--opp-games)
  on the emulated Pico only:
    idle       what the idle main loop costs the CPU (--seconds;
               tools/bench/idle_cpu.py)
    modes      each mode as a fresh boot with its mode record in the image
               (as a restart into it starts it): boot to its first frame,
               its live heap; play: a 121 game against hard and back to the
               menu (its most live heap, frames over 100 ms); --orders
               stats,five,hint: those orders of use as boots one after the
               other, the app's /data carried from each to the next (modes
               among them: every mode too) (tools/bench/mode_boots.py)
  on the unix port only (the host backend), and CPython beside it where said:
    app        a whole game's peak heap and frame times, from .mpy (--seed,
               --level, --target, --heap, --muggins, --five, --deals;
               tools/bench/app_game.py)
    ui-frames  a menu frame, a hand scene, a cursor move, heap per frame,
               also on CPython (--repeat; tools/bench/unix_frames.py)
    i2c        the OLED's I2C bytes and time per frame, page diff against
               whole frames, also on CPython (tools/bench/i2c_traffic.py)
    pegboard   LED pegboard frames and the keeper's save path, also on
               CPython (tools/bench/pegboard_frames.py)
    keeper-soak  a long score-keeper session by buttons, leaks (--games,
               --seed, --slack, --restart-every, --heap; --cpython runs it
               on CPython with tracemalloc; tools/bench/keeper_soak.py)

CircuitPython sections (``--runtime circuitpython``, always the emulated
Pico; default ui,game,readonly; tools/bench/cp_device.py with the device half
tools/bench/cp_bench.py): ui, game (``--heap``: the peak live heap), readonly,
fast; options --source, --level, --display, --json.

Exit status 0 when every section ran (budgets over are reported, not
failed), 1 when one failed, 2 for a bad argument, a missing tool, no firmware
or one that cannot work (docs/device-checks.md). ``--help`` only prints this.
CPython only; imports benchkit from tools/bench/, and the sections there when they run.
"""

import argparse
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
BENCH = os.path.join(HERE, "bench")
ROOT = os.path.dirname(HERE)
for _path in (ROOT, HERE, BENCH):  # the project, tools/, the sections
    if _path not in sys.path:
        sys.path.insert(0, _path)

import benchkit  # noqa: E402  tools/bench/: what the sections share

TARGET = ("frames", "opponent")
EMU_ONLY = ("idle", "modes")
UNIX_ONLY = ("app", "ui-frames", "i2c", "pegboard", "keeper-soak")
MP_SECTIONS = TARGET + EMU_ONLY + UNIX_ONLY
MP_DEFAULT = "frames,opponent"
MP_DEFAULT_EMU = "frames,opponent,modes"
CP_SECTIONS = ("ui", "game", "readonly", "fast")
CP_DEFAULT = "ui,game,readonly"

# the options each section takes (as the section's own main reads them)
TAKES = {
    "target": ("--opp-games",),
    "idle": ("--seconds",),
    "modes": ("--orders",),
    "app": ("--seed", "--level", "--target", "--heap", "--muggins", "--five", "--deals"),
    "ui-frames": ("--repeat",),
    "i2c": (),
    "pegboard": (),
    "keeper-soak": ("--games", "--seed", "--slack", "--restart-every", "--heap", "--cpython"),
}


def _sections(text, known):
    names = [w for w in text.split(",") if w]
    bad = [n for n in names if n not in known]
    if bad or not names:
        raise ValueError(
            "unknown section %r (choose from %s)" % (bad[0] if bad else text, ",".join(known))
        )
    return names


def mp_parser():
    p = argparse.ArgumentParser(
        prog="tools/bench_device.py",
        description="The device benchmark (MicroPython; --runtime circuitpython for the other).",
        epilog="Sections and what each measures: see the top of tools/bench_device.py.",
    )
    p.add_argument("--runtime", choices=("micropython", "circuitpython"), default="micropython")
    p.add_argument(
        "--only",
        help="sections: %s (default %s; with --emu %s)"
        % (",".join(MP_SECTIONS), MP_DEFAULT, MP_DEFAULT_EMU),
    )
    where = p.add_mutually_exclusive_group()
    where.add_argument(
        "--emu", nargs="?", const="", metavar="F.uf2", help="the emulated Pico (firmware optional)"
    )
    where.add_argument("--port", help="a real board over mpremote (frames, opponent)")
    p.add_argument("--firmware", help="the MicroPython RPI_PICO .uf2 (implies --emu)")
    g = p.add_argument_group("section options (given only to the sections that take them)")
    g.add_argument("--games", type=int, help="keeper-soak: games (300)")
    g.add_argument("--opp-games", type=int, help="opponent: games per level (3)")
    g.add_argument(
        "--orders",
        help="modes: stats,five,hint as boots carrying the storage (none by default; "
        "modes among them: every mode too)",
    )
    g.add_argument("--seconds", type=int, help="idle: seconds left idle (30)")
    g.add_argument("--seed", type=int, help="app: the game's seed (5); keeper-soak: seed (1)")
    g.add_argument("--level", help="app: the computer's level (hard)")
    g.add_argument("--target", type=int, help="app: 121 or 61")
    g.add_argument("--heap", help="app: unix-port heap (180k); keeper-soak: heap (160k)")
    g.add_argument("--muggins", action="store_true", help="app: with muggins")
    g.add_argument("--five", action="store_true", help="app: five-card cribbage")
    g.add_argument("--deals", type=int, help="app: a game of N fixed deals")
    g.add_argument("--repeat", type=int, help="ui-frames: runs per median (51)")
    g.add_argument("--slack", type=int, help="keeper-soak: bytes the heap may grow (512)")
    g.add_argument("--restart-every", type=int, help="keeper-soak: games between app rebuilds")
    g.add_argument("--cpython", action="store_true", help="keeper-soak: on CPython instead")
    return p


def cp_parser():
    p = argparse.ArgumentParser(
        prog="tools/bench_device.py --runtime circuitpython",
        description="The device benchmark of the CircuitPython build on the emulated Pico.",
    )
    p.add_argument("--runtime", choices=("micropython", "circuitpython"), default="circuitpython")
    p.add_argument("--only", default=CP_DEFAULT, help="sections: " + ",".join(CP_SECTIONS))
    p.add_argument("--emu", action="store_true", help="the emulated Pico (the only target)")
    p.add_argument("--firmware", help="the CircuitPython .uf2 (default $CP_FIRMWARE)")
    p.add_argument("--source", action="store_true", help="deploy .py files, compiled on the Pico")
    p.add_argument("--heap", action="store_true", help="game: the peak live heap")
    p.add_argument("--level", choices=("easy", "medium", "hard"), help="game: the level (hard)")
    p.add_argument("--display", choices=("displayio", "direct"), help="the display path")
    p.add_argument("--json", action="store_true", help="the figures as JSON only")
    return p


def _given(args, name):
    value = getattr(args, name.lstrip("-").replace("-", "_"))
    return value not in (None, False)


def _argv(args, names):
    return benchkit.hand_on(args, names)


def plan_mp(args, p):
    """[(title, callable returning a status)] for the MicroPython sections;
    ``p.error`` (exit 2) for a section or option that cannot go together."""
    emu = args.emu is not None or args.firmware is not None
    only = _sections(args.only or (MP_DEFAULT_EMU if emu else MP_DEFAULT), MP_SECTIONS)
    fw = args.firmware or args.emu or None
    chosen = {"target" if s in TARGET else s for s in only}
    for name in [n for opts in TAKES.values() for n in opts]:
        if _given(args, name) and not any(name in TAKES[c] for c in chosen):
            p.error("%s is for a section not chosen (--only %s)" % (name, ",".join(only)))
    for s in only:
        if s in EMU_ONLY and not emu:
            p.error("the %s section runs on the emulated Pico: add --emu" % s)
        if s in UNIX_ONLY and (emu or args.port):
            p.error("the %s section runs on the unix port: leave out --emu and --port" % s)
    steps = []
    target = [s for s in only if s in TARGET]
    if target:
        argv = ["--only", ",".join(target)] + _argv(args, TAKES["target"])
        if emu:
            argv += ["--emu"] + (["--firmware", fw] if fw else [])
        elif args.port:
            argv += ["--port", args.port]
        steps.append((",".join(target), "mp_device", argv))
    for s in only:
        if s == "idle":
            steps.append(("idle", "idle_cpu", _argv(args, TAKES["idle"]) + _fw(fw)))
        elif s == "modes":
            steps.append(("modes", "mode_boots", _modes_argv(args.orders) + _fw(fw)))
        elif s == "app":
            steps.append(("app", "app_game", _argv(args, TAKES["app"])))
        elif s == "ui-frames":
            steps.append(("ui-frames", "unix_frames", _argv(args, TAKES["ui-frames"])))
        elif s in ("i2c", "pegboard"):
            steps.append((s, s, []))
        elif s == "keeper-soak":
            steps.append(("keeper-soak", "keeper_soak", _argv(args, TAKES["keeper-soak"])))
    return steps


def _modes_argv(orders):
    # the modes section's orders of use (tools/bench/mode_boots.py's: boot
    # after boot, the storage carried); "modes" among them: every mode as
    # well, as without --orders
    names = [o for o in (orders or "").split(",") if o]
    rest = [o for o in names if o != "modes"]
    if not rest:
        return []
    return (["--modes", "all"] if "modes" in names else []) + ["--orders", ",".join(rest)]


def _fw(fw):
    return ["--firmware", fw] if fw else []


def run_script(name):
    """i2c / pegboard: the section's file from source, under the unix port and
    then CPython, from the repository's root; the worst status."""
    import subprocess

    import mpport

    path = os.path.join(BENCH, {"i2c": "i2c_traffic.py", "pegboard": "pegboard_frames.py"}[name])
    exe, where = mpport.find()
    worst = 0
    if exe is None:
        print("no MicroPython unix port: %s" % where, file=sys.stderr)
        worst = 2
    else:
        print("MicroPython unix port:")
        worst = subprocess.run([exe, path], cwd=ROOT).returncode
    print("CPython:")
    return max(worst, subprocess.run([sys.executable, path], cwd=ROOT).returncode)


def run_step(module, argv):
    if module in ("i2c", "pegboard"):
        return run_script(module)
    mod = __import__(module)
    if module == "keeper_soak":
        if "--cpython" in argv:
            return mod.main([a for a in argv if a != "--cpython"])
        return mod.on_micropython(argv)
    return mod.main(argv)


def main(argv):
    pre = argparse.ArgumentParser(add_help=False)
    pre.add_argument("--runtime", choices=("micropython", "circuitpython"), default="micropython")
    known, _ = pre.parse_known_args(argv)
    cp = known.runtime == "circuitpython"
    p = cp_parser() if cp else mp_parser()
    args = p.parse_args(argv)
    if cp:
        try:
            only = _sections(args.only, CP_SECTIONS)
        except ValueError as e:
            p.error(str(e))
        import cp_device

        rest = ["--parts", ",".join(only)] + _fw(args.firmware)
        rest += _argv(args, ("--source", "--heap", "--level", "--display", "--json"))
        return cp_device.main(rest)
    try:
        steps = plan_mp(args, p)
    except ValueError as e:
        p.error(str(e))
    worst = 0
    for title, module, rest in steps:
        if len(steps) > 1:
            print("== %s" % title, flush=True)
        status = run_step(module, rest)
        worst = max(worst, status or 0)
    return worst


if __name__ == "__main__":
    import bootstrap  # .venv first, as every tool the README names

    bootstrap.ensure()
    sys.exit(main(sys.argv[1:]))
