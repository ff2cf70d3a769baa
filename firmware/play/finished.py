"""The game-over mode: your finished game in an app of its own. The play
screen saves the match with its game whole and ends its app into this mode
on the page's picture (firmware.play.game_over's ``open_over``); here the
saved match is read (firmware.play.match_start's ``load_steps``, a few
decisions a frame), the page shown again (firmware.play.over_page) with the
LED board's win chase, and a step a frame while it shows: the coach's
figures of decisions not weighed yet, the game counted once in its
statistics (firmware.store.stats: its key, so a power cut here never counts
it twice), its log written (``last.log``, firmware.play.game_log), the save
deleted when the match is over. Then A deals the match's next game (a
rematch of the same settings once the match is over) and saves it, and the
app ends into the play mode, which resumes it from its start; B the same
but to the menu (a finished match: straight to the menu); DOWN your game's
review (firmware.play.review). No key acts till that work is done, nor in
the page's first moment (``quiet``). With no saved match the mode goes to
the menu; with a match whose game is not over (a power cut after the next
game was saved), to the play mode.
Imports ``engine.game`` (the replays), ``engine.match``, ``firmware.keys``,
``firmware.ui.buttons``, ``firmware.ui.screen``, ``firmware.play.game_log``,
``firmware.play.over_page``, ``firmware.play.save`` and
``firmware.store.stats``; ``engine.restore`` and
``firmware.play.match_start`` as it opens;
``firmware.play.review``, and ``engine.opponent`` with
``firmware.play.your_turn`` for decisions the play screen had not weighed,
when used.
"""

from engine.match import Match
from firmware.keys import DOWN, A, B
from firmware.ui import buttons
from firmware.ui.screen import Screen
from firmware.play import over_page
from firmware.play.game_log import write_log
from firmware.play.save import open_store, payload
from firmware.store.stats import count_steps

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  CPython has no const()

_QUIET = const(1500)  # the page ignores presses begun this long (ms)
_STEP = const(6)  # decisions replayed a frame for the statistics and the log
_LOG_ROOM = const(4096)  # the log made in memory where the storage writes whole files
_PLAY = const("play")


class FinishedGame(Screen):
    """The game-over mode's screen; ``title``, ``lines``, ``foot`` and
    ``match_over`` are its page (firmware.play.over_page), ``match``,
    ``game`` and ``level`` the finished match, ``work`` the steps still to
    run (None once done)."""

    names = ("You", "CPU")
    human = True
    views = True  # for ``quiet``: its view never changes

    def __init__(self):
        self.title = ""
        self.lines = []
        self.foot = ""
        self.runs = None  # over_page's layout of them
        self.match_over = False
        self.match = self.game = None
        self.level = "medium"
        self.coach = None
        self.work = None
        self.store = None
        self.problem = None  # the statistics' problem, said once the work is done

    def quiet(self, view):
        return _QUIET

    def enter(self):
        if self.store is not None:  # entered again (back from the review)
            return
        # the panel shows the page already (the play screen drew it as its
        # app ended): nothing is drawn until its lines are known again
        self.app.dirty = False
        self.store = open_store(self.app.hw.storage)
        self.work = self._steps()

    def update(self, dt, events):
        if self.work is not None:
            try:
                return next(self.work)
            except StopIteration:
                self.work = None
                if self.problem:
                    from firmware.ui.screen import MessageScreen

                    self.app.push(MessageScreen("Statistics", self.problem, _QUIET))
                return True
        if buttons.happened(events, "press", DOWN):
            from firmware.play.review import review

            review(self)
            return True
        if buttons.happened(events, "press", A):
            self._next(_PLAY)
            return True
        if buttons.happened(events, "press", B):
            self._next("")
            return True
        return False

    def busy(self):
        return self.work is not None

    def draw(self, cv):
        over_page.draw(cv, self)

    def _steps(self):
        # the work a step a frame; each yield says whether the page changed
        # the saved match's reader (the play mode's, which forgets it once a
        # match has opened, so looked up here when used), its code a module
        # a frame: with the record's reading, the first frame took 195 ms on
        # the emulated Pico (MicroPython v1.28.0; budget 100 ms)
        import engine.restore  # noqa: F401

        yield False
        from firmware.play.match_start import RESUME_STEP, load_steps

        yield False
        app = self.app
        staged = getattr(app.hw, "staged", False)
        rears = [None, None]
        coach = [0, 0, 0, 0, []]
        level, match, notice = yield from _quiet(
            load_steps(self.store, rears, RESUME_STEP if staged else 0, coach)
        )
        if match is None or match.game.phase != "over":
            # nothing saved: the menu; a game not over (or a damaged save,
            # which the play mode names): the play mode resumes it
            app.switch(_PLAY if match is not None or notice else "")
            return
        self.level, self.match, self.game = level, match, match.game
        g = self.game
        won = over_page.fill(self, match, False, g.winner, g.scores[0], g.scores[1], g.skunk)
        peg = app.pegboard
        if peg is not None:
            peg.set_target(g.target)
            peg.set_deals(0)
            for seat in (0, 1):
                rear = rears[seat]
                peg.set_pegs(seat, g.scores[seat], g.scores[seat] if rear is None else rear)
            peg.celebrate(g.winner if g.winner < 2 else -1)  # 2: a tie (V6)
        yield True
        if len(coach) < 5:  # a save without the coach's figures: the whole game weighed
            from firmware.play.review import weigh_whole

            yield from _quiet(weigh_whole(g, coach))
        elif coach[4]:  # decisions the play screen had not weighed yet, one a frame
            yield from _quiet(_weigh_noted(coach))
        self.coach = coach
        storage = app.hw.storage
        room = None if hasattr(storage, "open_append") else bytearray(_LOG_ROOM)
        problem, failed = yield from _quiet(
            game_done_steps(storage, match, self.match_over, won[0] > won[1], room, coach)
        )
        room = None
        if self.match_over:
            self._clear()
        if failed:
            self.lines = self.lines + [failed]
            self.runs = None
        self.problem = problem  # said over the page once the work is done
        yield True

    def _clear(self):
        try:
            self.store.clear()
        except OSError as e:
            self.lines = self.lines + ["Save not deleted: %s" % e]
            self.runs = None

    def _next(self, mode):
        # the match's next game (a finished match: a rematch, only for
        # ``mode`` play) dealt and saved, then the app ends into ``mode``
        m = self.match
        if self.match_over:
            if not mode:
                self.app.switch("")
                return
            clock = self.app.hw.clock
            seed = (clock.ticks_ms() * 40503 + self.app.frames + m.seed) & 0x3FFFFFFF
            m = Match(
                m.games, seed, m.target or None, None, m.open_hands, m.muggins, m.variant, m.deals
            )
        else:
            m.next_game()
        try:
            self.store.save(payload(self.level, m))
        except OSError as e:
            if mode:  # the play mode would find this game again: stay, and say why
                self.foot = "Not saved: %s" % e
                self.app.invalidate()
                return
        self.app.switch(mode)


def _quiet(steps):
    # a generator of frame-sized steps whose yields are not the page's:
    # each step changes nothing on it (False); returns what ``steps`` returns
    while True:
        try:
            next(steps)
        except StopIteration as e:
            return e.value
        yield False


def _weigh_noted(coach):
    # decisions noted (firmware.play.your_turn's ``note``) and not weighed
    # as the game ended, weighed one a step with the computer's module loaded
    import engine.opponent  # noqa: F401  what ``weigh`` weighs with
    from firmware.play.your_turn import weigh

    yield
    while coach[4]:
        weigh(coach)
        yield


def _replay_steps(game, on_event):
    """``engine.replay.replay_moves`` a few decisions a frame (``_STEP``), as
    a generator: ``game``'s decisions played again from its seed into a
    fresh game, ``on_event(event)`` called for every event in order, hidden
    ones too, without keeping them or the decisions (the fresh game's
    ``moves`` emptied a step at a time: only the events are wanted)."""
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


def game_done_steps(storage, match, match_over, match_won, room=None, coach=None):
    """``match``'s game is over: count it in the statistics kept in
    ``storage`` (and the match when ``match_over``, ``match_won`` saying
    who won it), then write its log there (``firmware.play.game_log``; in
    ``room``, a bytearray to reuse, where the storage cannot append), as a
    generator of steps that each fit a frame. It returns ``(problem,
    failed)``: a statistics problem to show (or None), and a line saying
    what failed (or None). ``coach``: your decisions' figures (deals, what
    the discards and the plays gave up: firmware.play.your_turn's
    ``weigh``), for the statistics (``Stats.add_coach``). Short of memory,
    neither is half done."""
    problem = failed = None
    try:
        problem = yield from count_steps(
            storage, match, match_over, match_won, coach, _replay_steps
        )
        yield
        yield from write_log(storage, match.game, _replay_steps, room)
    except OSError as e:
        failed = "Log not written: %s" % e
    except MemoryError:
        failed = "Not saved: out of memory"
    return problem, failed
