"""The hint order of tools/bench/mode_boots.py (``--orders hint``): the
pause menu's hint asked by buttons at your first discard and at your first
play. Runs ON the target beside devbench (its ``press``) and app_driver,
loaded only for that order (its code is weighed as the harness's, before
the app loads); imports devbench and the app's ``firmware.hal`` when a
script runs (never an app module the app would not hold itself: it would
be weighed as the app's).
"""

# firmware.play.table's modes of your decisions, by value: importing that
# module before the play's mode would load its code outside the app
DISCARD = 1
PLAY = 3


def hint_due(top, screen, hints):
    """True when your decision on the play screen ``screen`` (the top
    screen ``top``), nothing picked yet, is at a table mode still in
    ``hints`` (DISCARD, PLAY), which is then taken off."""
    tb = screen.table
    if top is not screen or tb.page or tb.mode not in hints or tb.marked:
        return False
    if 0 not in screen.game.waiting():
        return False
    hints.remove(tb.mode)
    return True


def ask_hint(device, rig):
    """On the play screen at your decision: B (the pause menu), its Hint, A;
    the hint's message read (its frames), A closes it."""
    from firmware.hal import A, B, DOWN

    import devbench

    play = device.app.stack[-1]
    yield from devbench.press(B)
    for _ in range(50):
        if type(device.app.stack[-1]).__name__ == "PauseMenu":
            break
        yield 0
    else:
        print("@@ error B did not open the pause menu")
        raise SystemExit
    while device.app.stack[-1].cursor != 1:
        yield from devbench.press(DOWN)
    yield from devbench.press(A)
    for _ in range(3000):  # a Working screen (expert) takes frames; a message one
        name = type(device.app.stack[-1]).__name__
        if name == "MessageScreen":
            break
        yield 0
    else:
        print("@@ error no hint shown")
        raise SystemExit
    rig.hints += 1
    yield 0
    yield from devbench.press(A)
    if device.app.stack[-1] is not play:
        print("@@ error the hint did not go back to the game")
        raise SystemExit
    play = None
