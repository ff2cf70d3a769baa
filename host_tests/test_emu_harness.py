"""The project's emulated Pico (tools/emu) without a real firmware: the UF2
reader and the firmware checks on small stand-in files made here (not a
UF2, another chip's UF2, a MicroPython too old for the project's .mpy
files), each a clear error and exit 2 from every device tool; no firmware
given, exit 2 saying how to give one; the filesystem images round-trip
files (littlefs-python; FAT through mtools); and the Node.js runner boots a
20-byte stand-in program that prints the harness's end line over UART0, so
the exit status, the output and the saved filesystem come back as from a
firmware (and takes a reading for the ADC). CPython only; imports
tools/emu, bench_device, bench_device_cp, bench_idle and device_checks.
"""

import os
import struct
import sys

import pytest
from unixport import missing

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))

import bench_device  # noqa: E402  the entry, tools/bench_device.py
import cp_device as bench_device_cp  # noqa: E402  tools/bench/cp_device.py
import device_checks  # noqa: E402
from emu import firmware, fsimage, harness, pico, uf2, workdir  # noqa: E402

# Thumb code at the start of flash (where the runner starts the core): print
# the NUL-ended text at 0x10000028 to UART0's data register, then spin.
PROGRAM = (
    0x4805,  # 0x00 ldr r0, [pc, #20]  -> UART0 (0x18)
    0x4906,  # 0x02 ldr r1, [pc, #24]  -> the text (0x1c)
    0x780A,  # 0x04 ldrb r2, [r1]
    0x2A00,  # 0x06 cmp r2, #0
    0xD002,  # 0x08 beq 0x10
    0x6002,  # 0x0a str r2, [r0]
    0x3101,  # 0x0c adds r1, #1
    0xE7F9,  # 0x0e b 0x04
    0xE7FE,  # 0x10 b 0x10
    0x46C0,  # 0x12 nop
    0x46C0,  # 0x14 nop
    0x46C0,  # 0x16 nop
)
TEXT_AT = 0x28


def stand_in(version=b"MicroPython v1.28.0", rc=7):
    """A flash image the boot ROM's check accepts, naming ``version``."""
    flash = bytearray(256)
    code = struct.pack("<%dH" % len(PROGRAM), *PROGRAM)
    flash[: len(code)] = code
    flash[0x18:0x20] = struct.pack("<II", 0x40034000, 0x10000000 + TEXT_AT)
    text = b"\r\n__H__ boot mem_free=1 %s\r\nhello\r\n__H__ end rc=%d script_us=0\r\n\0" % (
        version,
        rc,
    )
    flash[TEXT_AT : TEXT_AT + len(text)] = text
    flash[252:256] = struct.pack("<I", uf2.crc32_mpeg2(flash[:252]))
    return bytes(flash)


def write(tmp_path, name, data):
    path = tmp_path / name
    path.write_bytes(data)
    return str(path)


def test_the_crc_is_the_boot_roms_crc32_mpeg2():
    assert uf2.crc32_mpeg2(b"123456789") == 0x0376E6E7  # the published check value
    flash = bytearray(stand_in())
    uf2.check_boot2(flash)
    flash[3] ^= 1
    with pytest.raises(uf2.FirmwareError, match="boot loader"):
        uf2.check_boot2(flash)


def test_a_uf2_file_puts_its_blocks_at_their_flash_addresses():
    data = bytes(range(256)) * 3
    flash = uf2.flash_from_uf2(uf2.to_uf2(data, address=0x10001000))
    assert len(flash) == 2 * 1024 * 1024
    assert flash[0x1000 : 0x1000 + len(data)] == data
    assert flash[:0x1000] == b"\xff" * 0x1000 and flash[0x1000 + len(data)] == 0xFF


def test_not_a_uf2_or_another_chip_is_refused_with_the_reason(tmp_path):
    with pytest.raises(uf2.FirmwareError, match="not a UF2 file"):
        uf2.load(write(tmp_path, "x.uf2", b"MicroPython v1.28.0" * 100))
    block = bytearray(uf2.to_uf2(stand_in()))
    block[100] = 0
    block[508] = 0  # the end magic of the first block
    with pytest.raises(uf2.FirmwareError, match="block 0 has no UF2 magic"):
        uf2.flash_from_uf2(bytes(block))
    rp2350 = uf2.to_uf2(stand_in(), family=0xE48BFF59)
    with pytest.raises(uf2.FirmwareError, match="RP2350 Arm secure .*0xe48bff59.*0xe48bff56"):
        uf2.load(write(tmp_path, "rp2350.uf2", rp2350))
    outside = uf2.to_uf2(stand_in(), address=0x20000000)
    with pytest.raises(uf2.FirmwareError, match="outside"):
        uf2.load(write(tmp_path, "ram.uf2", outside))


def test_the_firmware_checks_name_version_chip_and_what_is_missing(tmp_path):
    with pytest.raises(firmware.NoFirmware, match="PICO_UF2"):
        firmware.micropython(environ={})
    with pytest.raises(firmware.NoFirmware, match="CP_FIRMWARE"):
        firmware.circuitpython(environ={})
    good = write(tmp_path, "mp.uf2", uf2.to_uf2(stand_in()))
    fw = firmware.micropython(environ={"PICO_UF2": good})
    assert fw.version == (1, 28, 0) and fw.runtime == "mp"
    assert fw.flash[: len(stand_in())] == stand_in()
    old = write(tmp_path, "old.uf2", uf2.to_uf2(stand_in(b"MicroPython v1.22.2")))
    with pytest.raises(firmware.BadFirmware, match="v1.22.2, which cannot load"):
        firmware.micropython(old)
    with pytest.raises(firmware.BadFirmware, match="not a CircuitPython firmware"):
        firmware.circuitpython(good)
    with pytest.raises(firmware.BadFirmware, match="no such file"):
        firmware.micropython(str(tmp_path / "absent.uf2"))
    cp = firmware.circuitpython(
        write(tmp_path, "cp.uf2", uf2.to_uf2(stand_in(b"Adafruit CircuitPython 10.2.1 on")))
    )
    assert cp.version == (10, 2, 1)
    with pytest.raises(firmware.NoFirmware, match="CP_MPY_CROSS"):
        firmware.cp_mpy_cross(cp, environ={})
    with pytest.raises(firmware.BadFirmware, match="does not run"):
        firmware.cp_mpy_cross(cp, str(tmp_path / "no-mpy-cross"))


def bad_files(tmp_path):
    return {
        "not a UF2 file": write(tmp_path, "notes.uf2", b"hello\n"),
        "RP2350": write(tmp_path, "pico2.uf2", uf2.to_uf2(stand_in(), family=0xE48BFF59)),
    }


@pytest.mark.parametrize(
    "tool",
    [
        lambda f: bench_device.main(["--emu", "--firmware", f]),
        lambda f: bench_device.main(["--emu", f]),
        lambda f: bench_device.main(["--only", "idle", "--firmware", f, "--seconds", "1"]),
        lambda f: pico.main(
            ["--firmware", f, ROOT, os.path.join(ROOT, "tools", "bench", "devbench.py")]
        ),
        lambda f: bench_device.main(["--runtime", "circuitpython", "--firmware", f]),
    ],
    ids=["bench_device", "bench_device_emu_path", "bench_idle", "emu_pico", "bench_device_cp"],
)
def test_every_device_tool_exits_2_on_a_bad_firmware(tool, tmp_path, capsys):
    for what, path in bad_files(tmp_path).items():
        assert tool(path) == 2
        err = capsys.readouterr().err
        if "apt-get install dosfstools" in err:  # the FAT tools are missing here
            missing(err.strip())
        assert what in err and path in err, err


def test_without_a_firmware_the_tools_exit_2_saying_how_to_give_one(monkeypatch, capsys):
    for name in ("PICO_UF2", "CP_FIRMWARE", "CP_MPY_CROSS"):
        monkeypatch.delenv(name, raising=False)
    assert bench_device.main(["--emu"]) == 2
    assert "no MicroPython firmware: set PICO_UF2=" in capsys.readouterr().err
    assert bench_device.main(["--emu", "--only", "idle"]) == 2
    assert "no MicroPython firmware" in capsys.readouterr().err
    assert bench_device.main(["--runtime", "circuitpython"]) == 2
    err = capsys.readouterr().err
    assert "no CircuitPython firmware" in err or "not found" in err, err


def test_without_a_firmware_a_device_check_skips_even_under_ci(monkeypatch):
    monkeypatch.setenv("CI", "true")
    monkeypatch.delenv("PICO_UF2", raising=False)
    monkeypatch.setattr(workdir, "node", lambda: "node")
    with pytest.raises(pytest.skip.Exception, match="device check not run: no MicroPython"):
        device_checks.mp_firmware()

    def no_node():
        raise workdir.SetupError("node not found")

    monkeypatch.setattr(workdir, "node", no_node)  # any other missing tool still fails CI
    with pytest.raises(pytest.fail.Exception, match="node not found"):
        device_checks.mp_firmware()
    monkeypatch.delenv("CI")
    with pytest.raises(pytest.skip.Exception, match="node not found"):
        device_checks.mp_firmware()


def test_the_run_lists_the_device_checks_it_did_not_run(tmp_path):
    import subprocess

    try:
        workdir.node()  # without it the checks skip for that reason instead
    except workdir.SetupError as e:
        missing(str(e))

    env = {k: v for k, v in os.environ.items() if k not in ("PICO_UF2", "CP_FIRMWARE")}
    env["CI"] = "true"
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-m", "not slow"]
        + [os.path.join(ROOT, "host_tests", "test_emu_mp.py")],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=300,
    )
    out = proc.stdout
    assert proc.returncode == 0, out[-2000:]  # skipped, not failed, under CI=true
    summary = out.split("device checks not run", 1)[1]
    assert "2 not run: no MicroPython firmware: set PICO_UF2=" in summary, out
    assert "test_the_app_boots_and_plays_on_the_emulated_pico" in summary
    assert "2 skipped" in out


def tree(tmp_path):
    src = tmp_path / "src"
    (src / "pkg" / "sub").mkdir(parents=True)
    (src / "__pycache__").mkdir()
    (src / ".git").mkdir()
    files = {
        "a.py": b"A = 1\n",
        "pkg/__init__.py": b"",
        "pkg/sub/data.bin": bytes(range(256)) * 40,  # 10 KB: over two littlefs blocks
        "board.txt": b"pico\n",
    }
    for rel, data in files.items():
        (src / rel).write_bytes(data)
    for rel in ("main.py", "__pycache__/a.cpython.pyc", ".git/HEAD", ".hidden"):
        (src / rel).write_bytes(b"left out")
    return str(src), files


def test_the_littlefs_image_round_trips_the_files_and_the_harness(tmp_path):
    src, files = tree(tmp_path)
    entries = fsimage.collect(src, harness.OWNED["mp"])
    assert [rel for rel, _ in entries] == sorted(files)  # no main.py, dot or cache files
    extra = harness.files("mp", "print(1)\n")
    image = fsimage.build_littlefs(entries, extra)
    assert len(image) == fsimage.MP_LAYOUT.size == 352 * 4096
    got = fsimage.read_littlefs(image)
    assert got == dict(files, **extra)
    assert b"__H__ end rc=%d" in got["main.py"] and got["_script.py"] == b"print(1)\n"
    with pytest.raises(fsimage.ImageError, match="do not fit"):
        fsimage.build_littlefs([], {"big.bin": bytes(1500 * 1024)})


def test_the_fat_image_round_trips_the_files_and_the_harness(tmp_path):
    try:
        fsimage.fat_tools()
    except fsimage.ImageError as e:
        missing(str(e))
    src, files = tree(tmp_path)
    entries = fsimage.collect(src, harness.OWNED["cp"])
    extra = harness.files("cp", "print(1)\n")
    image = fsimage.build_fat(entries, extra)
    assert len(image) == fsimage.CP_LAYOUT.size
    assert image[510:512] == b"\x55\xaa" and b"CIRCUITPY" in image[:64]  # a FAT boot sector
    assert fsimage.read_fat(image) == dict(files, **extra)


def test_the_runner_boots_a_stand_in_and_returns_its_status_output_and_drive(tmp_path):
    try:
        workdir.node()
    except workdir.SetupError as e:
        missing(str(e))
    fw = firmware.micropython(write(tmp_path, "fw.uf2", uf2.to_uf2(stand_in(rc=7))))
    src, files = tree(tmp_path)
    run = pico.run(fw, src, "print(2)\n", out_fs=True, max_emu_s=5, timeout=300)
    assert run.status == 7, run.output  # the status of the end line
    assert "hello\r\n__H__ end rc=7" in run.stdout
    assert "[emu] emulated time" in run.stderr and "M cycles" in run.stderr
    assert run.files()["pkg/sub/data.bin"] == files["pkg/sub/data.bin"]  # the drive came back
    silent = bytearray(stand_in())
    silent[0:2] = struct.pack("<H", 0xE7FE)  # spins at once: no output at all
    silent[252:256] = struct.pack("<I", uf2.crc32_mpeg2(silent[:252]))
    fw.flash[:256] = silent
    run = pico.run(fw, None, "", max_emu_s=2, timeout=300)
    assert run.status == 124 and "emulated time limit" in run.stderr, run.output


def test_the_runner_takes_an_adc_reading_and_refuses_a_bad_one(tmp_path):
    """``adc`` (the battery gauge's VSYS pin, tools/bench/mp_device.py) reaches
    the runner: a channel and mV it can set boot as before, others exit 2."""
    try:
        workdir.node()
    except workdir.SetupError as e:
        missing(str(e))
    fw = firmware.micropython(write(tmp_path, "fw.uf2", uf2.to_uf2(stand_in(rc=7))))
    run = pico.run(fw, None, "", max_emu_s=5, timeout=300, adc={3: 1500})
    assert run.status == 7, run.output
    for bad in ({5: 1500}, {3: 4000}):
        run = pico.run(fw, None, "", max_emu_s=5, timeout=300, adc=bad)
        assert run.status == 2 and "--adc wants CH=MV" in run.stderr, run.output


STAND_IN_MPY_CROSS = """#!/bin/sh
# says it is CircuitPython 10's mpy-cross; "compiles" by copying the source
if [ "$1" = "--version" ]; then echo "CircuitPython 10.2.1 on 2026-01-01; mpy-cross"; exit 0; fi
while [ $# -gt 0 ]; do
  case "$1" in -o) out=$2; shift 2 ;; -s) shift 2 ;; -*) shift ;; *) src=$1; shift ;; esac
done
cp "$src" "$out"
"""


def test_the_circuitpython_route_reaches_the_runner_with_drive_and_display(tmp_path, monkeypatch):
    """tools/bench/cp_device.py's boot check on a stand-in: the game deployed
    (tools/deploy.py --target cp), the CIRCUITPY image built, the runner
    booted with the SSD1306 attached, its picture and the drive read back."""
    try:
        bench_device_cp.tools()
    except bench_device_cp.Missing as e:
        missing(str(e))
    if os.name != "posix":
        pytest.skip("the stand-in mpy-cross is a shell script")
    cross = tmp_path / "mpy-cross"
    cross.write_text(STAND_IN_MPY_CROSS)
    cross.chmod(0o755)
    monkeypatch.setenv("CP_MPY_CROSS", str(cross))
    version = b"Adafruit CircuitPython 10.2.1 on"
    fw = bench_device_cp.emulator(write(tmp_path, "cp.uf2", uf2.to_uf2(stand_in(version, 0))))
    got = bench_device_cp.boot_check(fw=fw)
    assert got["rc"] == 0 and "hello" in got["stdout"], got["stdout"][-2000:]
    assert "[emu] i2c-oled 0x3c: 0 write transfers" in got["stdout"]
    assert got["panel"] == bytes(1024)  # the PBM came back: a dark 128x64 panel
    assert got["files"] == []  # the drive came back, with no /data on it
