# portable
"""The corpus (host_tests/corpus/) through the web page's storage
(firmware/hw/web.py's KeyStorage over a localStorage stand-in), as the page
runs the app: each refused record of the game and the keeper in both copies
(the text of a value that is not hex among them, which the web store reads
as its own bytes) is named on the screen with where it is kept aside, a
fresh start is made, and the first save keeps the refused copy as .bad; and
each corpus save of the game, the keeper and the settings, with localStorage
refusing one write of the next save (each write it makes, in turn) or all
of them (no room at all), says "not saved" on the screen and goes on; with
no room at all the record it loaded is kept, still loading to its
``.state``, and with one write refused what is kept is whole. Runs on CPython
and MicroPython."""

import binascii

from corpus_state import storage_state
from firmware import web_runner
from firmware.hw import web

A = 16  # firmware.hal's
B = 32
UP = 1
DOWN = 2
LEFT = 4
RIGHT = 8

_HERE = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
RECORDS = _HERE + "/corpus/records"
SAVES = _HERE + "/corpus/saves"
MODES = {"game": "play", "keeper": "keeper", "settings": "settings"}


def _read(path):
    with open(path, "rb") as f:
        return f.read()


def _files(folder, kind):
    import os

    return [
        n for n in sorted(os.listdir(folder)) if n.startswith(kind + "-") and n.endswith(".rec")
    ]


def _value(data):
    """What the web store keeps for ``data``: hex, or, for a corpus file of
    printable text that is not hex, that text as it is (what a page or a
    person left there)."""
    hexed = binascii.hexlify(data).decode()
    if data and all(32 <= b < 127 for b in data):
        text = data.decode()
        try:
            binascii.unhexlify(text)
        except (ValueError, TypeError):
            return text
    return hexed


class FullKV(web.MemoryKV):
    """localStorage with no room for the writes to ``refused`` (None: for
    any): setItem raises, as Chromium's QuotaExceededError does, or
    (``answer``) returns its text, as web/app.js's store does. ``tried``:
    the keys written to."""

    def __init__(self, items, refused=None, answer=False):
        web.MemoryKV.__init__(self, items)
        self.refused = refused
        self.answer = answer
        self.tried = []

    def setItem(self, key, value):
        self.tried.append(key)
        if self.refused is None or key in self.refused:
            what = "Failed to execute 'setItem' on 'Storage': exceeded the quota."
            if self.answer:
                return what
            raise OSError(what)
        self.items[key] = value
        return None


def _runner(kv, mode):
    from firmware import boot

    board = boot.load_board("pico")
    r = web_runner.Runner(web.make(board, web.KeyStorage(kv)), board)
    r.step(0, 0)
    r.app.open(mode)
    return r


class Clock:
    def __init__(self, r):
        self.r = r
        self.t = 20

    def run(self, mask, ms):
        for _ in range(max(1, ms // 20)):
            self.r.step(mask, self.t)
            self.t += 20

    def tap(self, mask):
        self.run(mask, 100)
        self.run(0, 200)


def _said(r, c=None):
    """The screen's text; with a clock ``c``, a long message's too, scrolled
    through with DOWN as a reader would."""
    lines = r.screen_lines()
    if c is not None and hasattr(r.app.top(), "lines"):  # a message
        for _ in range(len(r.app.top().lines)):
            c.tap(DOWN)
            for ln in r.screen_lines():
                if ln not in lines:
                    lines.append(ln)
    return " ".join(lines)


def _play_step(c):
    # one press of what a player would press (web/tests/storage.mjs's playStep)
    t = c.r.app.top()
    tb = getattr(t, "table", None)
    key = A
    if tb is not None and tb.page == 0 and tb.mode == 1:  # firmware.play.table.DISCARD
        want = 1 if tb.marked else 0
        key = A if tb.cursor == want else (RIGHT if tb.cursor < want else LEFT)
    c.tap(key)


def _saving_step(kind, c, i):
    """The next press of a change that saves record ``kind``."""
    if kind == "game":
        _play_step(c)
    elif kind == "keeper":
        top = c.r.app.top()
        c.tap(UP if hasattr(top, "ki") else A)  # a message over it closed first
    else:  # the settings: a change, then B leaves them, which saves
        c.tap(RIGHT if i % 2 == 0 else B)


def test_each_refused_record_in_both_copies_is_named_kept_aside_and_a_fresh_start_made():
    seen = 0
    for kind in ("game", "keeper"):
        for name in _files(RECORDS, kind):
            value = _value(_read(RECORDS + "/" + name))
            items = {}
            for copy in (".rec", ".old"):
                items[web.PREFIX + kind + copy] = value
            kv = web.MemoryKV(items)
            r = _runner(kv, MODES[kind])
            c = Clock(r)
            c.run(0, 200)
            said = _said(r, c)
            assert kind + ".rec" in said and kind + ".bad" in said, (name, said)
            assert "starting afresh" in said, (name, said)
            for _ in range(8):  # the first save sets the refused copy aside
                if web.PREFIX + kind + ".bad" in kv.items:
                    break
                _saving_step(kind, c, 0)
            assert kv.items.get(web.PREFIX + kind + ".bad") == value, (name, sorted(kv.items))
            assert r.crashes == 0 and r.app.errors == 0, (name, r.app.last_error)
            seen += value != binascii.hexlify(_read(RECORDS + "/" + name)).decode()
    assert seen == 2  # the game's and the keeper's text that is not hex among them


def _full_storage_case(kind, name, refused, answer):
    data = _read(SAVES + "/" + name)
    text = _read(SAVES + "/" + name[:-4] + ".state").decode()
    want = [ln for ln in text.split("\n") if ln]  # what it loaded to when written
    items = {web.PREFIX + kind + ".rec": binascii.hexlify(data).decode()}
    kv = FullKV(items, refused, answer)
    r = _runner(kv, MODES[kind])
    c = Clock(r)
    c.run(0, 200)
    said = ""
    for i in range(80):  # until the save is tried (with room) or said to fail
        _saving_step(kind, c, i)
        if refused == ():  # room: until both copies of a two-copy record are written
            if len(set([k for k in kv.tried if kind in k])) >= 2:
                break
            continue
        tb = getattr(r.app.top(), "table", None)
        said = _said(r) + " " + (getattr(tb, "msg", "") or "")
        if "not saved" in said.lower():
            break
    assert kv.tried, (name, refused, "no save was made")
    assert refused == () or "not saved" in said.lower(), (name, refused, said)
    assert r.crashes == 0 and r.app.errors == 0, (name, refused, r.app.last_error)
    c.run(0, 500)  # the page goes on
    assert r.crashes == 0 and r.app.errors == 0, (name, refused, r.app.last_error)
    # nothing lost: what is stored still loads to the record it loaded
    kept = web.MemoryKV(dict(kv.items))
    got, problem = storage_state(kind, web.KeyStorage(kept))
    return want, got, problem, kv.tried


def test_each_corpus_save_with_no_room_for_a_write_of_the_next_save_says_not_saved_and_keeps_it():
    for kind in ("game", "keeper", "settings"):
        names = _files(SAVES, kind)
        assert names, kind
        for name in names:
            want, got, problem, _ = _full_storage_case(kind, name, None, False)
            assert got == want and not problem, (name, "no room", problem)
            tried = _full_storage_case(kind, name, (), False)[3]  # room: the writes saves make
            keys = []
            for k in tried:  # each write of that save, refused alone in turn
                if k not in keys and kind in k:
                    keys.append(k)
            assert keys, (name, tried)
            for n, key in enumerate(keys):
                # saves to the other keys go on: what is kept is the last
                # save made, whole (a two-copy record writes one copy a save)
                want, got, problem, _ = _full_storage_case(kind, name, (key,), n % 2 == 1)
                assert got is not None and not problem, (name, key, problem)
