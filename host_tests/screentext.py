"""Test helper (portable): the text a screen shows, read off the canvas calls
of one full redraw rather than off the pixels."""


def drawn_text(app, frame):
    """Every string the next full redraw of ``app`` puts on the screen, joined
    by spaces; ``frame()`` runs one frame of the caller's rig."""
    return " ".join([s for s, _, _ in drawn_lines(app, frame)])


def drawn_lines(app, frame):
    """Every ``(text, x, y)`` the next full redraw of ``app`` puts on the
    screen, in drawing order."""
    seen = []
    cv = app.canvas
    plain = cv.text

    def record(s, x, y, c=1, dim=False):
        seen.append((s if isinstance(s, str) else "".join([chr(b) for b in s]), x, y))
        return plain(s, x, y, c, dim)

    cv.text = record
    try:
        app.invalidate()
        frame()
    finally:
        cv.text = plain
    return seen


def off_screen(app, frame):
    """The texts of the next redraw whose cells do not all lie on the screen
    (cut at an edge): a line longer than the 21 columns, or placed too far."""
    cv = app.canvas
    out = []
    for s, x, y in drawn_lines(app, frame):
        if s and (x < 0 or x + len(s) * 6 - 1 > cv.width or y < 0 or y + 7 > cv.height):
            out.append((s, x, y))
    return out
