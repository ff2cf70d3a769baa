# portable
"""The game log a finished game leaves (firmware/play/game_log.py): written a line
at a time where the storage can append to a file (no buffer the size of the
log held through the game), made in memory where it cannot, the same bytes
either way, and a power cut while it is written leaves the log before it.
Imports engine.game, engine.match, engine.players, endlog,
firmware.play.finished, firmware.hw.host and (a game played to the game-over
mode on a storage that writes whole files) playdriver.
"""

from engine.game import run
from engine.match import Match
from engine.players import make
import endlog
from firmware.play import finished as game_end
from firmware.hw.host import DictStorage

LOG_NAME = "last.log"  # firmware.play.game_log's files: the log, and the log being written
TMP_NAME = "last.tmp"


def finished(seed):
    m = Match(1, seed, 61)
    run(m.game, (make("greedy", seed), make("greedy", seed + 1)))
    return m


class WholeFiles:
    """A storage that only writes whole files (the web page's, CircuitPython's
    RAM storage): no open_append."""

    def __init__(self):
        self.d = DictStorage()
        for name in ("read", "write", "rename", "remove", "exists", "size"):
            setattr(self, name, getattr(self.d, name))


def test_the_log_streamed_and_the_log_made_in_memory_are_the_same_bytes():
    for seed in (3, 4):
        m = finished(seed)
        want = endlog.log_text(m.game).encode()
        streamed = DictStorage()
        whole = WholeFiles()
        assert not hasattr(whole, "open_append")
        for storage, room in ((streamed, None), (whole, None), (DictStorage(), bytearray(4096))):
            problem, failed = endlog.game_done(storage, m, True, True, room)
            assert failed is None, failed
            assert storage.read(LOG_NAME) == want
            assert not storage.exists(TMP_NAME)
        assert want.count(b"\nscore ") >= 10  # a whole game's awards


def test_a_power_cut_while_the_log_is_written_keeps_the_last_whole_log():
    m = finished(5)
    storage = DictStorage()
    storage.write(LOG_NAME, b"the last game's log\n")
    steps = game_end.game_done_steps(storage, m, True, True)
    wrote = False
    for _ in range(1000):  # cut once some lines are in the new log
        next(steps)
        if storage.exists(TMP_NAME) and len(storage.read(TMP_NAME)) > 40:
            wrote = True
            break
    assert wrote
    steps = None  # the power goes: the generator never finishes
    assert storage.read(LOG_NAME) == b"the last game's log\n"
    # the next game's end starts its log afresh over the piece left behind
    m2 = finished(6)
    problem, failed = endlog.game_done(storage, m2, True, True)
    assert failed is None
    assert storage.read(LOG_NAME) == endlog.log_text(m2.game).encode()
    assert not storage.exists(TMP_NAME)


class NoLogRoom(DictStorage):
    """A storage whose log cannot be opened (a full drive, say): every other
    file is kept."""

    def open_append(self, name):
        raise OSError(28, "no space")


def test_a_log_that_cannot_be_written_leaves_the_statistics_counted():
    from firmware.store import stats as sm

    m = finished(7)
    storage = NoLogRoom()
    problem, failed = endlog.game_done(storage, m, True, True)
    assert failed is not None and failed.startswith("Log not written"), failed
    assert problem is None and not storage.exists(LOG_NAME)
    stats = sm.Stats(storage, sm.NAME)
    stats.load()
    assert stats.counted(sm.key(m.game))  # the game is in the statistics all the same


def test_the_game_over_mode_writes_the_log_where_the_storage_writes_whole_files():
    # the web page's storage has no open_append: the game-over mode makes the
    # log in memory (its room) and writes it whole, the same bytes the game replays to
    from playdriver import new_driver, over, play_game

    storage = WholeFiles()
    d = new_driver(storage, seed=13, target=61)
    play_game(d, 13)
    f = over(d)
    assert f is not None and f.work is None and d.app.errors == 0
    assert storage.read(LOG_NAME) == endlog.log_text(f.game).encode()
    assert not storage.exists("game.rec")  # the one-game match is over: its save gone
