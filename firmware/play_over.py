"""A game's end on the play screen (``firmware.screens.play``): its
game-over page and the end's work, loaded in a frame of its own before the
page opens and forgotten once the page is left, so none of it is held while
a game is played. The page: ``open_over`` (and ``open_page``, its lines on
the table), its keys ``keys`` (A: ``after_game``, the match's next game or
a rematch) and its drawing ``draw``. ``steps(screen, match_won)``, the
end's work a step a frame: what the coach has not weighed yet (a resumed
game: all of it, ``_weigh_whole``), then the
computer player, your decisions' keys (``firmware.play_input``) and the
save's code (``firmware.play_save``, loaded again at the end for the next
game's save) forgotten; then ``game_done_steps``: the statistics counted
(``firmware.stats`` loaded for them and forgotten, the game replayed into
them: ``_replay_steps``), then the log written (``firmware.play_end`` loaded
for it and forgotten), each part with only its own code loaded; the save
deleted when the match is over. A game counts once, in its kind's record
(``firmware.stats`` keeps its key), even when its over page shows again
after a power cut; then it is only exported. Short of memory, neither is
half done. ``review(screen)``, DOWN on the game-over page: your discards
and plays against the computer's best (``_review``: a decision a frame
under a bar, ``engine.review`` and what it weighs by loaded for it and
forgotten after). Imports ``firmware.app`` (``title_bar``),
``firmware.buttons``, ``firmware.play_load`` and
``firmware.play_table``; ``engine.game``, ``firmware.stats``,
``firmware.play_end``, ``firmware.working``, ``firmware.wrap``,
``firmware.loading`` (the list of what the review loads) and
``engine.review`` when used.
"""

from firmware import buttons
from firmware.app import title_bar
from firmware.play_load import PLAY_CODE, _forget, _module
from firmware.play_table import NO_PAGE, OVER_PAGE

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  CPython has no const()

_A = const(16)  # firmware.hal's

_NOTHING = const(0)  # firmware.play_table's
_ACTED = const(2)  # firmware.play_table's
_WRAP = const(4)  # review lines wrapped a frame
# texts under 11 characters as const()s: as literals they would be names
# interned for good on a device
_YOU_WIN = const("You win!")
_WINS = const("%s wins")
_SKUNK = const("Skunk!")
_GAME_OVER = const("Game over")
_OVER_AUTO = const(5000)  # the demo: a finished game stays this long (ms)
_STEP = const(6)  # decisions replayed a frame at a game's end (~5 ms each on a Pico)
_STATS = const("firmware.stats")
# the save's code (firmware.screens.play looks it up when it saves): not
# needed from a game's last decision till the next game's first
_SAVE_CODE = const(("firmware.play_save", "engine.save"))


# ---- the page ----
def open_over(screen, winner, s0, s1, skunk):
    """The game-over page of ``screen`` (a game of its match won by seat
    ``winner``, 2 a tie, at ``s0``-``s1``); the first time it opens for the
    game (not again after a resume), the LED board's chase and the end's
    work (``steps``) a step a frame from the next frame."""
    counted = screen.over_seen
    wins = open_page(screen.table, screen.match, counted, winner, s0, s1, skunk)
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


def keys(t, dt, events, stepped):
    """``_ACTED`` when the page is left: A (the demo: its time or any key)."""
    t.page_ms -= dt
    if buttons.happened(events, "press", _A) or (not t.human and (t.page_ms <= 0 or stepped)):
        return _ACTED
    return _NOTHING


def draw(cv, t):
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
        # done before this module loaded: firmware.play_load._drop_play), and
        # the save's code till the next save (``_SAVE_CODE``)
        coach = screen.coach
        inp = sys.modules.get(PLAY_CODE[0])
        if coach[5]:  # resumed: the whole game is weighed below instead
            del coach[4][:]
        while coach[4] and inp is not None:
            inp.weigh(coach)
            yield
        inp = None
        names = PLAY_CODE + _SAVE_CODE
        opponent = sys.modules.get("engine.opponent")
        if opponent is not None:
            names += opponent.MODULES
            opponent = None
        _forget(names)
        yield
        if coach[5]:
            yield from _weigh_whole(screen.game, coach)
        table = screen.table
        problem, failed = yield from game_done_steps(
            screen.app.hw.storage,
            screen.match,
            table.match_over,
            match_won,
            screen.log_room,
            coach,
            "firmware.stats" in sys.modules,  # loaded by another: left as it is
        )
        if failed:
            table.say(failed)
        if problem:
            screen.notice = ("Statistics", problem)
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
    who won it), then write its log there (``firmware.play_end``; in
    ``room``, a bytearray to reuse, where the storage cannot append), as a
    generator of steps that each fit a frame (the play screen runs one a
    frame, so the over page shows at once and no frame freezes). It returns
    ``(problem, failed)``: a statistics problem to show (or None), and a
    line saying what failed (or None). ``coach``: your decisions as the
    play screen weighed them (deals, what the discards and the plays gave
    up: ``firmware.play_input.weigh``), for the statistics
    (``Stats.add_coach``). Each part holds only its own code: on a device
    ``firmware.stats`` is loaded for the statistics and forgotten after
    (unless ``held``: loaded by another), then ``firmware.play_end`` and
    what it loads for the log, forgotten after (its ``MODULES``). Short of
    memory, neither is half done."""
    problem = failed = end = None
    try:
        if not held:
            _module(_STATS)  # only for the end: not held through the game
            yield  # each import between two collections: a frame each on a Pico
        problem = yield from _count(storage, match, match_over, match_won, coach)
        if not held:
            held = True
            _forget((_STATS,))  # the log's replay needs the room
        end = _module("firmware.play_end")
        yield
        yield from end.write_log(storage, match.game, room)
    except OSError as e:
        failed = "Log not written: %s" % e
    except MemoryError:
        failed = "Not saved: out of memory"
    names = () if end is None else end.MODULES
    end = None
    _forget(names if held else names + (_STATS,))
    yield  # the save's deletion and this module forgotten in a frame of their own
    return problem, failed


def _count(storage, match, match_over, match_won, coach):
    # the statistics part of game_done_steps: the game counted once in its
    # kind's record (firmware.stats keeps its key), a step a frame
    import firmware.stats as sm  # loaded at a game's end: short of memory, said

    game = match.game
    # each kind of game apart: six-card to a target, five-card (V5), fixed deals (V6)
    stats = sm.Stats(storage, "statsd" if game.deals else "stats5" if game.five else sm.NAME)
    k = sm.key(game)
    sm = None
    problem = stats.load()  # short of memory, the statistics are left as they are
    yield
    if not stats.counted(k):
        yield from _replay_steps(game, stats.feed)
        yield  # the save in a frame of its own (a littlefs write: up to 60 ms)
        if match_over and match.games > 1:
            stats.add_match(match_won)
        if coach is not None:
            stats.add_coach(coach[0], coach[1], coach[2])
        stats.mark(k)
        if not stats.save():
            problem = stats.problem
        yield
    return problem


def _weigh_whole(game, coach):
    """A resumed game's coach figures: the decisions made before the resume
    were never weighed on this screen, so the whole game is weighed now, as
    the review weighs it (``engine.review.review_steps``, its modules loaded
    a frame each and forgotten after, with the computer already gone), and
    ``coach`` holds its deals, discards' and plays' losses: the figures
    ``python3 -m engine review`` gives for the game's log. Short of memory,
    or without the computer's code, the figures since the resume stay."""
    import sys

    before = tuple(sys.modules)
    try:
        from firmware.loading import modules_of

        todo = modules_of("review")
        yield
        for name in todo:
            if name not in sys.modules:
                __import__(name)
                yield
        from engine.review import review_steps

        r = yield from review_steps(game, 0)
        coach[0] = r.deals
        coach[1] = r.lost
        coach[2] = r.played
    except (MemoryError, ImportError):
        pass
    finally:
        _forget([m for m in sys.modules if m not in before])
    yield  # the collection of the forgetting: a frame of its own


def review(screen):
    """DOWN on the game-over page: your decisions of this game against the
    computer's best, made in frames under a bar (``firmware.working``), then
    their page."""
    from firmware.working import Working

    g = screen.game
    screen.app.push(Working("Review", "Weighing your moves", _review(g), len(g.moves)))


def _review(game):
    """The review's work a frame at a time (on a Pico the whole of it takes
    over a second): its modules imported one a frame (``firmware.loads``
    "review"), one of your decisions weighed a frame
    (``engine.review.review_steps``), its lines made and wrapped a few a
    frame, what it loaded forgotten (also when B stops it), each in frames
    of their own; it yields how far it is in the game's decisions and
    returns the page's lines."""
    import sys

    before = tuple(sys.modules)  # what the review loads goes after it
    end = len(game.moves)
    try:
        from firmware.loading import modules_of

        todo = modules_of("review")
        yield 0
        for name in todo:
            if name not in sys.modules:
                __import__(name)
                yield 0
        from engine.review import lines_of, review_steps

        text = lines_of((yield from review_steps(game, 0)))
        yield end
        from firmware.wrap import wrap

        lines = []
        while text:  # wrapped a few lines a frame: a long review takes 100s of ms
            for ln in text[:_WRAP]:
                lines.extend(wrap(ln))
            del text[:_WRAP]
            yield end
    except MemoryError:
        lines = ["Not enough memory for the review now."]
    except ImportError as e:  # a device without the computer's code
        from firmware.wrap import wrap

        lines = wrap("No review on this device: %s" % e)
    finally:
        _forget([m for m in sys.modules if m not in before])
    yield end  # the collection of the forgetting: a frame of its own
    return lines
