"""A game's end: its game-over page (``open_over``, its lines on the table
by ``open_page``, and its screen over the play screen, ``GameOverPage``: A
``after_game``, the match's next game or a rematch; DOWN the review) and
the end's work, ``steps(screen, match_won)``, a step a frame while the page
shows: what the coach has not weighed yet (a resumed game: all of it,
``firmware.play.review.weigh_whole``), then the computer player, your decisions' keys
(``firmware.play.your_turn``) and the save's code (``firmware.play.save``,
loaded again at the end for the next game's save) forgotten; then
``game_done_steps``: the statistics counted (``firmware.store.stats``'s
``count_steps``, loaded for them and forgotten, the game replayed into
them: ``_replay_steps``), then
the log written (``firmware.play.game_log`` loaded for it and forgotten),
each part with only its own code loaded; the save deleted when the match is
over. A game counts once, in its kind's record (``firmware.store.stats`` keeps
its key), even when its over page shows again after a power cut; then it is
only exported. Short of memory, neither is half done. Imports
``firmware.keys`` (the button bits),
``firmware.ui.screen`` (``title_bar``), ``firmware.ui.buttons``,
``firmware.play.heap``, ``firmware.play.page`` and
``firmware.play.table``; ``engine.game``, ``firmware.store.stats``,
``firmware.play.game_log``, ``firmware.play.review`` and
``firmware.play.draw`` when used.
"""

from firmware.keys import DOWN, A
from firmware.ui import buttons
from firmware.ui.screen import title_bar
from firmware.play.heap import PLAY_CODE, _forget, _module
from firmware.play.page import Page
from firmware.play.table import NO_PAGE, OVER_PAGE

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  CPython has no const()

_OVER_QUIET = const(1500)  # the page ignores presses begun this long (ms)
# texts under 11 characters as const()s: as literals they would be names
# interned for good on a device
_YOU_WIN = const("You win!")
_WINS = const("%s wins")
_SKUNK = const("Skunk!")
_GAME_OVER = const("Game over")
_OVER_AUTO = const(5000)  # the demo: a finished game stays this long (ms)
_STEP = const(6)  # decisions replayed a frame at a game's end (~5 ms each on a Pico)
_STATS = const("firmware.store.stats")
# the save's code (firmware.play.screen looks it up when it saves): not
# needed from a game's last decision till the next game's first
_SAVE_CODE = const(("firmware.play.save", "engine.save"))
# the table's drawing: none while this page shows, so it goes with the play's
# code and is back at the end's last step (96 KB budget: without this split the
# app's peak at a 121 game's end is 96.8 KB, emulated Pico, MicroPython v1.28.0)
_TABLE_DRAW = const("firmware.play.draw")


# ---- the page ----
def open_over(screen, winner, s0, s1, skunk):
    """The game-over page of ``screen`` (a game of its match won by seat
    ``winner``, 2 a tie, at ``s0``-``s1``); the first time it opens for the
    game (not again after a resume), the LED board's chase and the end's
    work (``steps``) a step a frame from the next frame."""
    counted = screen.over_seen
    wins = open_page(screen.table, screen.match, counted, winner, s0, s1, skunk)
    screen.app.push(GameOverPage(screen))
    if not counted:
        screen.over_seen = True
        peg = screen.app.pegboard
        if peg is not None:
            peg.celebrate(winner if winner < 2 else -1)  # 2: a tie (V6)
        # the over page shows now; the end's work runs a step a frame
        screen.ending = _ending(screen, wins[0] > wins[1])


def open_page(t, match, counted, winner, s0, s1, skunk):
    """The page on the table ``t``; ``counted``: the match has counted this
    game already (its page shown again after a resume). Sets
    ``t.match_over``; returns the match's wins with this game."""
    t.page = OVER_PAGE
    t.page_ms = _OVER_AUTO
    wins = list(match.wins)
    if not counted and winner < 2:  # 2: a tie (V6), which counts for neither
        wins[winner] += 1  # the match counts this game at next_game()
    names = t.names
    human = t.human
    if winner > 1:
        head = "A tie after %d deals" % match.deals
    elif human:
        head = _YOU_WIN if winner == 0 else "The computer wins"
    else:
        head = _WINS % names[winner]
    lines = [head, "%s %d  %s %d" % (names[0], s0, names[1], s1)]
    if skunk:
        lines.append("Double skunk!" if skunk == "double-skunk" else _SKUNK)
    games = match.games
    t.match_over = over = max(wins) * 2 > games
    if games > 1:
        lines.append("Match %d-%d (best of %d)" % (wins[0], wins[1], games))
        if over:
            w = 0 if wins[0] > wins[1] else 1
            lines.append("%s win%s the match!" % (names[w], "" if w == 0 and human else "s"))
    t.title = "Game over  \x88review" if human else _GAME_OVER  # DOWN: the coach
    t.lines = lines
    # A: the same settings again, or the match's next game (the demo's next)
    # (the demo: B leaves it; mid-match, B pauses, where Save and quit is)
    t.foot = "A: rematch  B: menu" if over and human else "A: next game  B: menu"
    return wins


class GameOverPage(Page):
    """The game-over page over the play screen: A leaves it for the
    match's next game or a rematch (``after_game``; the demo: its time or
    any key); DOWN, your game's review (``firmware.play.review``). It takes
    a press only once it has shown for a moment (``quiet``): an A made to
    skip the last show's lines must not start the next game or a rematch
    unseen."""

    views = True  # for ``quiet``: its view never changes

    def quiet(self, view):
        return _OVER_QUIET if self.table.human else 0

    def keys(self, dt, events, stepped):
        t = self.table
        if t.human and buttons.happened(events, "press", DOWN):
            from firmware.play.review import review

            review(self.play)
            return True
        t.page_ms -= dt
        if buttons.happened(events, "press", A) or (not t.human and (t.page_ms <= 0 or stepped)):
            after_game(self.play)
            return True
        return False

    def draw(self, cv):
        t = self.table
        title_bar(cv, t.title)
        y = 11
        for s in t.lines:
            cv.center(s, y)
            y += 9
        cv.center(t.foot, 56)


def after_game(screen):
    """The page left: the match's next game, or (the match over) its
    ``_finished`` (a rematch; the demo's next game)."""
    if screen.table.match_over:
        screen._finished()  # the page stays until the rematch is dealt
        return
    screen.table.page = NO_PAGE
    screen.match.next_game()
    screen._begin(screen.match)
    screen.queue = screen.game.take_events()
    screen._save()


# ---- the end's work ----
def _ending(screen, won):
    yield  # the page and the LEDs' chase first
    yield from steps(screen, won)


def steps(screen, match_won):
    """The game is over: a generator the screen runs one step a frame
    (``PlayScreen._end_step``), so no frame holds the whole of it."""
    if screen.human:
        import sys

        # what the coach has not weighed yet, one a frame, then the play's code
        # and the computer forgotten till the next game's (on a device this was
        # done before this module loaded: firmware.play.heap._drop_play), and
        # the save's code till the next save (``_SAVE_CODE``)
        coach = screen.coach
        inp = sys.modules.get(PLAY_CODE[0])
        if coach[5]:  # resumed from a save without the coach's figures: weighed whole below
            del coach[4][:]
        if coach[4] and inp is None:  # noted again by a resume: their code, a frame
            inp = _module(PLAY_CODE[0])
            yield
        while coach[4] and inp is not None:
            inp.weigh(coach)
            yield
        inp = None
        names = PLAY_CODE + _SAVE_CODE + (_TABLE_DRAW,)
        opponent = sys.modules.get("engine.opponent")
        if opponent is not None:
            names += opponent.MODULES
            opponent = None
        _forget(names)
        yield
        if coach[5]:
            from firmware.play.review import weigh_whole

            yield from weigh_whole(screen.game, coach)
        table = screen.table
        problem, failed = yield from game_done_steps(
            screen.app.hw.storage,
            screen.match,
            table.match_over,
            match_won,
            screen.log_room,
            coach,
            "firmware.store.stats" in sys.modules,  # loaded by another: left as it is
        )
        if failed:
            table.say(failed)
        if problem:
            screen.notice = ("Statistics", problem)
    if screen.human:  # the table's drawing back, in a frame of its own
        _module(_TABLE_DRAW)
        yield
    if screen.table.match_over:
        screen._drop_save()
    elif screen.human:  # the next game's first save: its code back in a frame of its own
        _module(_SAVE_CODE[0])
        yield


def _replay_steps(game, on_event):
    """``engine.replay.replay_moves`` a few decisions a frame (``_STEP``), as
    a generator: ``game``'s decisions played again from its seed into a
    fresh game, ``on_event(event)`` called for every event in order, hidden
    ones too (the whole game's events even after a resume), without keeping
    them or the decisions (the fresh game's ``moves`` emptied a step at a
    time: only the events are wanted). Here, not in ``engine.game``, which
    a game holds all along."""
    from engine.game import CLAIM, GO

    g = game.blank()
    g.moves = []  # emptied a step at a time (a bytearray's slice cannot be deleted)
    g.start()
    events = g.events
    moves = game.moves
    n = len(moves)
    i = 0
    done = 0
    while True:
        for e in events:
            on_event(e)
        del events[:]
        if i >= n:
            return
        seat = moves[i]
        code = moves[i + 1]
        phase = g.phase
        if phase == "count":
            g.claim(seat, code - CLAIM)
        elif phase == "discard":
            g.discard(seat, code, moves[i + 3])
            i += 2
        elif code == GO:
            g.go(seat)
        else:
            g.play(seat, code)
        i += 2
        done += 1
        if done % _STEP == 0:
            del g.moves[:]  # what is replayed is in ``moves`` already
            yield


def game_done_steps(storage, match, match_over, match_won, room=None, coach=None, held=True):
    """``match``'s game is over: count it in the statistics kept in
    ``storage`` (and the match when ``match_over``, ``match_won`` saying
    who won it), then write its log there (``firmware.play.game_log``; in
    ``room``, a bytearray to reuse, where the storage cannot append), as a
    generator of steps that each fit a frame (the play screen runs one a
    frame, so the over page shows at once and no frame freezes). It returns
    ``(problem, failed)``: a statistics problem to show (or None), and a
    line saying what failed (or None). ``coach``: your decisions as the
    play screen weighed them (deals, what the discards and the plays gave
    up: ``firmware.play.your_turn.weigh``), for the statistics
    (``Stats.add_coach``). Each part holds only its own code: on a device
    ``firmware.store.stats`` is loaded for the statistics and forgotten after
    (unless ``held``: loaded by another), then ``firmware.play.game_log`` and
    what it loads for the log, forgotten after (its ``MODULES``). Short of
    memory, neither is half done."""
    problem = failed = end = None
    try:
        if not held:
            _module(_STATS)  # only for the end: not held through the game
            yield  # each import between two collections: a frame each on a Pico
        import firmware.store.stats as sm  # short of memory, said

        problem = yield from sm.count_steps(
            storage, match, match_over, match_won, coach, _replay_steps
        )
        sm = None
        if not held:
            held = True
            _forget((_STATS,))  # the log's replay needs the room
        end = _module("firmware.play.game_log")
        yield
        yield from end.write_log(storage, match.game, _replay_steps, room)
    except OSError as e:
        failed = "Log not written: %s" % e
    except MemoryError:
        failed = "Not saved: out of memory"
    names = () if end is None else end.MODULES
    end = None
    _forget(names if held else names + (_STATS,))
    yield  # the save's deletion and this module forgotten in a frame of their own
    return problem, failed
