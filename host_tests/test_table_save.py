"""A friend's table on the device's storage (firmware/store/table_save.py):
the side's save and the match's log come out byte for byte what
engine.table.resume and the log's lines are, whether the storage takes them
a piece at a time (a board's files) or whole (the web page's); a storage
that refuses (full, or failing) leaves the last whole save and log in place
and is said in words; a file cut short by a power cut is replaced; at no
moment of a save is there no save (a power cut between two steps of it
would lose the match)."""

import os

from engine.players import RandomPlayer
from engine.table import resume
from engine.table.peer import Peer
from engine.table.settings import Settings
from firmware.hw.host import DictStorage, DirStorage
from firmware.hw.web_store import KeyStorage, MemoryKV
from firmware.store import table_save


def _sides(deals=1):
    # two sides through an in-memory pipe, played until deal ``deals`` + 1 begins
    sides = (Peer(0, b"host", Settings(prime="t31")), Peer(1, b"guest"))
    players = (RandomPlayer(1), RandomPlayer(2))
    for _ in range(2000):
        for i in (0, 1):
            for frame in sides[i].take_out():
                sides[1 - i].feed(frame)
            if sides[i].waiting():
                v = sides[i].game.view(i)
                d = players[i].discard(v) if v.phase == "discard" else players[i].play(v)
                sides[i].act(d)
        g = sides[0].game
        if g is not None and g.deal_number > deals and sides[0].waiting():
            break
    return sides


def _log_bytes(log):
    return b"".join(bytes(p) for p in log.pieces())


def test_the_save_and_the_log_are_the_same_bytes_piece_by_piece_or_whole(tmp_path):
    peer = _sides()[0]
    assert peer.game.deal_number == 2 and len(peer.journal) > 0
    want = resume.save(peer)
    lines = _log_bytes(peer.log)
    assert lines.count(b"\n") >= 5  # the game's header and a whole deal
    files = DirStorage(str(tmp_path))  # a board's files: a piece at a time
    memory = DictStorage()  # the tests' and the simulator's: a piece at a time too
    page = KeyStorage(MemoryKV())  # the web page's, which cannot append: whole
    assert not hasattr(page, "open_append")
    for storage in (files, memory, page):
        assert table_save.saved(storage) is None
        assert table_save.save_side(storage, peer) is None
        assert table_save.saved(storage) == want
        assert table_save.save_log(storage, peer.log)
        assert storage.read(table_save.LOG) == lines
    assert sorted(os.listdir(tmp_path)) == ["friend.log", "friend.tbl"]  # nothing left aside
    # what was saved is the side: restored, it saves the same again
    assert resume.save(resume.restore(want)) == want


def test_a_save_cut_short_by_a_power_cut_is_replaced(tmp_path):
    peer = _sides()[0]
    files = DirStorage(str(tmp_path))
    files.write(table_save.SAVE + "~", b"half a sa")
    files.write("friend.tmp", b"half a lo")
    assert table_save.save_side(files, peer) is None
    assert table_save.save_log(files, peer.log)
    assert files.read(table_save.SAVE) == resume.save(peer)
    assert files.read(table_save.LOG) == _log_bytes(peer.log)


class _Full(DictStorage):
    """A store that has run out of room: every write refused, whole or appended."""

    def write(self, name, data):
        raise OSError(28, "no space left")

    def open_append(self, name):
        class Refused:
            def write(self, data):
                raise OSError(28, "no space left")

            def close(self):
                pass

        return Refused()


class _Failing(DirStorage):
    """A board's files failing halfway through a write."""

    def open_append(self, name):
        f = DirStorage.open_append(self, name)

        class Half:
            def write(self, data):
                f.write(bytes(data)[:1])
                raise OSError(5, "write failed")

            def close(self):
                f.close()

        return Half()


def test_a_refused_save_says_why_and_keeps_the_last_whole_one(tmp_path):
    peer = _sides()[0]
    first = resume.save(peer)
    later = _sides(2)[0]
    assert resume.save(later) != first
    full = _Full()
    DictStorage.write(full, table_save.SAVE, first)
    why = table_save.save_side(full, later)
    assert why is not None and why.startswith("Not saved:") and "space" in why
    assert table_save.saved(full) == first
    assert not table_save.save_log(full, later.log)

    failing = _Failing(str(tmp_path))
    DirStorage.write(failing, table_save.SAVE, first)
    DirStorage.write(failing, table_save.LOG, b"the last log\n")
    why = table_save.save_side(failing, later)
    assert why is not None and why.startswith("Not saved:")
    assert table_save.saved(failing) == first
    assert not table_save.save_log(failing, later.log)
    assert failing.read(table_save.LOG) == b"the last log\n"

    # the web page's store when localStorage is full: its setItem says so
    kv = MemoryKV()
    page = KeyStorage(kv)
    page.write(table_save.SAVE, first)
    kv.setItem = lambda key, value: "QuotaExceededError"
    why = table_save.save_side(page, later)
    assert why is not None and why.startswith("Not saved:") and "Quota" in why
    assert table_save.saved(page) == first


def test_dropping_the_save_is_quiet_when_there_is_none():
    s = DictStorage()
    table_save.drop_save(s)  # nothing saved: nothing to say
    DictStorage.write(s, table_save.SAVE, b"x")
    table_save.drop_save(s)
    assert table_save.saved(s) is None


class _Watched(DictStorage):
    """A store that notes, after each change, whether a save is there."""

    def __init__(self):
        DictStorage.__init__(self)
        self.seen = []

    def _note(self):
        self.seen.append(table_save.SAVE in self.files)

    def write(self, name, data):
        DictStorage.write(self, name, data)
        self._note()

    def rename(self, old, new):
        DictStorage.rename(self, old, new)
        self._note()

    def remove(self, name):
        DictStorage.remove(self, name)
        self._note()


def test_at_no_moment_of_a_save_is_there_none():
    first, later = _sides()[0], _sides(2)[0]
    s = _Watched()
    assert table_save.save_side(s, first) is None
    s.seen = []
    assert table_save.save_side(s, later) is None
    assert s.seen and all(s.seen)  # the last save there until the new one replaces it
    assert table_save.saved(s) == resume.save(later)
