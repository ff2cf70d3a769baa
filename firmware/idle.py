"""The rare steps of firmware.power, loaded the first time one is needed
(the device has been left alone for the "Dim after" time, or a keeper screen
is drawn), so what runs every frame stays small: ``rest`` dims the OLED and
later turns it off with the LED board at its pegs only, ``wake`` brings back
what the settings say, ``shift`` moves a drawn picture one step round the
burn-in orbit. Imports nothing.
"""

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  CPython has no const()

_FULL_CONTRAST = const(0xCF)  # the SSD1306's power-up level (firmware/hw/ssd1306.py)
_DIM_CONTRAST = const(8)
_PEGS_LEVEL = const(8)  # LED level (0..255) of the pegs while the panel is off


def rest(pw):
    """Dim (state 1) after ``dim_ms``; off (state 2) after ``off_ms``: the
    panel dark, the LEDs the pegs only, low, no chase."""
    d = pw.app.hw.display
    if pw.state == 0 and pw.dim_ms and pw.quiet >= pw.dim_ms:
        pw.state = 1
        d.contrast(_DIM_CONTRAST)
    if pw.state != 2 and pw.off_ms and pw.quiet >= pw.off_ms:
        pw.state = 2
        d.power(False)
        peg = pw.app.pegboard
        if peg is not None:
            peg.celebrate(-1)
            peg.set_markers(False)
            if peg.brightness > _PEGS_LEVEL:
                peg.set_brightness(_PEGS_LEVEL)


def wake(pw):
    """Panel on, full contrast, LEDs as the settings say, a redraw."""
    app = pw.app
    d = app.hw.display
    if pw.state == 2:
        d.power(True)
        peg = app.pegboard
        if peg is not None:
            peg.set_markers(True)
    pw.state = 0
    d.contrast(_FULL_CONTRAST)
    app.apply_settings()
    app.dirty = True


def shift(pw, fb, w, h):
    """Move the drawn picture to the orbit's offset; the column and row it
    uncovers are cleared."""
    dx = (0, -1, -1, 0)[pw.orbit]  # constants: nothing made, no global
    dy = (0, 0, -1, -1)[pw.orbit]
    if dx or dy:
        fb.scroll(dx, dy)
        if dx:
            fb.fill_rect(w - 1, 0, 1, h, 0)
        if dy:
            fb.fill_rect(0, h - 1, w, 1, 0)
