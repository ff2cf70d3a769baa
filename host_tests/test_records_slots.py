# portable
"""Record store slots (firmware/store/records.py, RecordStore(slots=True)): each
save writes the older copy in place, one step; a power cut at every step
and byte keeps the last completed save; the other layout is read as it is
and damaged, foreign, future and refused copies are said with the one
before used; clear removes the older copy first; a file too large for a
record is refused unread. The plain layout and the CRC: test_records.py.
Runs under CPython and MicroPython."""

from firmware.store.records import RecordStore, pack
from firmware.store.record_read import unpack
from memstorage import MemStorage
from recordrig import MAGIC, cut_clears, cut_save, good_store, payloads, too_large


def slot_store(st, version=1):
    return RecordStore(st, "game", MAGIC, version, slots=True)


def newest_file(st):
    a, b = st.files.get("game.rec"), st.files.get("game.old")
    if a is None or (b is not None and b[5:9] > a[5:9]):
        return "game.old"
    return "game.rec"


def test_slots_write_the_older_copy_in_place_one_step_a_save():
    st = MemStorage()
    s = slot_store(st)
    assert s.load() == (None, 0, None)
    ps = payloads(5)
    for i, p in enumerate(ps):
        st.arm()
        s.save(p)
        assert st.steps == 1  # one write, no rename
        assert slot_store(st.reboot()).load() == (p, 1, None)
        if i:  # the copy before it is the other file
            other = "game.old" if newest_file(st) == "game.rec" else "game.rec"
            assert unpack(st.files[other], MAGIC, 1, "x", RecordStore.crc)[0] == ps[i - 1]
    assert sorted(st.files) == ["game.old", "game.rec"]


def test_slots_power_cut_at_every_step_and_byte_keeps_last_completed_save():
    for atomic in (True, False):
        for first in (True, False):  # the very first save, or one after two
            ps = payloads(3)
            base = MemStorage(atomic_rename=atomic)
            s = slot_store(base)
            s.load()
            if not first:
                s.save(ps[0])
                s.save(ps[1])
            size = len(pack(MAGIC, 1, 3, ps[2]))
            cuts = [("step", k) for k in range(3)] + [("bytes", n) for n in range(size + 1)]
            for how, n in cuts:
                done, st2 = cut_save(slot_store, base, ps[2], how, n)
                got, version, problem = slot_store(st2).load()
                assert problem is None, (atomic, first, how, n, problem)
                assert got == (ps[2] if done else None if first else ps[1]), (atomic, how, n)
                after = slot_store(st2)
                after.load()
                after.save(b"next")
                assert slot_store(st2.reboot()).load()[0] == b"next"
                if not first and not done:  # the cut copy was written over, the good one kept
                    st3 = st2.reboot()
                    again = slot_store(st3)
                    again.load()
                    again.save(b"then")
                    assert slot_store(st3.reboot()).load()[0] == b"then"


def test_slots_read_the_other_layout_and_refuse_as_it_does():
    # a .rec/.old pair saved the other way is read as it is (.rec the newer)
    st = good_store()
    s = slot_store(st)
    assert s.load() == (b"second", 1, None)
    s.save(b"third")  # over the older copy, .old
    assert unpack(st.files["game.old"], MAGIC, 1, "x", RecordStore.crc)[0] == b"third"
    assert unpack(st.files["game.rec"], MAGIC, 1, "x", RecordStore.crc)[0] == b"second"
    # the newest copy damaged (whole length): said, the one before used, and
    # the damaged file kept aside at the next save, never over the good copy
    for how in ("damaged", "foreign", "future"):
        st = good_store()
        s = slot_store(st)
        s.load()
        s.save(b"third")  # the newest is .old now
        data = bytearray(st.files["game.old"])
        if how == "damaged":
            data[12] ^= 1
        elif how == "foreign":
            data[0:4] = b"JUNK"
        else:
            data = bytearray(pack(MAGIC, 2, 4, b"from the future"))
        st.files["game.old"] = bytes(data)
        s = slot_store(st)
        got, version, problem = s.load()
        assert got == b"second" and problem and "game.old" in problem and "game.bad" in problem
        s.save(b"fourth")
        assert st.files["game.bad"] == bytes(data)
        assert unpack(st.files["game.rec"], MAGIC, 1, "x", RecordStore.crc)[0] == b"second"
        assert slot_store(st.reboot()).load() == (b"fourth", 1, None)
    # content the caller refuses: the copy before it is used
    st = good_store()
    got, version, problem = slot_store(st).load(lambda p, v: "no" if p == b"second" else None)
    assert got == b"first" and "game.rec is refused: no" in problem
    # a lone copy cut short that no cut can leave (not the first record) is said
    st = good_store()
    st.files.pop("game.old")
    st.files["game.rec"] = st.files["game.rec"][:-3]
    got, version, problem = slot_store(st).load()
    assert got is None and "cut short" in problem and "afresh" in problem


def test_slots_clear_removes_the_older_copy_first():
    clears = cut_clears(slot_store, (b"a", b"older", b"newest"), 3)
    assert len(clears) == 6
    for atomic, k, got in clears:
        assert got[0] in (b"newest", None) and got[2] is None, (atomic, k, got)


def test_slots_refuse_a_file_too_large_for_a_record_unread():
    st, s, (got, version, problem) = too_large(slot_store)
    assert got == b"first", got
    assert "game.rec is too large" in problem, problem
    s.save(b"third")
    assert "game.bad" in st.files  # set aside (renamed, never read)
    assert slot_store(MemStorage(dict(st.files))).load()[0] == b"third"
