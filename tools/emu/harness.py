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

# the part both share; NOW reads the microsecond timer, SINCE is the time
# since _t0, SHOW prints a traceback. Few names (each one the script's heap
# and names table keep): _b, _rc, _t0, _code, _e on MicroPython.
_RUN = r"""
_rc = 0
_t0 = NOW
try:
    _code = compile(open('/_script.py').read(), '_script.py', 'exec')
    gc.collect()
    exec(_code, {'__name__': '__main__'})
except SystemExit as _e:
    _rc = _e.args[0] if _e.args else 0
    if _rc is None:
        _rc = 0
    elif not isinstance(_rc, int):
        print(_rc)
        _rc = 1
except BaseException as _e:
    if type(_e).__name__ == 'ReloadException':
        print('__H__ reload')
        raise  # CircuitPython's supervisor.reload(): code.py runs again, the script with it
    SHOW
    _rc = 1
print('__H__ end rc=%d script_us=%d' % (_rc & 255, SINCE))
"""


def _body(now, since, show):
    return _RUN.replace("NOW", now).replace("SINCE", since).replace("SHOW", show)


MP_MAIN = r"""import gc
gc.collect()
_b = (gc.mem_free(), gc.mem_alloc())
import machine, os, sys, time
os.dupterm(machine.UART(0, 115200))
gc.collect()
print()
print('__H__ boot mem_free=%d mem_alloc=%d after_harness_free=%d freq=%d impl=%s' % (
    _b[0], _b[1], gc.mem_free(), machine.freq(), sys.version))
""" + _body("time.ticks_us()", "time.ticks_diff(time.ticks_us(), _t0)", "sys.print_exception(_e)")

CP_BOOT = """import storage
storage.remount('/', readonly=False)
"""

CP_CODE = r"""import gc
gc.collect()
_b = (gc.mem_free(), gc.mem_alloc())
import microcontroller, sys, time
try:
    import memorymap
    _TIMER = memorymap.AddressRange(start=0x40054028, length=4)  # TIMERAWL, 1 MHz

    def _us():
        return int.from_bytes(_TIMER[0:4], 'little')
except ImportError:
    def _us():
        return time.monotonic_ns() // 1000
gc.collect()
print()
print('__H__ boot mem_free=%d mem_alloc=%d after_harness_free=%d freq=%d impl=%s' % (
    _b[0], _b[1], gc.mem_free(), microcontroller.cpu.frequency, sys.version))
""" + _body("_us()", "(_us() - _t0) & 0xFFFFFFFF", "__import__('traceback').print_exception(_e)")


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
