"""What the emulated Pico runs at boot, as the text of the files put on its
filesystem beside the user's: MicroPython's ``main.py``, CircuitPython's
``code.py`` (and a ``boot.py`` that lets the script write the drive). Each
measures the heap first thing, runs ``/_script.py`` as ``__main__``, and
prints two lines the host reads:

    __H__ boot mem_free=N mem_alloc=N after_harness_free=N freq=HZ impl=...
    __H__ end rc=STATUS script_us=US

``rc``: 0, 1 for an uncaught exception (its traceback printed first), N for
``sys.exit(N)``; ``script_us``: emulated microseconds of the script alone.
The runner stops the emulator at the end line. MicroPython's output goes
to UART0 through ``os.dupterm``; CircuitPython's console must be there
already. CPython only (these are texts); no imports.
"""

SCRIPT = "_script.py"

_RUN = r"""
_rc = 0
_t0 = _us()
try:
    with open('/_script.py') as _f:
        _code = compile(_f.read(), '_script.py', 'exec')
    gc.collect()
    exec(_code, {'__name__': '__main__'})
except SystemExit as _e:
    _v = _e.args[0] if _e.args else None
    if _v is None:
        _rc = 0
    elif isinstance(_v, int):
        _rc = _v
    else:
        print(_v)
        _rc = 1
except BaseException as _e:
    _show(_e)
    _rc = 1
_t1 = _us()
print('__H__ end rc=%d script_us=%d' % (_rc & 255, _elapsed(_t1, _t0)))
"""

MP_MAIN = (
    r"""import gc
gc.collect()
_free0 = gc.mem_free()
_alloc0 = gc.mem_alloc()
import machine, os, sys, time
os.dupterm(machine.UART(0, 115200))
_us = time.ticks_us
_elapsed = time.ticks_diff
_show = sys.print_exception
gc.collect()
print()
print('__H__ boot mem_free=%d mem_alloc=%d after_harness_free=%d freq=%d impl=%s' % (
    _free0, _alloc0, gc.mem_free(), machine.freq(), sys.version))
"""
    + _RUN
)

CP_BOOT = """import storage
storage.remount('/', readonly=False)
"""

CP_CODE = (
    r"""import gc
gc.collect()
_free0 = gc.mem_free()
_alloc0 = gc.mem_alloc()
import microcontroller, sys, time
try:
    import memorymap
    _TIMER = memorymap.AddressRange(start=0x40054028, length=4)  # TIMERAWL, 1 MHz

    def _us():
        return int.from_bytes(_TIMER[0:4], 'little')
except ImportError:
    def _us():
        return time.monotonic_ns() // 1000


def _elapsed(a, b):
    return (a - b) & 0xFFFFFFFF


def _show(e):
    import traceback
    traceback.print_exception(e)


gc.collect()
print()
print('__H__ boot mem_free=%d mem_alloc=%d after_harness_free=%d freq=%d impl=%s' % (
    _free0, _alloc0, gc.mem_free(), microcontroller.cpu.frequency, sys.version))
"""
    + _RUN
)


def files(runtime, script_text):
    """{path: bytes} the harness adds to the filesystem for ``runtime``
    ("mp" or "cp") running ``script_text``."""
    out = {SCRIPT: script_text.encode()}
    if runtime == "mp":
        out["main.py"] = MP_MAIN.encode()
    else:
        out["code.py"] = CP_CODE.encode()
        out["boot.py"] = CP_BOOT.encode()
    return out


# top-level names of the user's folder the harness replaces
OWNED = {
    "mp": {"main.py", "boot.py", SCRIPT},
    "cp": {"code.py", "main.py", "boot.py", SCRIPT, "code.txt", "main.txt", "boot_out.txt"},
}
