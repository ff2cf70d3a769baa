"""Which of the play mode's code is held when, on a device (MicroPython,
CircuitPython; CPython holds everything): a module imported between two
collections while the heap is tidy (``_module``), modules forgotten so their
heap comes back (``_forget``, with the app's ``_drop``), each in a frame of
its own on a device (``code``, ``page_code``, ``cpu_code``). The rest of the
mode is imported when it opens and stays. Each split is for one budget: the
app's peak live heap over a 121 game against hard to its end (its
page and what follows are the game-over mode's: firmware.play.finished),
<= 96 KB on the emulated Pico (MicroPython v1.28.0 RPI_PICO, .mpy; the
peak measured with every split below is docs/measured.md's play row). The
figure is what holding that code costs there (bytes live after its import,
names interned included):
  the match's start: match_start + engine.restore 4.5 KB, and engine.replay
    (1.2 KB on the unix port), opened by firmware.play.opening
  each page while it shows (``PAGES``, ``page_code``): the cut 1.4 KB, the
    show 3.7 KB with engine.breakdown, game over (its lines, drawn as the
    app ends into the game-over mode), their base 0.6 KB
  the play's code, not held on a page (``PLAY_CODE``): your play's keys
    and the coach's notes 1.6 KB, not at the computer's turns either
    (``off_turn``), your discard's keys, the computer's turns 1.1 KB
  the computer's code by the game's phase (``cpu_code``, engine.opponent's
    ``needs``): the discard's tables or the pegging's, never both
  the win-chance table at a change of scores (firmware.play.table) 1.7 KB
  the pause menu 1.4 KB with the menus' screen (firmware.ui.list_screen)
    1.2 KB, the hint 1.9 KB and firmware.working 0.8 KB while they are open,
    and the table's drawing (firmware.play.draw) 1.3 KB not then
Imports ``firmware`` (``drop``) and ``firmware.play.table``. The modules
it loads and forgets by name are in engine.opponent's lists, read off the
loaded module.
"""

import sys

from firmware import drop as _drop
from firmware.play.table import COUNT, NO_PAGE

# the code of each page over the table (``Table.page``), loaded while it shows
PAGES = (None, "firmware.play.cut", "firmware.play.show", "firmware.play.game_over")
# what the pages load, forgotten together when one goes: each page's module
# holds the base's class, so none may outlive another
PAGE_CODE = PAGES[1:] + (
    "engine.breakdown", "firmware.play.review", "firmware.play.over_page", "firmware.play.page"
)  # fmt: skip
# the code of the play of the cards, not needed on a page: your decisions'
# keys first, the computer's turns last (loaded again at the next, ``code``)
PLAY_CODE = ("firmware.play.your_turn", "firmware.play.your_discard", "firmware.play.opponent_turn")


def _forget(names, collect=True):
    """Forget the modules ``names`` (a module's ``MODULES``: it and what only
    it loads) so their heap comes back, at once with ``collect`` (else at
    the next collection); ``_module`` loads them again when next needed. On
    a device only (MicroPython, CircuitPython): CPython has room, and other
    code there (tests, tools) may hold on to the modules."""
    import gc
    import sys

    if sys.implementation.name == "cpython":
        return
    for name in names:
        _drop(name)
    if collect:
        gc.collect()


def _module(name):
    """The module ``name``, imported once between two collections so what
    its loading throws away leaves no holes among what stays (on a small
    heap, a fragmented heap fails before a full one); None when missing."""
    import gc
    import sys

    m = sys.modules.get(name)
    if m is None:
        gc.collect()
        try:
            __import__(name)
        except ImportError:
            return None
        gc.collect()
        m = sys.modules[name]
    return m


def _wanted(screen):
    # the page code the table shows, or is about to show; None: none
    t = screen.table
    if t.page != NO_PAGE:
        return PAGES[t.page]
    q = screen.queue
    kind = q[0][0] if q else None
    phase = screen.game.phase
    if kind == "cut":
        return PAGES[1]
    if kind == "show" or kind == "claim" or t.mode == COUNT:
        return PAGES[2]
    if kind is None and phase == "count":
        return PAGES[2]
    if kind == "end" or (kind is None and phase == "over"):
        return PAGES[3]
    return None


def _drop_play(screen):
    # Before a page's code loads (a device): the computer's code for a
    # decision goes (``cpu_code``: a page needs none of it); in your game the
    # play's code too, what the coach noted and has not weighed yet weighed
    # first (one a pass: a game's end saves the coach's figures whole).
    # True when it did something.
    if sys.implementation.name == "cpython":
        return False
    names = []
    if screen.human:
        inp = sys.modules.get(PLAY_CODE[0])
        coach = screen.coach
        if inp is not None and coach[4]:
            inp.weigh(coach)
            return True
        names = [n for n in PLAY_CODE if n in sys.modules]
    opponent = sys.modules.get("engine.opponent")
    if opponent is not None:
        names.extend([n for n in opponent.MODULES[1:] if n in sys.modules])
    if names:
        _forget(names)
        return True
    return False


def cpu_code(screen):
    """On a device, the computer's code for a decision in the game's phase
    and no more (``engine.opponent.needs``: a discard the discard's code, a
    play the play's, none on a page): what is not needed forgotten in a
    frame, what is needed loaded a module a frame, before the computer's
    turn or the coach (your decisions weighed with it) asks. True when this
    frame did. What the coach noted keeps its code till it is weighed, and
    the next phase's waits for it (a page between two phases weighs it all:
    ``_drop_play``), so the two are never held together; nothing loads while
    events wait to be shown (a deal's end: its show's page comes first), nor
    while only you are left to discard."""
    game = screen.game
    opponent = sys.modules.get("engine.opponent")
    if game is None or opponent is None or sys.implementation.name == "cpython":
        return False
    need = 0  # bits of engine.opponent.MODULES
    # none on a page, nor while only you are left to discard (the coach loads
    # what it weighs your discard with, and forgets it: your_turn.weigh)
    mine = screen.human and game.phase == "discard" and game.to_act(1) == 0
    if _wanted(screen) is None and not mine:
        levels = screen.levels
        expert = "expert" in levels if levels else screen.level == "expert"
        need = opponent.needs(game.phase, game.five, expert)
    mods = opponent.MODULES
    n = len(mods)
    staged = getattr(screen.app.hw, "staged", False)
    if screen.human and screen.coach[4]:
        return False  # the code of what the coach noted: kept, and none added to it
    for i in range(1, n):  # allocates nothing when nothing is to go
        if not need >> i & 1 and mods[i] in sys.modules:
            _forget([mods[j] for j in range(1, n) if not need >> j & 1])
            if staged:
                return True
            break
    for i in range(1, n):  # each after what it imports
        if need >> i & 1 and mods[i] not in sys.modules:
            if screen.queue:
                return False  # once the events before it are shown (a page may come)
            _module(mods[i])
            if staged:
                return True
    return False


def page_code(screen):
    """Load the code of the page ``screen`` (the play screen) is about to
    show (the pages' base, then the page's own), or forget the code of one
    no longer shown (``screen.paged``: what is loaded); on a device a frame
    each: True when this frame did."""
    staged = getattr(screen.app.hw, "staged", False)
    while True:
        want = _wanted(screen)
        have = screen.paged
        if want == have:
            return cpu_code(screen)
        if have is not None:
            screen.paged = None
            _forget(PAGE_CODE)
        elif not _drop_play(screen):
            if PAGE_CODE[-1] not in sys.modules:  # the pages' base first, a frame
                _module(PAGE_CODE[-1])  # of its own: with a page's code, 0.1 s
            else:
                screen.paged = want
                _module(want)
        if staged:
            return True


def off_turn(screen):
    """On a device, at the computer's turn in your game and before its code
    loads: what the coach noted and has not weighed yet weighed, one a frame,
    then your keys' code forgotten in a frame of its own (``code`` loads it
    again at your turn), so the two are never held together. True when this
    frame did. (96 KB budget: with your keys held at the computer's turns a
    121 game's peak, at a computer's play, was 97.5 KB own; with the
    computer's code loaded over your keys while the coach weighed, a
    five-card game's was 97.1 KB; emulated Pico, MicroPython v1.28.0.)"""
    if sys.implementation.name == "cpython":
        return False
    inp = sys.modules.get(PLAY_CODE[0])
    if inp is None:
        return False
    if screen.coach[4]:
        inp.weigh(screen.coach)
    else:
        _forget(PLAY_CODE[:1])
    return True


def code(screen, name):
    """The module ``name``; on a device, when it is not loaded, it loads in
    this frame and None is returned (its use waits for the next frame)."""
    m = sys.modules.get(name)
    if m is None:
        m = _module(name)
        if getattr(screen.app.hw, "staged", False):
            return None
    return m
