"""Test helper (portable; CPython, the unix port and the WebAssembly port):
plays a scripted button run on the device app and records every screen and
LED frame it shows, so host_tests/test_web_frames.py can check the three
interpreters give byte-identical frames. Not a test module.

    trace(SCRIPTS["play"], "web")   # through firmware.web_runner's Runner.step
    trace(SCRIPTS["play"], "host")  # through the host backend and App.tick

Both start at time 0 with empty storage and the pico board and run 20 ms
frames. A script is tokens as in tools/sim.py: ``up down left right a b``
(held 100 ms, then 100 ms up), ``NAME*N``, ``NAME:MS`` (held MS ms),
``wait:MS``, ``ab`` (A and B together). The result is a list of lines
``S <frame> <hex of the 1 KB buffer>`` and ``L <frame> <hex of the LEDs>``.
"""

import binascii

FRAME_MS = 20
TAP_MS = 100
BITS = {"up": 1, "down": 2, "left": 4, "right": 8, "a": 16, "b": 32, "ab": 48}

SCRIPTS = {
    # play the computer (seed from the clock at the cut: fixed here): lay away
    # the first two cards, play what the cursor offers, on to the show
    "play": "a a wait:1400 a right a a wait:1000 a wait:1600 a wait:5300 a wait:1600"
    " a wait:5500 a wait:2500",
    # score keeper: awards to both sides, a deal entered, undo and redo, a:900
    "keeper": "down a wait:300 up*3 right up*5 a:900 wait:600 b b:900 left down"
    " up*4 a up*6 a wait:1500 b wait:300 ab wait:500 b wait:2000",
}


def steps(text):
    """Tokens -> [(mask, ms)]; ValueError names a bad token."""
    out = []
    for tok in text.replace(",", " ").split():
        if tok.startswith("wait"):
            out.append((0, int(tok[5:]) if ":" in tok else 500))
            continue
        times = 1
        if "*" in tok:
            tok, n = tok.split("*")
            times = int(n)
        hold = TAP_MS
        if ":" in tok:
            tok, ms = tok.split(":")
            hold = int(ms)
        if tok not in BITS:
            raise ValueError("bad token %r" % tok)
        for _ in range(times):
            out.append((BITS[tok], hold))
            out.append((0, TAP_MS))
    return out


def _hex(buf):
    return binascii.hexlify(buf).decode()


def trace(text, backend="web"):
    from firmware import boot

    board = boot.load_board("pico")
    lines = []
    if backend == "web":
        from firmware import web_runner
        from firmware.hw import web

        hw = web.make(board, web.KeyStorage(web.MemoryKV()))
        runner = web_runner.Runner(hw, board)

        def frame(mask, now, n):
            changed = runner.step(mask, now)
            if changed & web_runner.SCREEN:
                lines.append("S %d %s" % (n, _hex(hw.display.buf)))
            if changed & web_runner.LEDS:
                lines.append("L %d %s" % (n, _hex(hw.leds.last)))

    else:
        from firmware.hw import host

        app = boot.build(
            backend="host",
            board=board,
            storage=host.DictStorage(),
            clock=host.SimClock(),
            resume=True,
        )
        hw = app.hw
        seen = [0, 0]

        def frame(mask, now, n):
            hw.buttons.set(mask)
            nonlocal app
            hw.clock.now = now
            app.tick(now)
            if app.next is not None:  # it ended naming the next mode: the next app
                from firmware import main

                app = main.again(app)
            if hw.display.frames != seen[0]:
                seen[0] = hw.display.frames
                lines.append("S %d %s" % (n, _hex(hw.display.buf)))
            if hw.leds.writes != seen[1]:
                seen[1] = hw.leds.writes
                lines.append("L %d %s" % (n, _hex(hw.leds.last)))

    n = 0
    for mask, ms in [(0, FRAME_MS)] + steps(text) + [(0, 1000)]:
        for _ in range(max(1, ms // FRAME_MS)):
            frame(mask, n * FRAME_MS, n)
            n += 1
    return lines


def main(name, backend="web"):
    """Print the trace of script ``name`` (the other interpreters' side)."""
    for line in trace(SCRIPTS[name], backend):
        print(line)
