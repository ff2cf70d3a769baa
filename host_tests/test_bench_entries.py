"""The two benchmark commands, tools/bench_device.py and tools/bench_engine.py:
``--help`` lists every section and starts nothing, a wrong argument is exit 2
with a message and starts nothing, and each section hands on only the options
its own code reads (tools/bench/). Nothing here runs a benchmark. CPython
only; imports the two entries from tools/."""

import os
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))

import bench_device  # noqa: E402
import bench_engine  # noqa: E402


def run(tool, *args):
    return subprocess.run(
        [sys.executable, os.path.join(ROOT, "tools", tool)] + list(args),
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.parametrize(
    "tool,args,sections",
    [
        ("bench_device.py", [], bench_device.MP_SECTIONS),
        ("bench_device.py", ["--runtime", "circuitpython"], bench_device.CP_SECTIONS),
        ("bench_engine.py", [], bench_engine.SECTIONS),
    ],
)
def test_help_lists_the_sections_and_runs_nothing(tool, args, sections):
    p = run(tool, *args, "--help")
    assert p.returncode == 0, p.stderr
    for s in sections:
        assert s in p.stdout, s
    assert "usage:" in p.stdout and p.stderr == ""
    assert "interpreter:" not in p.stdout and "emulated Pico," not in p.stdout


@pytest.mark.parametrize(
    "tool,args,said",
    [
        ("bench_device.py", ["--only", "nothing"], "unknown section 'nothing'"),
        ("bench_device.py", ["--only", "idle"], "add --emu"),
        ("bench_device.py", ["--emu", "--only", "app"], "leave out --emu"),
        ("bench_device.py", ["--only", "frames", "--seconds", "3"], "--seconds is for a section"),
        ("bench_device.py", ["--orders", "stats"], "--orders is for a section not chosen"),
        ("bench_device.py", ["--only", "frames,heap"], "unknown section 'heap'"),
        ("bench_device.py", ["--games", "x"], "invalid int value"),
        ("bench_device.py", ["--frobnicate"], "unrecognized arguments"),
        ("bench_device.py", ["--runtime", "circuitpython", "--only", "frames"], "unknown section"),
        ("bench_device.py", ["--runtime", "lua"], "invalid choice"),
        ("bench_engine.py", ["--only", "pairs"], "needs --a"),
        ("bench_engine.py", ["--only", "scoring", "--a", "expert"], "--a is for a section"),
        ("bench_engine.py", ["--only", "expert", "--deals", "3"], "for expert --emu"),
        ("bench_engine.py", ["--only", "scoring,", "--bed", "x"], "invalid choice"),
    ],
)
def test_a_wrong_argument_is_exit_2_with_a_message(tool, args, said):
    p = run(tool, *args)
    assert p.returncode == 2, p.stdout + p.stderr
    assert said in p.stderr, p.stderr
    assert "Traceback" not in p.stderr and p.stdout == ""


def test_each_device_section_gets_only_its_options():
    args = bench_device.mp_parser().parse_args(
        ["--emu", "fw.uf2", "--only", "frames,opponent,idle", "--opp-games", "2", "--seconds", "5"]
    )
    steps = bench_device.plan_mp(args, bench_device.mp_parser())
    target = ["--only", "frames,opponent", "--opp-games", "2", "--emu", "--firmware", "fw.uf2"]
    assert steps == [
        ("frames,opponent", "mp_device", target),
        ("idle", "idle_cpu", ["--seconds", "5", "--firmware", "fw.uf2"]),
    ]
    args = bench_device.mp_parser().parse_args(["--only", "app,keeper-soak", "--seed", "7"])
    steps = bench_device.plan_mp(args, bench_device.mp_parser())
    assert steps == [
        ("app", "app_game", ["--seed", "7"]),
        ("keeper-soak", "keeper_soak", ["--seed", "7"]),
    ]


def test_the_modes_section_gets_the_orders_it_runs_itself():
    def plan(*argv):
        p = bench_device.mp_parser()
        return bench_device.plan_mp(p.parse_args(["--emu", "fw.uf2", *argv]), p)

    fw = ["--firmware", "fw.uf2"]
    assert plan("--only", "modes") == [("modes", "mode_boots", fw)]
    assert plan("--only", "modes", "--orders", "stats,hint") == [
        ("modes", "mode_boots", ["--orders", "stats,hint"] + fw)
    ]
    assert plan("--only", "modes", "--orders", "modes,five") == [
        ("modes", "mode_boots", ["--modes", "all", "--orders", "five"] + fw)
    ]
    assert plan("--only", "frames,modes", "--orders", "modes") == [
        ("frames", "mp_device", ["--only", "frames", "--emu"] + fw),
        ("modes", "mode_boots", fw),
    ]


def test_the_default_sections_are_the_targets_and_on_the_emulated_pico_the_modes_too():
    p = bench_device.mp_parser()
    assert bench_device.plan_mp(p.parse_args([]), p) == [
        ("frames,opponent", "mp_device", ["--only", "frames,opponent"])
    ]
    assert bench_device.plan_mp(p.parse_args(["--emu", "fw.uf2", "--orders", "five"]), p) == [
        (
            "frames,opponent",
            "mp_device",
            ["--only", "frames,opponent", "--emu", "--firmware", "fw.uf2"],
        ),
        ("modes", "mode_boots", ["--orders", "five", "--firmware", "fw.uf2"]),
    ]


def test_each_engine_section_gets_only_its_options():
    p = bench_engine.parser()
    args = p.parse_args(["--only", "opponent,expert,pairs", "--games", "4", "--a", "expert"])
    assert bench_engine.plan(args, p) == [
        ("opponent", "decisions", ["--games", "4"]),
        ("expert", "expert_speed", ["--games", "4"]),
        ("pairs", "pairs", ["--a", "expert"]),
    ]
    args = p.parse_args(["--only", "expert", "--emu", "--deals", "2"])
    assert bench_engine.plan(args, p) == [("expert", "expert_speed", ["--emu", "--deals", "2"])]


def test_every_old_command_has_its_section():
    # each benchmark or soak that was a command of its own is a section now;
    # the device's whole-app runs are the modes section's boots, one a mode
    device = set(bench_device.MP_SECTIONS) | set(bench_device.CP_SECTIONS)
    assert {"frames", "opponent", "idle", "modes"} <= device
    assert not {"heap", "into", "soak", "profile"} & device
    assert {"app", "ui-frames", "i2c", "pegboard", "keeper-soak", "ui", "readonly"} <= device
    assert set(bench_engine.SECTIONS) == {"scoring", "opponent", "expert", "pairs", "soak"}
    for module in bench_engine.MODULE.values():
        assert os.path.exists(os.path.join(ROOT, "tools", "bench", module + ".py")), module
