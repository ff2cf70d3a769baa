# portable
"""Power cuts at the friend's table (firmware/screens/friend_table.py): two apps
joined by an in-memory pipe play a match of six fixed deals by pressing A;
one side's power is cut (its app, its link and its memory dropped, its
storage kept) at every frame in which it took a message of the second deal,
from the first message after the first deal's reveal to the third deal's
first message, and rebuilt from storage by "Resume the table". Every time
the match plays on to its end, both sides' logs the same and replaying
clean (engine.logcheck): the side saved each message it took before
anything answered it, so the other side, which no longer keeps what it sent
before a deal's reveal, never has to send that again. Each seat is cut in
turn. Runs on CPython and MicroPython."""

import screentext
from engine import logcheck
from engine.logread import text_lines
from firmware.hal import A
from firmware.hw import host
from friendrig import open_table, table_app, to_menu
from firmware.screens.friend_table import FriendTable

LIMIT = 3000  # frames of one match, some four times what it takes


def _app(ends, n, storage):
    d = table_app(ends, n, storage)
    d.app.settings.set("target", 0)  # six fixed deals
    return d


class Match:
    """Both apps, driven a frame at a time: a side whose player is to
    decide presses A (down two frames, up two, as a press is debounced)."""

    def __init__(self):
        self.ends = []
        self.apps = [_app(self.ends, n, host.DictStorage()) for n in (0, 1)]
        self.tables = [open_table(self.apps[0], False), open_table(self.apps[1], True)]
        self.press = [0, 0]  # frames of the press under way still to go

    def frame(self):
        for i in (0, 1):
            if not self.press[i] and self.tables[i].peer.waiting():
                self.press[i] = 4
            held = self.press[i] > 2
            self.press[i] = max(0, self.press[i] - 1)
            self.apps[i].tick(1, A if held else 0)

    def over(self):
        return all(t.peer.over or t.peer.broken for t in self.tables)

    def cut(self, seat):
        """The power of ``seat`` goes and comes back: a new app over its
        storage, resuming the table from the menu."""
        self.ends.remove(self.tables[seat].link)
        d = _app(self.ends, seat, self.apps[seat].hw.storage)
        to_menu(d)
        text = screentext.drawn_text(d.app, lambda: d.tick(1))
        assert "Resume the table" in text
        d.tap(A)
        t = d.app.top()
        for _ in range(40):  # it opens a step a frame
            if t.link is not None:
                break
            d.tick(1)
        assert isinstance(t, FriendTable) and t.peer.seat == seat
        self.apps[seat] = d
        self.tables[seat] = t
        self.press[seat] = 0


def _mark(peer):
    return peer.next_in, peer.handled


def _cut_frames(seat):
    # the frames of an uncut match in which ``seat`` took a message (into its
    # queue or its journal) during its second deal: from the first after the
    # first deal is shown to the first of the third deal
    m = Match()
    frames = []
    last = _mark(m.tables[seat].peer)
    for f in range(LIMIT):
        m.frame()
        peer = m.tables[seat].peer
        now = _mark(peer)
        if now != last and peer.game is not None:
            deal = peer.game.deal_number
            if deal >= 2:
                frames.append(f)
            if deal == 3:
                break
        last = now
    return frames


def _play(seat, cut_at):
    m = Match()
    for f in range(LIMIT):
        if m.over():
            break
        m.frame()
        if f == cut_at:
            m.cut(seat)
    assert m.over(), "the match did not end (cut at frame %d)" % cut_at
    for d in m.apps:
        d.tick(2)  # the screen writes the log in the frame after the last message
    peers = [t.peer for t in m.tables]
    assert not peers[0].broken and not peers[1].broken, [p.broken for p in peers]
    logs = [d.hw.storage.read("friend.log") for d in m.apps]
    assert logs[0] == logs[1], "the logs differ (cut at frame %d)" % cut_at
    games = list(logcheck.replay_lines(text_lines(logs[0].decode())))
    assert games and games[-1].winner in (0, 1)  # a tied game is played again
    return logs[0]


def _every_cut(seat):
    whole = _play(seat, -1)
    frames = _cut_frames(seat)
    assert len(frames) > 10  # the deal's messages: D, P, K, S, the plays, R, the next D
    for f in frames:
        assert _play(seat, f) == whole  # the same match, cut or not


def test_a_power_cut_on_seat_a_at_every_message_of_a_deal_resumes():
    _every_cut(0)


def test_a_power_cut_on_seat_b_at_every_message_of_a_deal_resumes():
    _every_cut(1)
