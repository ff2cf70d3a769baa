"""The app's start after a restart (``App(hw, resume=True)``): reopen the mode
that was open when the app last stopped, from its record
(``firmware.lastmode``, through the app), counting failed starts; after
``RESUME_TRIES`` of them start at the menu with a message instead. Loaded
only when the app starts resuming, and forgotten again once it has started
(the device always starts so). Imports ``firmware.app``."""

from firmware.app import RESUME_TRIES, STABLE_MS, MessageScreen


def resume(app):
    """Reopen the mode that was open when ``app`` last stopped."""
    rec = app._mode_record()
    name, tries, problem = rec.name, rec.tries, None
    try:
        name, tries, problem = rec.load()
    except Exception as e:
        problem = "the last mode could not be read: %s" % e
    if problem:
        app.push(MessageScreen("Restart", problem))
        return
    if not name:
        return
    if tries >= RESUME_TRIES:
        app._note_mode("")
        app.push(
            MessageScreen(
                "Restart",
                "%s failed as it started %d times, so the app starts at the menu. "
                "Its save is kept." % (name, tries),
            )
        )
        return
    app._note_mode(name, tries + 1)
    app._settle = STABLE_MS
    app.open(name)
