"""Test helper (portable): the text a screen shows, read off the canvas calls
of one full redraw rather than off the pixels."""


def drawn_text(app, frame):
    """Every string the next full redraw of ``app`` puts on the screen, joined
    by spaces; ``frame()`` runs one frame of the caller's rig."""
    seen = []
    cv = app.canvas
    plain = cv.text

    def record(s, x, y, c=1, dim=False):
        seen.append(s if isinstance(s, str) else "".join([chr(b) for b in s]))
        return plain(s, x, y, c, dim)

    cv.text = record
    try:
        app.invalidate()
        frame()
    finally:
        cv.text = plain
    return " ".join(seen)
