"""The hardware contract: what the app may ask of a board. Documentation and
the button names only; each runtime has a backend module in ``firmware/hw/``
(``host`` for the simulator and tests, ``mp`` for MicroPython, ``cp`` for
CircuitPython) whose ``make(board)`` returns a ``Hardware``. Imports
``firmware.keys`` (the button bits, given on to the PC's tools and tests;
nothing on the device imports this module).

Hardware (attributes):
  display   .width = 128, .height = 64
            .fb     a framebuf.FrameBuffer-compatible canvas over .buf
                    (MONO_VLSB, 1024 bytes): fill, pixel, hline, vline, line,
                    rect, fill_rect, text (8x8), blit; on CPython a fake
            .show() push .buf to the panel (a backend may send only what changed)
            .contrast(0..255), .power(on)
  buttons   .read() -> int: bitmask of the buttons held right now, raw and
            undebounced (the bits of ``firmware.keys``, given on here too);
            debouncing is ``firmware.ui.buttons``' job
  leds      .n: number of LEDs; .write(buf): buf is a bytearray of n*3 bytes,
            G R B per LED (WS2812 order); the caller reuses one buffer;
            .buf (optional): the strip's own buffer, for the caller to draw
            into and pass to write, which then copies nothing (one copy less)
  storage   .read(name) -> bytes, or None when absent
            .write(name, data): may be torn by a power cut (the record layer
            above it makes saves crash-safe with a new file and a rename)
            .rename(old, new) atomic replace; .remove(name); .exists(name)
            .size(name) -> bytes in the file, or None when absent (optional:
            the record layer refuses a file too large for a record unread)
            .open_append(name) -> a binary stream adding to the file's end
            (optional: the crash log keeps one open to log without memory)
            .problem (optional): text saying why saves are not kept (the
            app shows it at start)
  clock     .ticks_ms() -> int; .ticks_diff(a, b) -> a - b, wrap-safe;
            .sleep_ms(n)
  feed()    feed the watchdog (no-op where there is none)
  reset()   restart the board (the host backend raises SystemExit)
  restart() start the interpreter again, the board running on (the app
            ended naming the next mode: firmware/main.py): MicroPython's
            soft reset, CircuitPython's ``supervisor.reload()``; the host
            and web backends return, and the next app is built in place

Optional (firmware/power.py; a backend without them, e.g. a web one, gets
the defaults: no gauge, frame-by-frame sleeping):
  battery_mv() -> int: the battery's voltage in mV, or None where the board
            cannot read it (its ``BATTERY`` data is None: "no gauge")
  nap(ms)   wait up to ``ms`` at low power; return within one frame (20 ms)
            of a button going down. The app calls it only when nothing
            animates, with ms <= 1000, and feeds the watchdog between naps.
  display.contrast(level) dims the panel, display.power(False) turns it
            off (its RAM is kept; power(True) shows it again)
  staged    True on a device, where long work (a rematch's start, the game-over
            page's steps) goes a step a frame so no frame freezes; absent (False)
            in the simulator and the web page, which do it at once

Boards (pins, LED layout, power budget, battery) are data in ``boards/<name>.py``.
"""

from firmware.keys import A, B, DOWN, LEFT, RIGHT, UP  # noqa: F401  given on

# the boards' names of the buttons, in bit order
BUTTON_NAMES = ("up", "down", "left", "right", "a", "b")
