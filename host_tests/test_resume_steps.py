# portable
"""Resuming a saved game a few decisions a frame on a device: the record read
and checked first, then its decisions replayed ``RESUME_STEP`` a frame
(firmware.play.match_start's open_steps and load_steps,
engine.restore.load_match_steps, engine.replay.replay_steps), to the same game
as a resume at once; a record whose decisions do not replay, found only in
the replay, is refused and the copy before it resumed, with the refusal said.
Runs on CPython and MicroPython. Imports engine.crc, engine.game,
engine.match, engine.players, engine.replay, engine.restore, engine.save, firmware.app,
firmware.hw.host, firmware.play.match_start, firmware.play.save,
firmware.store.records, host_tests/memstorage.py, host_tests/playdriver.py
and tools/driver.py.
"""

from driver import Driver
from engine.crc import crc16
from engine.game import Game
from engine.match import Match
from engine.players import RandomPlayer
from engine.restore import SaveError, load_match, load_match_steps
from engine.save import save_match
from firmware.app import App
from firmware.hw import host
from firmware.play import match_start
from firmware.play.save import LEVELS, open_store
from memstorage import MemStorage
from playdriver import play_game, screen

STEP = match_start.RESUME_STEP


def _saved(seed=4, deals=7):
    m = Match(1, seed, 121)
    g = m.game
    players = (RandomPlayer(seed), RandomPlayer(seed + 1))
    from engine.replay import run

    class Stop(Exception):
        pass

    def upto(e):
        if e[0] == "deal" and g.deal_number > deals:
            raise Stop

    try:
        run(g, players, upto)
    except Stop:
        pass
    return m


def test_load_match_steps_gives_the_match_load_match_gives_a_step_at_a_time():
    m = _saved()
    record = save_match(m)
    whole = load_match(record)
    for step in (1, 5, STEP):
        steps = load_match_steps(record, None, step)
        n = 0
        try:
            while True:
                next(steps)
                n += 1
        except StopIteration as stop:
            got = stop.value
        assert bytes(got.game.moves) == bytes(whole.game.moves) == bytes(m.game.moves)
        assert got.game.scores == whole.game.scores and got.game.phase == whole.game.phase
        assert got.game.hands == whole.game.hands and got.game.pile == whole.game.pile
        # the first step opens the record; then one every ``step`` decisions
        assert n == 1 + (_decisions(record) - 1) // step, step


def _decisions(record):
    # the game's decisions in a match record: with a step of 1 the replay
    # yields between each two, after the step that opens the record
    steps = load_match_steps(record, None, 1)
    n = 0
    try:
        while True:
            next(steps)
            n += 1
    except StopIteration:
        return n


def _reseal(body):
    c = crc16(body)
    return body + bytes((c >> 8, c & 255))


def test_a_decision_that_does_not_replay_is_refused_in_the_replay_not_at_the_opening():
    record = bytearray(save_match(_saved())[:-2])
    record[-1] = 52 if record[-1] != 52 else 0  # the last decision changed
    steps = load_match_steps(_reseal(bytes(record)), None, STEP)
    next(steps)  # opened: the settings, the match and the length are sound
    try:
        while True:
            next(steps)
    except SaveError as e:
        assert "does not replay" in str(e)
    else:
        assert False, "the bad decision was replayed"


class _Counted:
    # counts the decisions the games make, frame by frame (Game's methods wrapped)
    NAMES = ("play", "go", "discard", "claim")

    def __init__(self):
        self.now = 0
        self.saved = {}

    def __enter__(self):
        for name in self.NAMES:
            f = getattr(Game, name)
            self.saved[name] = f
            setattr(Game, name, self._wrap(f))
        return self

    def _wrap(self, f):
        def counted(*args):
            self.now += 1
            return f(*args)

        return counted

    def __exit__(self, *exc):
        for name, f in self.saved.items():
            setattr(Game, name, f)


def _store_with(match, level="hard"):
    st = MemStorage()
    open_store(st).save(bytes((LEVELS.index(level),)) + save_match(match))
    return st


def _open_play(st, staged):
    app = App(host.make(storage=st))
    d = Driver(app)
    d.hw.staged = staged
    app.open("play")
    return d


def test_a_device_resumes_a_late_game_a_few_decisions_a_frame_to_the_same_game():
    m = _saved(seed=11, deals=8)
    want = load_match(save_match(m)).game
    total = _decisions(save_match(m))
    assert total > 3 * STEP  # a game long enough to need several frames
    at_once = screen(_open_play(_store_with(m), False))
    with _Counted() as counted:
        d = _open_play(_store_with(m), True)
        s = screen(d)
        per_frame = []
        for _ in range(200):
            if s.game is not None:
                break
            counted.now = 0
            d.tick(1)
            per_frame.append(counted.now)
    assert s.game is not None, "the saved game never opened"
    assert max(per_frame) <= STEP and sum(per_frame) == total
    assert len([n for n in per_frame if n]) >= total // STEP
    for got in (s.game, at_once.game):
        assert bytes(got.moves) == bytes(want.moves) and got.scores == want.scores
        assert got.hands == want.hands and got.phase == want.phase
    assert s.table.hand == at_once.table.hand and s.table.scores == at_once.table.scores
    assert s.table.line == "Welcome back"
    play_game(d, 3, decisions=2)  # and it plays on
    assert d.app.errors == 0


def _two_copies(good, bad):
    # the play screen's store with ``good`` as the older copy and ``bad`` newer
    st = MemStorage()
    store = open_store(st)
    store.save(good)
    store.save(bad)
    return st


def test_a_newest_copy_whose_decisions_do_not_replay_is_refused_and_the_one_before_resumed():
    older = _saved(seed=5, deals=3)
    newer = _saved(seed=5, deals=6)
    record = bytearray(save_match(newer)[:-2])
    record[-1] = 52 if record[-1] != 52 else 0  # its last decision changed, resealed
    bad = bytes((2,)) + _reseal(bytes(record))
    good = bytes((2,)) + save_match(older)
    for staged in (False, True):
        st = _two_copies(good, bad)
        d = _open_play(st, staged)
        s = screen(d)
        for _ in range(200):
            if s.game is not None:
                break
            d.tick(1)
        assert bytes(s.game.moves) == bytes(older.game.moves), staged
        title, text = s.notice
        assert "does not replay" in text and "before it" in text, text


def test_the_save_keeps_the_coachs_figures_after_the_match_record_and_a_resume_takes_them():
    from firmware.play.match_start import split
    from playdriver import new_driver

    storage = host.DictStorage()
    d = new_driver(storage, seed=31, target=121, level="hard")
    play_game(d, 31, decisions=14)
    s = screen(d)
    d.tick(2)  # the last decision saved
    coach = list(s.coach[:4])
    assert coach[0] >= 1  # a deal's discard weighed
    data = open_store(storage).load()[0]
    record, figures = split(data)
    assert record == save_match(s.match) and len(figures) == 10
    assert figures[0] == coach[0] and (figures[1] << 16 | figures[2] << 8 | figures[3]) == coach[1]
    d2 = new_driver(storage, ticks=0)  # a power cut: the saved game resumes
    s2 = screen(d2)
    assert s2.coach[:4] == coach and s2.coach[5] is False  # taken, not weighed whole at the end
    # the decisions the save had not weighed are noted again, where they are in the game
    for item in s2.coach[4]:
        assert item[4] >= (figures[8] << 8 | figures[9])


def test_a_save_without_the_coachs_figures_still_resumes_and_is_weighed_whole_at_its_end():
    m = _saved(seed=9, deals=2)
    st = MemStorage()
    open_store(st).save(bytes((2,)) + save_match(m))  # as saves were before the figures
    s = screen(_open_play(st, False))
    assert bytes(s.game.moves) == bytes(m.game.moves)
    assert s.coach[5] is True and s.coach[:4] == [0, 0, 0, 0]
