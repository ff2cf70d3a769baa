"""What is wrong with the win-chance table (engine/winprob.bin), in words
for a screen, said once (``problem``: the app asks at its start,
firmware.modes, and forgets this module after). The verdict is
engine.winprob's, kept on the ``engine`` package with whether it was said.
Imports engine (the package) and engine.winprob.
"""

from engine import winprob


def problem():
    """What is wrong with the table, in words for a screen, the first time it
    is asked after the table was found bad; None when it is good, missing, or
    was already said."""
    import engine

    where = winprob.path()
    try:
        f = open(where, "rb")
    except OSError:
        return None
    try:
        bad = winprob._verdict(where, f)
    except (OSError, ValueError):
        bad = "it cannot be read"
    finally:
        f.close()
    if not bad:
        return None
    kept = getattr(engine, winprob._VERDICT, None)
    if kept is not None and kept[0] == where and kept[2]:
        return None
    setattr(engine, winprob._VERDICT, (where, bad, True))
    return _DAMAGED % bad


_DAMAGED = "The win-chance table is damaged (%s): no chances to win, and the expert plays as hard."
