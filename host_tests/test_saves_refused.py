# portable
"""A damaged, cut-short, foreign or future-version file of each kind of save
(settings, the score keeper, the game in progress, the statistics, the
last-mode record), and each of host_tests/corpus/records/, is said on screen
in plain words and the good copy before it is used, through the whole app
(issues 7, 11.1, 11.5); the next save keeps the refused file aside as .bad,
never over the good copy; a save too large to read is refused unread and
the good copy resumed (issue 11.2). Runs on CPython and MicroPython."""

from driver import Driver
from engine.restore import load_match
from firmware.hal import A, UP
from firmware.hw import host
from firmware.play.match_start import split
from firmware.store.records import pack
from playdriver import play_game, screen, wait_for_you
from savecuts import open_play
from screentext import drawn_text


def shown(d):
    """What the top screen shows, as text."""
    return drawn_text(d.app, lambda: d.tick(1))


DAMAGE = (
    ("damaged", "damaged"),
    ("short", "cut short"),
    ("foreign", "is not a"),
    ("future", "newer firmware"),
)


def spoil(data, how):
    if how == "damaged":
        data = bytearray(data)
        data[11] ^= 0x55  # the first byte of the payload
        return bytes(data)
    if how == "short":
        return data[: len(data) - 3]
    payload = data[11:-2]
    seq = (data[5] << 24) | (data[6] << 16) | (data[7] << 8) | data[8]
    if how == "foreign":
        return pack(b"JUNK", data[4], seq, payload)
    return pack(data[0:4], data[4] + 1, seq, payload)


def two_saves(st, first, second):
    b = Driver.device(st)
    first(b)
    second(b)
    b.follow()  # an app that ended: its record written, as firmware.main does
    return st


def corpus(name):
    """The files of host_tests/corpus/records/ for record ``name``: good CRC
    over content the app refuses, and damaged, foreign and future ones."""
    import os

    here = __file__.rsplit("/", 1)[0] if "/" in __file__ else "."
    folder = here + "/corpus/records"
    out = []
    for f in sorted(os.listdir(folder)):
        if f.startswith(name + "-") and f.endswith(".rec"):
            with open(folder + "/" + f, "rb") as fh:
                out.append((f, fh.read()))
    assert len(out) >= 5, (name, out)
    return out


def copies(files, name):
    """(the newest, the other) of record ``name``'s two files: .rec and .old,
    or for a store of two slots (records.py) whichever holds the newer
    sequence number."""
    rec, old = name + ".rec", name + ".old"
    if rec in files and old in files:
        a, b = files[rec], files[old]
        if (b[5:9] > a[5:9]) if len(a) > 8 and len(b) > 8 else False:
            return old, rec
    return rec, old


def refused_corpus(name, first, second, opener, state, resave):
    """issue 11.1/11.5: each corpus record of ``name`` put over the newest
    copy beside a good older one is named on screen, the good copy is used,
    and the next save (``resave``) keeps the refused file aside as .bad,
    never over the good copy."""
    for what, bad in corpus(name):
        st = two_saves(host.DictStorage(), first, second)
        newest, other = copies(st.files, name)
        old_file = st.files[other]
        st.files[newest] = bad
        b = Driver.device(st)
        opener(b)
        text = shown(b)
        assert newest in text, (what, text)
        assert b.app.errors == 0, (what, b.app.last_error)
        assert state(b, old_file[11:-2]) == "first", (what, state(b, old_file[11:-2]))
        resave(b)
        assert st.files.get(name + ".bad") == bad, what
        assert bad not in (st.files.get(newest), st.files.get(other)), what  # not a copy


def refused(name, first, second, opener, state, cut_like=()):
    """Two saves of record ``name``; its newest copy spoiled each way: the
    app says so in words and uses the copy before it (``state(board,
    payload)`` is "first" when the app holds what ``payload``, that copy's,
    says, "fresh" for a new start); with that copy gone too it starts
    afresh. The spoilings in ``cut_like`` are, beside the copy before it,
    what a cut write leaves in a store of two slots (records.py): the same,
    but nothing said."""
    for how, words in DAMAGE:
        for keep_old in (True, False):
            st = two_saves(host.DictStorage(), first, second)
            newest, other = copies(st.files, name)
            old = st.files[other][11:-2]  # its payload (records.py's layout)
            st.files[newest] = spoil(st.files[newest], how)
            if not keep_old:
                st.files.pop(other)
            b = Driver.device(st)
            opener(b)
            text = shown(b)
            if how in cut_like and keep_old:  # alone, it cannot be a cut: said
                assert "short" not in text and newest not in text, (name, how, text)
            else:
                assert words in text, (name, how, text)
            assert b.app.errors == 0
            expect = "first" if keep_old else "fresh"
            assert state(b, old) == expect, (name, how, keep_old, state(b, old))


def test_refused_settings_are_said_and_the_good_copy_used():
    def first(b):
        b.app.settings.set("difficulty", "hard")
        b.app.settings.save()

    def second(b):
        b.app.settings.set("target", 61)
        b.app.settings.save()

    def state(b, old):
        s = b.app.settings
        if bytes(s.index) == old:
            return "first"
        return "fresh" if (s.difficulty, s.target) == ("medium", 121) else "?"

    refused("settings", first, second, lambda b: None, state)

    def resave(b):
        b.app.settings.set("muggins", True)
        assert b.app.settings.save()

    refused_corpus("settings", first, second, lambda b: None, state, resave)


def test_refused_keeper_saves_are_said_and_the_good_copy_used():
    def first(b):
        b.open("keeper")
        b.press(UP, 2)

    def second(b):
        b.press(UP)
        b.app.home()

    def state(b, old):
        # the keeper screen: under the message that tells a refused copy whole
        k = [s for s in b.app.stack if hasattr(s, "ki")][-1].ki.keeper
        if k.to_bytes() == old:
            return "first"
        return "fresh" if k.scores == [0, 0] and not k.actions else "?"

    # the keeper's store has two slots: its newest copy cut short is a cut write
    refused("keeper", first, second, lambda b: b.open("keeper"), state, cut_like=("short",))

    def resave(b):
        if not hasattr(b.app.top(), "ki"):
            b.press(A)  # the message read: closed
        b.press(UP)

    refused_corpus("keeper", first, second, lambda b: b.open("keeper"), state, resave)


def test_refused_game_saves_are_said_and_the_good_copy_used():
    def first(b):
        d = open_play(b)
        play_game(d, 9, decisions=1)
        wait_for_you(d)

    def second(b):
        d = b
        play_game(d, 9, decisions=1)
        wait_for_you(d)
        b.app.home()  # save and quit

    def opener(b):
        b.open("play")

    def state(b, old):
        # that copy's game, maybe gone on by the computer's move (nothing said
        # of a cut write stops the screen)
        s = screen(b)
        moves = bytes(s.game.moves)
        want = bytes(load_match(split(old)[0]).game.moves)
        if len(want) > 4 and moves[: len(want)] == want:
            return "first"
        return "fresh" if len(s.game.moves) <= 4 else "?"  # at most the computer's discard

    # the game's store has two slots, as the keeper's: its newest copy cut short is a cut write
    refused("game", first, second, opener, state, cut_like=("short",))

    def resave(b):
        b.press(A)  # the message about the refused file closes
        second(b)

    refused_corpus("game", first, second, opener, state, resave)


def _stats_saved(games, name="stats"):
    # the rig's step that saves statistics of ``games`` games in record ``name``
    from firmware.store.stats import Stats

    def put(b):
        s = Stats(b.hw.storage, name)
        s.load()
        s.games = games
        s.wins = 1
        s.deals = 10 * games
        assert s.save()

    return put


def test_refused_statistics_are_said_and_the_good_copy_used():
    def state(b, old):
        st = b.app.stack[1].stats
        if st.payload() == old:
            return "first"
        return "fresh" if st.games == 0 else "?"

    refused("stats", _stats_saved(3), _stats_saved(4), lambda b: b.open("stats"), state)
    refused_corpus(
        "stats", _stats_saved(3), _stats_saved(4), lambda b: b.open("stats"), state, _stats_saved(5)
    )


def test_refused_five_card_and_fixed_deal_statistics_are_said_and_the_good_copy_used():
    # their own impossibilities (a tie to a target, a double skunk to 61, a
    # skunk in fixed deals) as every other refused record
    for name in ("stats5", "statsd"):

        def saved(games, name=name):
            return _stats_saved(games, name)

        def state(b, old, name=name):
            shown_kinds = [k for k in b.app.stack[1].kinds if k.name == name]
            st = shown_kinds[0] if shown_kinds else None
            if st is not None and st.payload() == old:
                return "first"
            return "fresh" if st is None or st.games == 0 else "?"

        refused_corpus(name, saved(3), saved(4), lambda b: b.open("stats"), state, saved(5))


def test_refused_mode_record_is_said_and_the_menu_used():
    for how, words in DAMAGE:
        st = host.DictStorage()
        b = Driver.device(st)
        b.open("keeper")
        st.files.pop("mode.old", None)
        st.files["mode.rec"] = spoil(st.files["mode.rec"], how)
        b = Driver.device(st)
        text = shown(b)
        if how == "short":  # what a cut write leaves in two copies (records.py's slots)
            assert "short" not in text and "mode.rec" not in text, text
        else:
            assert words in text and "mode.rec" in text, (how, text)
            b.press(A)
        assert len(b.app.stack) == 1 and b.app.errors == 0


class HugeGame(host.DictStorage):
    """game.rec is 1 MB: reading it would fail a device (MemoryError)."""

    def size(self, name):
        if name == "game.rec" and self.files.get(name) == b"huge":
            return 1 << 20
        return host.DictStorage.size(self, name)

    def read(self, name):
        if name == "game.rec" and self.files.get(name) == b"huge":
            raise MemoryError("memory allocation failed, allocating 1048576 bytes")
        return host.DictStorage.read(self, name)


def test_a_huge_game_save_is_refused_unread_and_the_good_copy_resumed():
    # issue 11.2: MemoryError on load started a new match, whose first save
    # turned the junk into game.old and lost the game
    st = HugeGame()
    b = Driver.device(st)
    d = open_play(b)
    play_game(d, 9, decisions=2)
    wait_for_you(d)
    b.app.home()  # save and quit
    b.follow()  # the record of the menu written, as firmware.main does
    good = st.files["game.rec"]
    st.files["game.old"] = good
    st.files["game.rec"] = b"huge"
    b = Driver.device(st)
    b.open("play")
    text = shown(b)
    assert "game.rec is too large" in text, text
    assert b.app.errors == 0, b.app.last_error
    moves = bytes(load_match(split(good[11:-2])[0]).game.moves)  # the record's payload
    assert bytes(screen(b).game.moves) == moves  # the good copy resumed
    b.press(A)
    d = b
    play_game(d, 9, decisions=1)
    b.app.home()
    assert st.files["game.bad"] == b"huge" and st.files["game.old"] != b"huge"
