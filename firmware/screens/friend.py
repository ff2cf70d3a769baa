"""Play a friend: the mode's first page (``make``), which opens a table
(seat A, with the game and match length of the settings), joins one (seat
B, taking the settings offered) or, when a side is saved, resumes it; the
table itself is firmware.screens.friend_table's. While nothing is pressed
the menu loads the table's code a module a frame (friend_table's
``TABLE_CODE``, by its ``load_table_code``), so neither the mode's first
frame nor any other waits for all of it. Imports
``firmware.ui.screen``, ``firmware.ui.list_screen``, ``firmware.screens.friend_table``,
``firmware.store.table_save``;
``engine.table.resume`` when a side is resumed.
"""

from firmware.screens.friend_table import FriendTable, STEP, load_table_code
from firmware.store.table_save import drop_save, saved
from firmware.ui.list_screen import ListScreen
from firmware.ui.screen import MessageScreen


class FriendMenu(ListScreen):
    def __init__(self):
        ListScreen.__init__(self, "Play a friend", ["Open a table", "Join a table"])
        self.resumable = False

    def update(self, dt, events):
        changed = ListScreen.update(self, dt, events)
        if not changed:
            load_table_code()  # a module a frame while nothing happens, each kept
        return changed

    def enter(self):
        resumable = saved(self.app.hw.storage) is not None
        if resumable != self.resumable:
            self.resumable = resumable
            items = ["Open a table", "Join a table"]
            self.items = (["Resume the table"] + items) if resumable else items
            self.cursor = 0

    def choose(self, index):
        if self.resumable:
            if index == 0:
                self._resume()
                return
            index -= 1
        seat = getattr(self.app.hw, "table_seat", None)
        self.app.push(FriendTable(index if seat is None else seat))

    def _resume(self):
        from engine.table.resume import restore

        storage = self.app.hw.storage
        try:
            peer = restore(saved(storage) or b"", STEP)  # its work a step a frame
        except (ValueError, IndexError) as e:
            drop_save(storage)
            self.app.push(MessageScreen("Play a friend", "The saved table is lost: %s." % e))
            return
        table = FriendTable(peer.seat)
        table.peer = peer
        self.app.push(table)


def make(app):
    return FriendMenu()
