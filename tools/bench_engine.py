"""The engine benchmark: the engine's and the computer opponent's speed, heap
and strength, by section, on the MicroPython unix port (the engine as .mpy,
as the device loads it) with CPython beside it, or on the emulated Pico.

    python3 tools/bench_engine.py [--only SECTIONS] [options]

Sections (``--only`` a comma-separated list; default scoring,opponent):

  scoring   heap of importing the engine and of a game in progress, 690
            hand scores, peg scores, whole random games (--repeat;
            tools/bench/scoring.py)
  opponent  hard's discard and pegging decision times, the heap importing
            the opponent takes and the most one decision allocates
            (--repeat, --games; tools/bench/decisions.py)
  expert    the expert level's discard and play times over --games games
            of expert against itself; with --emu, every level's decisions
            on the emulated Pico (--firmware or $PICO_UF2, --deals,
            --levels; tools/bench/expert_speed.py)
  pairs     a player (--a NAME, or module:Class) against hard on the same
            deals, with its 95% interval (--bed peg|deal|end|all, --n,
            --seed; tools/bench/pairs.py)
  soak      many games in a row under a device-like heap on the unix port
            (--cpython: CPython with tracemalloc), which fails on a leak
            (--games, --seed, --slack, --heap; tools/bench/game_soak.py)

Exit status 0 when every section ran, 1 when one failed (a soak's leak), 2
for a bad argument or a missing tool. ``--help`` only prints this. CPython
only; imports benchkit from tools/bench/, and the sections there when they run.
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

SECTIONS = ("scoring", "opponent", "expert", "pairs", "soak")
DEFAULT = "scoring,opponent"
TAKES = {
    "scoring": ("--repeat",),
    "opponent": ("--repeat", "--games"),
    "expert": ("--games", "--emu", "--firmware", "--deals", "--levels"),
    "pairs": ("--a", "--bed", "--n", "--seed"),
    "soak": ("--games", "--seed", "--slack", "--heap", "--cpython"),
}
MODULE = {
    "scoring": "scoring",
    "opponent": "decisions",
    "expert": "expert_speed",
    "pairs": "pairs",
    "soak": "game_soak",
}


def parser():
    p = argparse.ArgumentParser(
        prog="tools/bench_engine.py",
        description="The engine benchmark, by section.",
        epilog="Sections and what each measures: see the top of tools/bench_engine.py.",
    )
    p.add_argument("--only", default=DEFAULT, help="sections: " + ",".join(SECTIONS))
    g = p.add_argument_group("section options (given only to the sections that take them)")
    g.add_argument("--repeat", type=int, help="scoring (31), opponent (41): runs per median")
    g.add_argument("--games", type=int, help="opponent (20), expert (20), soak (2000): games")
    g.add_argument("--emu", action="store_true", help="expert: on the emulated Pico")
    g.add_argument("--firmware", help="expert --emu: the MicroPython RPI_PICO .uf2")
    g.add_argument("--deals", type=int, help="expert --emu: first deals of seeds 1..N (16)")
    g.add_argument("--levels", help="expert --emu: some of expert,easy,medium,hard")
    g.add_argument("--a", help="pairs: the player to compare with hard")
    g.add_argument("--bed", choices=("peg", "deal", "end", "all"), help="pairs: which bed")
    g.add_argument("--n", type=int, help="pairs: deals or games a bed (3000)")
    g.add_argument("--seed", type=int, help="pairs (5000), soak (1): the first seed")
    g.add_argument("--slack", type=int, help="soak: bytes the heap may grow (256)")
    g.add_argument("--heap", help="soak: the unix port's heap (160k)")
    g.add_argument("--cpython", action="store_true", help="soak: on CPython instead")
    return p


def _argv(args, names):
    return benchkit.hand_on(args, names)


def plan(args, p):
    """[(section, module, argv)]; ``p.error`` (exit 2) for what cannot go."""
    only = [w for w in args.only.split(",") if w]
    bad = [s for s in only if s not in SECTIONS]
    if bad or not only:
        p.error("unknown section %r (choose from %s)" % (bad[0] if bad else "", ",".join(SECTIONS)))
    for name in [n for opts in TAKES.values() for n in opts]:
        value = getattr(args, name.lstrip("-").replace("-", "_"))
        if value not in (None, False) and not any(name in TAKES[s] for s in only):
            p.error("%s is for a section not chosen (--only %s)" % (name, args.only))
    if "pairs" in only and args.a is None:
        p.error("the pairs section needs --a PLAYER (e.g. --a expert)")
    if "expert" in only and not args.emu and (args.firmware or args.deals or args.levels):
        p.error("--firmware, --deals and --levels are for expert --emu")
    steps = []
    for s in only:
        names = TAKES[s]
        if s == "expert":
            names = ("--emu", "--firmware", "--deals", "--levels") if args.emu else ("--games",)
        steps.append((s, MODULE[s], _argv(args, names)))
    return steps


def run_step(module, argv):
    mod = __import__(module)
    if module == "game_soak":
        if "--cpython" in argv:
            return mod.main([a for a in argv if a not in ("--cpython",)])
        return mod.on_micropython(argv)
    return mod.main(argv)


def main(argv):
    p = parser()
    args = p.parse_args(argv)
    steps = plan(args, p)
    worst = 0
    for section, module, rest in steps:
        if len(steps) > 1:
            print("== %s" % section, flush=True)
        worst = max(worst, run_step(module, rest) or 0)
    return worst


if __name__ == "__main__":
    import bootstrap  # .venv first, as every tool the README names

    bootstrap.ensure()
    sys.exit(main(sys.argv[1:]))
