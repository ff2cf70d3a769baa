"""The filesystem the emulated Pico boots with, as the firmware keeps it in
flash: MicroPython's littlefs2 (RPI_PICO: 352 blocks of 4 KB at flash offset
0xA0000, written with littlefs-python) or CircuitPython's CIRCUITPY drive
(FAT12, 1 MB at 0x100000, written with mkfs.fat and mtools). A ``Layout``
says where; ``build_*`` put a folder's files in an image (subfolders kept,
dot-files, ``__pycache__`` and the names the harness owns left out; with an
``mpy_cross`` every .py compiled to .mpy), ``read_*`` give an image's files
back as {path: bytes}.

CPython only; imports littlefs (littlefs-python, pinned in requirements.txt)
when a littlefs image is made or read, and runs mkfs.fat / mmd / mcopy for
FAT.
"""

import os
import shutil
import subprocess
import tempfile


class Layout:
    def __init__(self, offset, size, kind):
        self.offset = offset
        self.size = size
        self.kind = kind  # "littlefs" or "fat"


MP_LAYOUT = Layout(0xA0000, 352 * 4096, "littlefs")
CP_LAYOUT = Layout(0x100000, 0x100000, "fat")
# MicroPython's rp2 port mounts its flash as VfsLfs2(bdev, progsize=256)
LFS_GEOMETRY = dict(block_size=4096, block_count=352, prog_size=256, read_size=32)
SBIN = ("/usr/sbin", "/sbin")


class ImageError(Exception):
    """The files do not make an image (a tool missing or failing, no room)."""


def collect(src_dir, owned):
    """(relative path with /, absolute path) of every file under ``src_dir``
    the image takes, sorted; ``owned``: top-level names the harness writes."""
    out = []
    for folder, dirs, files in os.walk(src_dir):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d != "__pycache__")
        rel = os.path.relpath(folder, src_dir).replace(os.sep, "/")
        for name in sorted(files):
            relpath = name if rel == "." else rel + "/" + name
            if name.startswith(".") or relpath in owned:
                continue
            out.append((relpath, os.path.join(folder, name)))
    return out


def compiled(entries, mpy_cross, tmp, march=None):
    """``entries`` with every .py compiled by ``mpy_cross`` into ``tmp``."""
    out = []
    for relpath, path in entries:
        if not relpath.endswith(".py"):
            out.append((relpath, path))
            continue
        dest = os.path.join(tmp, relpath[:-3] + ".mpy")
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        cmd = [mpy_cross] + (["-march=" + march] if march else []) + ["-o", dest, "-s", relpath]
        proc = subprocess.run(cmd + [path], capture_output=True, text=True)
        if proc.returncode:
            raise ImageError("mpy-cross failed on %s: %s" % (path, proc.stderr.strip()))
        out.append((relpath[:-3] + ".mpy", dest))
    return out


def build_littlefs(entries, extra):
    """A littlefs image (bytes) of ``entries`` plus ``extra`` ({path: bytes})."""
    from littlefs import LittleFS

    lfs = LittleFS(**LFS_GEOMETRY)
    try:
        for relpath, path in entries:
            if "/" in relpath:
                lfs.makedirs(relpath.rsplit("/", 1)[0], exist_ok=True)
            with open(path, "rb") as src, lfs.open(relpath, "wb") as dst:
                dst.write(src.read())
        for relpath, data in extra.items():
            with lfs.open(relpath, "wb") as dst:
                dst.write(data)
    except Exception as e:  # littlefs' errors: no space, a name too long
        raise ImageError("the files do not fit the Pico's littlefs: %s" % e) from None
    return bytes(lfs.context.buffer)


def read_littlefs(image):
    """Every file of a littlefs image: {path without the leading /: bytes}."""
    from littlefs import LittleFS
    from littlefs.context import UserContext

    lfs = LittleFS(context=UserContext(buffer=bytearray(image)), mount=False, **LFS_GEOMETRY)
    lfs.mount()
    out = {}
    for root, _dirs, files in lfs.walk("/"):
        for name in files:
            path = root.rstrip("/") + "/" + name
            with lfs.open(path, "rb") as f:
                out[path.lstrip("/")] = f.read()
    return out


def fat_tools():
    """{tool: path} of mkfs.fat, mmd and mcopy; ImageError naming what is missing."""
    search = os.environ.get("PATH", "") + os.pathsep + os.pathsep.join(SBIN)
    found = {t: shutil.which(t, path=search) for t in ("mkfs.fat", "mmd", "mcopy")}
    absent = [t for t, p in found.items() if p is None]
    if absent:
        raise ImageError(
            "%s not found (Debian/Ubuntu: apt-get install dosfstools mtools)" % ", ".join(absent)
        )
    return found


def _run(cmd, what):
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode:
        raise ImageError("%s failed: %s" % (what, (proc.stderr or proc.stdout).strip()))


def build_fat(entries, extra):
    """A 1 MB FAT12 CIRCUITPY image (bytes, 512-byte sectors, no partition
    table) of ``entries`` plus ``extra``."""
    tools = fat_tools()
    with tempfile.TemporaryDirectory() as tmp:
        img = os.path.join(tmp, "fs.img")
        _run(
            [tools["mkfs.fat"], "-C", "-F", "12", "-S", "512", "-n", "CIRCUITPY", img, "1024"],
            "mkfs.fat",
        )
        staged = list(entries)
        for n, (relpath, data) in enumerate(extra.items()):
            path = os.path.join(tmp, "extra%d" % n)
            with open(path, "wb") as f:
                f.write(data)
            staged.append((relpath, path))
        folders = sorted({r.rsplit("/", 1)[0] for r, _ in staged if "/" in r})
        made = set()
        for folder in folders:
            parts = folder.split("/")
            for i in range(1, len(parts) + 1):
                sub = "/".join(parts[:i])
                if sub not in made:
                    _run([tools["mmd"], "-i", img, "::/" + sub], "mmd %s" % sub)
                    made.add(sub)
        for relpath, path in staged:
            _run([tools["mcopy"], "-i", img, path, "::/" + relpath], "mcopy %s" % relpath)
        with open(img, "rb") as f:
            return f.read()


def read_fat(image):
    """Every file of a CIRCUITPY image: {path: bytes}."""
    tools = fat_tools()
    with tempfile.TemporaryDirectory() as tmp:
        img = os.path.join(tmp, "fs.img")
        with open(img, "wb") as f:
            f.write(image)
        out_dir = os.path.join(tmp, "out")
        os.mkdir(out_dir)
        _run([tools["mcopy"], "-s", "-n", "-i", img, "::/*", out_dir], "mcopy")
        out = {}
        for relpath, path in collect(out_dir, ()):
            with open(path, "rb") as f:
                out[relpath] = f.read()
        return out


def build(layout, entries, extra):
    if layout.kind == "littlefs":
        return build_littlefs(entries, extra)
    return build_fat(entries, extra)


def read(layout, image):
    if layout.kind == "littlefs":
        return read_littlefs(image)
    return read_fat(image)
