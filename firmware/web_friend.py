"""Play a friend from the web page: the page's table wired to the app. The
page's link (firmware.hw.web_table's ``PageLink``, over the page's
WebSocket to the table server) is made here for each side the "Play a
friend" screen opens (firmware/screens/friend_table.py), and a page opened
by a table's link opens that table in the first app the page's runner
(firmware.web_runner) builds.

``wire(runner, sock, room, seat, saved)``: what the page calls once, after
``firmware.web_runner.start``. Gives the runner's hardware its
``table_link``; with a ``room`` (the page's address said ``?room=CODE``,
seat ``"a"`` for the side that opened it) the first app opens that table at
once (``open_table``), resuming the saved side (``friend.tbl``) when it is
of that seat. ``saved`` is the room the page last sat in (the "Resume the
table" entry of the menu goes back to it). Each link saves its side after
each frame that took a message of the other side (``keep``).
Imports ``firmware.hw.web_table``; ``firmware.screens.friend_table``,
``firmware.store.table_save`` and ``engine.table.resume`` when the table
opens or a side is saved.
"""

from firmware.hw.web_table import PageLink


def _room(text):
    text = (text or "").strip().upper()
    return text or None


def wire(runner, sock, room="", seat="", saved=""):
    """The page's table: see the module docstring."""
    room = _room(room)
    saved = _room(saved)
    at = 0 if seat == "a" else 1

    def make(peer):
        # a side resumed, or opened from the page's address, goes back to its
        # room; a new table from the menu asks the server for a new code
        fresh = peer.next_in <= 1 and not peer.journal
        known = room if room is not None and peer.seat == at else None
        if known is None and not fresh:
            known = saved
        return PageLink(peer, sock, known, peer.seat == 0, lambda p: keep(runner.hw.storage, p))

    runner.hw.table_link = make
    if room is not None:
        runner.opening = lambda app: open_table(app, at)


def keep(storage, peer):
    """The side saved as the friend screen saves it (firmware.store.table_save),
    so a reload resumes from the last message taken; a full store is said by
    the screen's own save."""
    from firmware.store.table_save import save_side

    save_side(storage, peer)


def open_table(app, seat):
    """The friend's table at once (the page opened by its link): the saved
    side when it is of this seat, else a new one."""
    from firmware.screens.friend_table import FriendTable
    from firmware.store.table_save import saved

    if app.mode != "friend":
        app.open("friend")
    peer = None
    data = saved(app.hw.storage)
    if data:
        from engine.table.resume import restore

        try:
            peer = restore(data)
        except (ValueError, IndexError):
            peer = None  # the menu's "Resume the table" says why
        if peer is not None and peer.seat != seat:
            peer = None
    table = FriendTable(seat)
    table.peer = peer
    app.push(table)
