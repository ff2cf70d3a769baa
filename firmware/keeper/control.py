"""Button events -> score keeper actions, saved before they are shown.

Draws nothing: a screen reads ``mode``, ``side``, ``pending``, ``message``
and the keeper (``self.keeper``) and draws them. Imports
``firmware`` (its ``drop``), ``firmware.keeper.game``, ``firmware.keys`` and
``firmware.store.records``; ``firmware.keeper.record`` to read a saved keeper,
forgotten after on a device.

Events are the ``(kind, bit)`` tuples of ``firmware.ui.buttons``, ``bit`` one
of ``firmware.keys``' ``UP .. B``:
  ("press", bit)    the button went down
  ("long", bit)     A or B held past the long-press time (once per hold)
  ("repeat", bit)   a d-pad button still held: sent every repeat interval
  ("release", bit)  the button came up
  ("tap", bit)      A or B released without a long press (and not in a chord)
The d-pad acts on press and repeat, so holding UP or DOWN runs. A and B act
on "tap" ("A" below) or on "long" ("long A"), so a long press never does the
short action first, and A and B pressed together (the screen's chord) do
neither.

Modes and buttons:
  "score"   LEFT / RIGHT pick side A / B    UP (or hold) +1 to the picked side
            A      enter a number for the picked side ("number")
            long A his heels: 2 for the dealer; in five-card, at the game's
                   start (nothing entered yet), three for last: 3 to the pone
            DOWN   enter the deal's points ("deal"); 0 and 0 just passes the deal
            B      undo       long B  redo
  "number"  UP / DOWN pending 0..29, LEFT / RIGHT pick side
            A      add it (0 adds nothing)        B cancel
  "deal"    two steps: the pone's number, then the dealer's (0..99)
            UP / DOWN +-1, RIGHT / LEFT +-10
            A      confirm this side; after the dealer's, the deal is entered
            B      back one step (from the pone's: cancel)
  "over"    the game is won. A next game (or new match)
            B undo the winning award     long B redo
Every action that changes the game is saved through ``RecordStore.save``
before ``handle`` returns; if the save fails (OSError) the change is rolled
back and ``message`` says so. The optional ``board`` (a ``Pegboard``) is
updated only after the save.
"""

from firmware import drop
from firmware.keeper.game import MAGIC, SIDES, TIE, VERSION, Keeper
from firmware.keys import DOWN, LEFT, RIGHT, UP, A, B
from firmware.store.records import RecordStore

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  CPython has no const()


_MAX_AWARD = const(29)  # firmware.keeper.game's
_MAX_ENTRY = const(99)  # firmware.keeper.game's
# texts under 11 characters as const()s: as literals they would be names
# interned for good on a device
_REDO = const("redo: ")
_UNDONE = const("undone: ")

SCORE = "score"
NUMBER = "number"
DEAL = "deal"
OVER = "over"


def open_store(storage, name="keeper"):
    return RecordStore(storage, name, MAGIC, VERSION, slots=True)  # one write a save


def _read(data, version=VERSION):
    # the keeper saved in ``data`` (firmware.keeper.record's reading, loaded
    # for it and, on a device, forgotten again: a record is read once a session)
    import sys

    from firmware.keeper.record import from_bytes

    try:
        return from_bytes(data, version)
    finally:
        if sys.implementation.name != "cpython":
            drop("firmware.keeper.record")


class KeeperInput:
    def __init__(self, store, board=None, defaults=None):
        """Resume the saved game from ``store`` (a ``RecordStore``), or start
        a new one; a refused record is reported in ``message``. ``defaults``:
        the device's (target, match length, five, deals), which a match not
        set in the keeper's menu takes while nothing is played in it."""
        self.store = store
        self.board = board
        if defaults is not None and len(defaults) < 4:  # (target, length): six-card
            defaults = (defaults[0], defaults[1], False, 0)
        self.defaults = defaults
        self.side = 0
        self.pending = 0
        self.step = 0  # deal mode: 0 = pone's number, 1 = dealer's
        self.pone_points = 0
        self.message = ""
        self._loaded = None
        payload, version, problem = store.load(self._check)
        keeper = self._loaded
        self._loaded = None
        if keeper is None:
            keeper = Keeper()
        if problem:
            self.message = problem
        if defaults is not None:
            keeper.follow(*defaults)  # saved with the next change
        self.keeper = keeper
        self.mode = OVER if keeper.over() else SCORE
        self._sync_board(False)

    def _check(self, payload, version):
        # RecordStore.load's check: the keeper a record holds, kept for __init__
        try:
            self._loaded = _read(payload, version)
        except ValueError as e:
            self._loaded = None
            return str(e)
        return None

    # ---- saving
    def _commit(self, before, change, forward=True):
        """Run ``change()`` on the keeper and save; roll back on failure."""
        try:
            change()
        except ValueError as e:
            self.message = str(e)
            return False
        try:
            self.store.save(self.keeper.to_bytes())
        except OSError as e:
            self.keeper = _read(before)
            self.message = "not saved (%s): nothing changed" % e
            return False
        self.mode = OVER if self.keeper.over() else SCORE
        self._sync_board(forward)
        return True

    def new_match(self, target=121, best_of=1, colors=(0, 1), first_dealer=0, five=False, deals=0):
        """The keeper's menu: start a new match with these settings (saved).
        A game and length other than the device's are the keeper's own:
        later changes of the device's settings leave them alone."""
        before = self.keeper.to_bytes()
        d = self.defaults
        own = d is not None and (
            (0 if deals else target, best_of, five, deals)
            != ((0 if d[3] else d[0]), d[1], bool(d[2]), d[3])
        )
        try:
            k = Keeper(target, best_of, colors, first_dealer, own, five, deals)
        except ValueError as e:
            self.message = str(e)
            return False

        def change():
            self.keeper = k

        if self._commit(before, change, False):
            if deals:
                self.message = "new match: %d deals, best of %d" % (deals, best_of)
            else:
                self.message = "new match: to %d, best of %d" % (target, best_of)
            return True
        return False

    def _sync_board(self, forward):
        b = self.board
        if b is None:
            return
        k = self.keeper
        if b.target != k.target:
            b.set_target(k.target)
        b.set_deals(k.deals - k.deal_number + 1 if k.deals and not k.over() else 0)
        for s in (0, 1):
            c = k.color(s)
            b.set_color(s, c[0], c[1], c[2])
        for s in (0, 1):
            f, r = k.pegs(s)
            if f != b.front[s] or r != b.rear[s]:
                b.set_pegs(s, f, r, forward and f > b.front[s])
        b.celebrate(k.winner if k.winner != TIE else -1)

    # ---- events
    def handle(self, event):
        """Act on one ``(kind, bit)`` event; True when anything changed. A
        and B act on "tap" and "long" (``firmware.ui.buttons``), the d-pad on
        "press" and "repeat"."""
        kind, bit = event
        if bit == A or bit == B:
            if kind == "tap":
                return self._act("press", bit)
            if kind == "long":
                return self._act("long", bit)
            return False
        if kind == "press" or kind == "repeat":
            return self._act(kind, bit)
        return False

    def _act(self, kind, bit):
        self.message = ""
        if self.mode == SCORE:
            return self._score(kind, bit)
        if self.mode == NUMBER:
            return self._number(kind, bit)
        if self.mode == DEAL:
            return self._deal(kind, bit)
        return self._over(kind, bit)

    def _add(self, side, points):
        k = self.keeper
        if self._commit(k.to_bytes(), lambda: k.add(side, points)):
            self.message = "%s +%d = %d" % (SIDES[side], points, k.scores[side])
            self._won()

    def _won(self):
        k = self.keeper
        if k.winner == TIE:
            self.message = "a tie %d-%d" % (k.scores[0], k.scores[1])
        elif k.over():
            sk = k.skunk()
            self.message = "%s wins %d-%d%s" % (
                SIDES[k.winner],
                k.scores[k.winner],
                k.scores[k.winner ^ 1],
                (" " + sk) if sk else "",
            )

    def _undo(self, redo=False):
        k = self.keeper
        if not (k.can_redo() if redo else k.can_undo()):
            self.message = "nothing to redo" if redo else "nothing to undo"
            return True
        what = "" if redo else k.describe(k.last_action())
        if self._commit(k.to_bytes(), k.redo if redo else k.undo, redo):
            if redo:
                self.message = _REDO + k.describe(k.last_action())
                self._won()
            else:
                self.message = _UNDONE + what
        return True

    def _score(self, kind, bit):
        k = self.keeper
        if bit == UP:
            self._add(self.side, 1)
        elif kind == "repeat":
            return False
        elif bit == LEFT or bit == RIGHT:
            self.side = 0 if bit == LEFT else 1
        elif bit == A:
            if kind == "long" and k.can_start():  # five-card: three for last
                if self._commit(k.to_bytes(), k.three_for_last):
                    self.message = "3 for last: %s +3" % SIDES[k.dealer ^ 1]
            elif kind == "long":
                if self._commit(k.to_bytes(), k.heels):
                    self.message = "heels: %s +2" % SIDES[k.dealer]
                    self._won()
            else:
                self.mode = NUMBER
                self.pending = 0
        elif bit == DOWN:
            self.mode = DEAL
            self.step = 0
            self.pending = 0
        elif bit == B:
            self._undo(kind == "long")
        return True

    def _number(self, kind, bit):
        if bit == UP:
            self.pending = min(_MAX_AWARD, self.pending + 1)
        elif bit == DOWN:
            self.pending = max(0, self.pending - 1)
        elif kind == "repeat":
            return False
        elif bit == LEFT or bit == RIGHT:
            self.side = 0 if bit == LEFT else 1
        elif bit == A:
            self.mode = SCORE
            if self.pending:
                self._add(self.side, self.pending)
            else:
                self.message = "0: nothing added"
        elif bit == B:
            self.mode = SCORE
        return True

    def _deal(self, kind, bit):
        if bit in (UP, DOWN, LEFT, RIGHT):
            step = 1 if bit in (UP, DOWN) else 10
            if bit in (DOWN, LEFT):
                step = -step
            self.pending = max(0, min(_MAX_ENTRY, self.pending + step))
        elif kind == "repeat":
            return False
        elif bit == A:
            if self.step == 0:
                self.pone_points = self.pending
                self.step = 1
                self.pending = 0
            else:
                k = self.keeper
                pone, dealer = self.pone_points, self.pending
                who = k.dealer

                def change():
                    k.deal_entry(pone, dealer)

                if self._commit(k.to_bytes(), change):
                    self.message = "%s %d, %s %d" % (SIDES[who ^ 1], pone, SIDES[who], dealer)
                    self._won()
                else:
                    self.mode = DEAL
        elif bit == B:
            if self.step == 1:
                self.step = 0
                self.pending = self.pone_points
            else:
                self.mode = SCORE
        return True

    def _over(self, kind, bit):
        k = self.keeper
        if kind == "repeat":
            return False
        if bit == B:
            return self._undo(kind == "long")
        if bit == A and kind == "press":

            def change():
                k.new_game()
                if self.defaults is not None:  # a new match: the device's settings again
                    k.follow(*self.defaults)

            if self._commit(k.to_bytes(), change, False):
                self.message = "game %d: %s deals" % (k.game_no, SIDES[k.dealer])
            return True
        self._won()
        return True
