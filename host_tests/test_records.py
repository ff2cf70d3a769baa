# portable
"""Record store (firmware/store/records.py) and CRC (engine/crc.py): saves survive
a power cut at every step and byte; damaged, cut-short, foreign and
future-version files are refused with a plain message and the good copy is
used; content the caller refuses and a file too large to read are set
aside (issues 11.1, 11.2); a cut anywhere in clear never brings back an
older record (issue 11.4); the reading is loaded for a load only (issue
12); the file storages tell a size unread and rename over a file (issue
13.4). The slots layout (the older copy written in place):
test_records_slots.py. Runs under CPython and MicroPython."""

from engine.crc import crc16
from firmware.store.records import RecordStore, pack
from firmware.store.record_read import unpack
from memstorage import MemStorage
from recordrig import MAGIC, cut_clears, cut_save, good_store, payloads, store, too_large


def test_crc_check_value():
    # CRC-16/CCITT-FALSE catalogue check value
    assert crc16(b"123456789") == 0x29B1
    assert crc16(b"") == 0xFFFF
    # continuing over a second piece equals one pass over both
    assert crc16(b"56789", crc16(b"1234")) == 0x29B1


def test_round_trip_and_newest_wins():
    st = MemStorage()
    s = store(st)
    assert s.load() == (None, 0, None)
    for p in payloads(4):
        s.save(p)
        again = store(st.reboot())
        assert again.load() == (p, 1, None)
    # the previous record is kept as the .old copy
    assert unpack(st.files["game.old"], MAGIC, 1, "x", RecordStore.crc)[0] == payloads(4)[2]
    assert "game.tmp" not in st.files


def test_power_cut_at_every_step_and_byte_keeps_last_completed_save():
    for atomic in (True, False):
        ps = payloads(3)
        base = MemStorage(atomic_rename=atomic)
        s = store(base)
        s.load()
        s.save(ps[0])
        s.save(ps[1])
        size = len(pack(MAGIC, 1, 3, ps[2]))
        cuts = [("step", k) for k in range(8)] + [("bytes", n) for n in range(size + 1)]
        for how, n in cuts:
            done, st2 = cut_save(store, base, ps[2], how, n)
            after = store(st2)
            got, version, problem = after.load()
            assert problem is None, problem
            assert got == (ps[2] if done else ps[1]), (atomic, how, n)
            # and the store goes on saving normally after the cut
            after.save(b"next")
            assert store(st2.reboot()).load()[0] == b"next"
        # a byte cut short of the whole record never completes the save
        done, _ = cut_save(store, base, ps[2], "bytes", size - 1)
        assert not done, "save finished without its last byte"


def refused(mangle, words):
    st = good_store()
    st.files["game.rec"] = mangle(st.files["game.rec"])
    s = store(st)
    got, version, problem = s.load()
    assert got == b"first", got  # the good copy before it
    assert problem is not None and words in problem, problem
    assert "game.rec" in problem
    # the next save keeps the refused file aside and works
    bad = st.files["game.rec"]
    s.save(b"third")
    assert st.files["game.bad"] == bad
    assert store(st.reboot()).load() == (b"third", 1, None)


def test_damaged_byte_refused():
    for i in range(len(pack(MAGIC, 1, 2, b"second"))):

        def flip(data, i=i):
            b = bytearray(data)
            b[i] ^= 0x10
            return bytes(b)

        st = good_store()
        st.files["game.rec"] = flip(st.files["game.rec"])
        got, version, problem = store(st).load()
        assert got == b"first" and problem is not None, i


def test_damaged_payload_message():
    refused(lambda d: d[:12] + bytes([d[12] ^ 1]) + d[13:], "damaged")


def test_truncated_refused():
    refused(lambda d: d[:-1], "cut short")
    refused(lambda d: d[:5], "cut short")
    refused(lambda d: b"", "empty")


def test_foreign_refused():
    refused(lambda d: b"JUNK" + d[4:], "not a TEST record")
    other = pack(b"XXXX", 1, 9, b"second")
    refused(lambda d: other, "not a TEST record")


def test_future_version_refused():
    newer = pack(MAGIC, 2, 9, b"from the future")
    refused(lambda d: newer, "newer firmware")
    # ...but the newer firmware itself reads it
    st = good_store()
    st.files["game.rec"] = newer
    assert store(st, version=2).load() == (b"from the future", 2, None)


def test_older_version_is_read_with_its_version():
    st = MemStorage()
    s = store(st, version=1)
    s.save(b"old format")
    assert store(st, version=3).load() == (b"old format", 1, None)


def test_nothing_good_starts_afresh_with_message():
    st = MemStorage()
    st.files["game.rec"] = b"garbage that is long enough"
    got, version, problem = store(st).load()
    assert got is None
    assert "not a TEST record" in problem and "afresh" in problem


def test_the_reading_is_loaded_for_a_load_and_not_kept():
    # a load loads firmware.store.record_read (the reading and a refused file's
    # words) and forgets it again; a save never needs it (issue 12: only the
    # save path is resident all game)
    import sys

    sys.modules.pop("firmware.store.record_read", None)
    st = good_store()
    s = store(st)
    assert s.load()[2] is None
    assert "firmware.store.record_read" not in sys.modules
    s.save(b"next")
    assert "firmware.store.record_read" not in sys.modules
    st.files["game.rec"] = st.files["game.rec"][:-1] + b"X"
    got, version, problem = store(st).load()
    assert "damaged" in problem and "firmware.store.record_read" not in sys.modules
    assert got == b"second"  # the copy before it


def test_storage_error_leaves_previous_record():
    class Full(MemStorage):
        def write(self, name, data):
            raise OSError("no space")

    st = good_store()
    full = Full(dict(st.files))
    s = store(full)
    s.load()
    try:
        s.save(b"third")
        assert False
    except OSError:
        pass
    assert store(full).load() == (b"second", 1, None)


def test_oversized_payload_refused():
    try:
        pack(MAGIC, 1, 1, bytes(5000))
        assert False
    except ValueError as e:
        assert "too large" in str(e)


def test_power_cut_anywhere_in_clear_never_brings_back_an_older_record():
    # issue 11.4: clear() removed .rec before .old, so a cut between the two
    # left the record before the newest one to be loaded again
    clears = cut_clears(store, (b"older", b"newest"), 4)
    assert len(clears) == 8
    for atomic, k, got in clears:
        assert got[0] in (b"newest", None) and got[2] is None, (atomic, k, got)


def test_content_the_caller_refuses_is_named_kept_aside_and_the_old_copy_used():
    # issue 11.1: a good CRC over content the app refuses must not cost the
    # good .old copy
    def check(payload, version):
        return "it says no" if payload == b"second" else None

    st = good_store()
    refused_bytes = st.files["game.rec"]
    s = store(st)
    got, version, problem = s.load(check)
    assert got == b"first", got
    assert "game.rec is refused: it says no" in problem and "game.bad" in problem, problem
    s.save(b"third")
    assert st.files["game.bad"] == refused_bytes
    assert (
        unpack(st.files["game.old"], MAGIC, 1, "x", RecordStore.crc)[0] == b"first"
    )  # the good copy stays
    assert store(st.reboot()).load(check) == (b"third", 1, None)
    # both refused: a fresh start, said, and the refused .rec kept
    st = good_store()
    s = store(st)
    got, version, problem = s.load(lambda p, v: "no")
    assert got is None and "game.old is refused" in problem and "game.bad" in problem, problem


def test_a_file_too_large_for_a_record_is_refused_unread():
    # issue 11.2: a 1 MB game.rec gave MemoryError on load, a new match
    # started and its first save turned the junk into game.old
    st, s, (got, version, problem) = too_large(store)
    assert got == b"first", got
    assert "game.rec is too large" in problem and "1048576" in problem, problem
    s.save(b"third")
    assert "game.bad" in st.files  # set aside (renamed, never read)
    assert unpack(st.files["game.old"], MAGIC, 1, "x", RecordStore.crc)[0] == b"first"


def test_file_storages_tell_a_file_size_without_reading_it():
    import os

    from firmware.hw import host
    from firmware.hw.files import FileStorage

    path = "/tmp/cribbage_test_huge"
    st = host.DirStorage(path)
    assert isinstance(st, FileStorage)  # one file storage: the boards' (issue 13.4)
    try:
        st.write("a\\b", b"")
        assert False, "a name with a path separator was taken"
    except ValueError:
        pass
    with open(path + "/game.rec", "wb") as f:
        for _ in range(64):
            f.write(b"\xaa" * 16384)  # 1 MB
    try:
        assert st.size("game.rec") == 1 << 20 and st.size("none.rec") is None
        st.read = None  # reading it would fail the test
        got, version, problem = store(st).load()
        assert got is None and "too large" in problem, problem
    finally:
        os.remove(path + "/game.rec")


def test_file_storage_rename_replaces_even_where_the_file_system_will_not():
    # FAT (CircuitPython) refuses to rename over a file; littlefs replaces it.
    # RecordStore.save renames .rec over .old, so FileStorage.rename replaces.
    from firmware.hw.files import FileStorage

    class FatOs:
        def __init__(self):
            self.files = {"/d/a": b"new", "/d/b": b"old"}

        def mkdir(self, path):
            pass

        def rename(self, src, dst):
            if dst in self.files:
                raise OSError(17)  # EEXIST
            self.files[dst] = self.files.pop(src)

        def remove(self, path):
            del self.files[path]

    fat = FatOs()
    FileStorage(fat, "/d").rename("a", "b")
    assert fat.files == {"/d/b": b"new"}
