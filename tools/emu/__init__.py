"""The project's emulated Raspberry Pi Pico for the device checks: the
user's MicroPython or CircuitPython firmware (the project ships none) in
rp2040js under Node.js. pico.py runs a script there (the benchmarks and the
emulator tests call ``pico.run``); firmware.py finds and checks the
firmware, uf2.py reads it, fsimage.py builds the filesystem, harness.py is
what the Pico boots into, workdir.py sets up rp2040js and the boot ROM
outside the repository, runner.mjs is the Node.js half. What a device check
needs and how to run one: docs/device-checks.md. CPython only; no imports.
"""
