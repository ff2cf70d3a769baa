"""The orders of use of tools/bench/devbench.py's game and heap sections: a
button script each (a generator of bitmasks, one a frame) that boots, uses
the app in that order and ends back at the menu. Runs ON the target beside
devbench (its ``press``, ``open_entry``, ``visit_modes``, ``play_games``)
and app_driver; imports them and the app's ``firmware.hal`` when a script
runs (never an app module the app would not hold itself: it would be
weighed as the app's).

ORDERS, by number (``devbench.main("game", ..., order)``):

  0 modes   every mode from the menu (settings set to hard, keeper with an
            undo, counter, statistics, demo), then ``games`` games against
            hard (the first one's review with ``review``)
  1 stats   settings set to hard; a game; Statistics (a page on); the keeper
            (+1 and its undo, back by its menu); a game again
  2 five    settings set to hard and five-card (61); a game
  3 hint    settings set to hard; a game with the pause menu's hint asked
            at your first discard and at your first play
"""

ORDERS = ("modes", "stats", "five", "hint")
# firmware.play.table's modes of your decisions, by value: importing that
# module at the menu would load the play's code there, outside the app's mode
DISCARD = 1
PLAY = 3


def script(order, device, rig, games, on_menu, review):
    """The button script of order ``order`` (a number in ORDERS)."""
    import devbench

    if order == 0:
        yield from devbench.visit_modes(device, rig)
        on_menu(-1)
        yield from devbench.play_games(device, rig, games, on_menu, review)
        return
    yield 0
    yield 0
    devbench.at_menu(device, "boot")
    yield from set_up(device, "5-card 61" if order == 2 else None)
    on_menu(-1)
    if order == 1:
        yield from devbench.play_games(device, rig, 1, lambda k: None)
        yield from stats(device)
        yield from keeper(device)
        yield from devbench.play_games(device, rig, 1, on_menu)
    elif order == 2:
        yield from devbench.play_games(device, rig, games, on_menu)
    elif order == 3:
        hints = [DISCARD, PLAY]
        yield from devbench.play_games(device, rig, games, on_menu, 0, hints)
        if hints:
            print("@@ error no hint asked at", hints)
            raise SystemExit
    else:
        raise ValueError("no order %r" % order)


# the settings' game choices (firmware.screens.settings' CHOICES[1]), by
# the index the settings keep: named here, as importing that screen's module
# would hold it on the heap the app is weighed on
GAMES = ("6-card 121", "6-card 61", "5-card 61", "6 deals", "8 deals", "12 deals")


def set_up(device, game=None):
    """Settings: the computer at hard, and ``game`` (one of GAMES: "5-card
    61"; by default "6-card 121", whatever a storage kept); one game a
    match."""
    from firmware.hal import B, DOWN, RIGHT

    import devbench

    yield from devbench.open_entry(device, "settings")
    s = device.app.settings
    while s.difficulty != "hard":
        yield from devbench.press(RIGHT)  # the cursor is on Difficulty
    want = GAMES.index(game or GAMES[0])
    if s.index[1] != want:
        yield from devbench.press(DOWN)
        for _ in range(8):
            if s.index[1] == want:
                break
            yield from devbench.press(RIGHT)
        else:
            print("@@ error no game", game, "in the settings")
            raise SystemExit
    yield from devbench.press(B)
    devbench.at_menu(device, "settings")
    if s.match != 1 or (want == 0 and s.target != 121):
        print("@@ error settings not one game (of 121 points):", s.target, s.match)
        raise SystemExit


def stats(device):
    """Statistics from the menu: a page on, back."""
    from firmware.hal import B, RIGHT

    import devbench

    yield from devbench.open_entry(device, "stats")
    yield from devbench.press(RIGHT)
    yield from devbench.press(B)
    devbench.at_menu(device, "stats")


def keeper(device):
    """The score keeper from the menu: +1, its undo, back by its menu."""
    from firmware.hal import A, B, UP

    import devbench

    yield from devbench.open_entry(device, "keeper")
    yield from devbench.press(UP)
    yield from devbench.press(B)  # undo
    yield from devbench.press(A | B)  # the keeper menu
    last = len(device.app.stack[-1].items) - 1
    while device.app.stack[-1].cursor != last:  # its last entry: back to the menu
        yield from devbench.press(UP)
    yield from devbench.press(A)
    devbench.at_menu(device, "keeper")


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
