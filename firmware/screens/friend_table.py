"""A friend's table: one side of a match (engine.table.peer), the other
player on their own device. The table shows the scores, the count and the
cards on the pile, the hand; the LED board (where there is one) pegs both
sides' scores, this side's as player 0. LEFT/RIGHT choose a card, A marks
two for the crib or plays one (A with no card that fits says go); a line
says what happened, and "Waiting", "Dealing" or "Link lost: paused" when
the game waits. It opens a step a frame (the table's code still to load,
the side, its first save, the link: firmware.screens.friend_link). The deal's work is
done a step a frame (``STEP``, one exponentiation with the 256-bit prime),
the status saying how far it is ("Shuffling 12/52", "Dealing 3/6",
"Checking 40/65"), so no frame holds the screen still; on a device the
heap is collected in a frame of its own before the first step and after
every ``COLLECT_EVERY`` steps, so that a collection seldom falls in a
power's frame. B leaves for the menu.
After each decision, and after each message of the other side it takes,
the side is saved (firmware.store.table_save) in a frame of its own,
before anything answering it goes: after a power cut or leaving, the
menu's "Resume the table" comes back to it (its saved messages fed again a
step a frame) and the other side sends again what it missed, which it
still has (it forgets what it sent before a deal's reveal once the deal is
over). The match's log is written to ``friend.log`` when it ends
(docs/gamelog.md, the same on both devices). Imports ``engine.crc``,
``engine.gamelog``, ``engine.table.peer``,
``engine.table.settings`` (``TABLE_CODE``), ``firmware.keys``,
``firmware.ui.screen``, ``firmware.screens.friend_link``,
``firmware.store.table_save``; ``firmware.fast`` where viper is
(its CRC handed to engine.crc for the messages' and the save's checksums);
``gc`` and ``sys`` where used.
"""

from firmware.keys import A, B, LEFT, RIGHT
from firmware.screens.friend_link import open_link, secret
from firmware.store.table_save import drop_save, save_log, save_side
from firmware.ui.screen import MessageScreen, Screen, title_bar

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  CPython has no const()

try:  # the messages' and the save's checksums in machine code (a deck's is long)
    import micropython  # noqa: F401  only where viper is

    from engine import crc
    from firmware.fast import crc16 as _fast_crc

    crc.use(_fast_crc)
except (ImportError, SyntaxError):  # CPython, CircuitPython: engine.crc's own
    pass

# work steps between collections of the heap, each in a frame of its own:
# on a device the steps allocate, and a collection falling in the middle
# of a power's frame takes that frame past 100 ms
COLLECT_EVERY = const(32)
STEP = const(1024)  # the work of a frame: one 256-bit power (engine.table.deal)
# the table's code (the rules, the protocol and its cryptography), each after
# what it imports: loaded a module a frame after the menu's first, so neither
# the mode's first frame nor any other waits for all of it
TABLE_CODE = (
    "engine.cards", "engine.score", "engine.rng", "engine.view", "engine.deal", "engine.game",
    "engine.table.sra", "engine.table.settings", "engine.gamelog", "engine.crc",
    "engine.table.frame", "engine.table.standing", "engine.table.deal", "engine.table.hidden",
    "engine.table.replay", "engine.table.work", "engine.table.peer",
)  # fmt: skip
_loaded = []  # of TABLE_CODE, in order


def load_table_code():
    """The next module of ``TABLE_CODE`` taken in (imported where it is not
    yet): True when it was imported, False when it was there already, None
    when all of it is in. The menu calls it once a frame while nothing is
    pressed; a table opening calls it till None, a frame each import."""
    import sys

    for name in TABLE_CODE:
        if name not in _loaded:
            _loaded.append(name)
            if name in sys.modules:
                return False
            __import__(name)
            return True
    return None


def _collect():
    # True when the heap was collected (a device's MicroPython or
    # CircuitPython; CPython's collector is another matter)
    import sys

    if sys.implementation.name == "cpython":
        return False
    import gc

    gc.collect()
    return True


class FriendTable(Screen):
    def __init__(self, seat):
        self.seat = seat
        self.peer = None
        self.link = None
        self.cursor = 0
        self.marked = []
        self.said = "Connecting"
        self.notes = 0
        self.saved = False
        self.now = 0
        self.kept = 0  # ``peer.handled`` when last saved
        self.wrote = False  # saved in this frame
        self.opening = None  # the opening's steps still to run (``_open``)
        self.pegged = None  # the game the LED board shows
        self.worked = COLLECT_EVERY  # work steps since the last collection (the first after one)

    def enter(self):
        if self.link is None and self.opening is None:
            self.opening = self._open()
            self._opens()  # its first step in this frame (a resumed side: the link)

    def _opens(self):
        try:
            next(self.opening)
        except StopIteration:
            self.opening = None

    def _open(self):
        # the table opened a step a frame (none holds the screen still): the
        # table's code the menu did not load yet, a module a frame; the side;
        # its first save; the link
        while True:
            loaded = load_table_code()
            if loaded is None:
                break
            if loaded:
                yield
        if self.peer is None:  # not resumed from the save
            s = self.app.settings
            settings = None
            if self.seat == 0:
                try:
                    prime = getattr(self.app.hw, "table_prime", "p256")  # tests: "t31"
                    from engine.table.settings import Settings

                    settings = Settings(
                        getattr(s, "match", 1), s.target or None, s.variant, s.deals, prime
                    )
                except ValueError as e:
                    self.app.replace(MessageScreen("Play a friend", str(e)))
                    return
            from engine.table.peer import Peer

            peer = Peer(self.seat, secret(self.app.hw), settings)
            peer.step = STEP
            self.peer = peer
            yield
            self._save()
            yield
        self._connect()

    def _connect(self):
        self.link = open_link(self.app, self.peer)
        if self.link is None:
            self.app.replace(MessageScreen("Play a friend", "This device has no link."))

    def _hand(self):
        g = self.peer.game
        return [] if g is None else g.hands[self.seat]

    def update(self, dt, events):
        if self.opening is not None:
            for kind, bit in events:
                if kind == "press" and bit == B:  # leaving while it opens
                    self.opening = None
                    self.app.pop()
                    return True
            self._opens()
            return True
        peer = self.peer
        if peer is None or self.link is None:
            return False
        self.now += dt
        self.wrote = False
        moved = False
        if peer.replaying:  # the save's own journal fed again: nothing new to save
            self.kept = peer.handled
        for kind, bit in events:
            if kind != "press":
                continue
            if bit == B:
                self._keep()
                self.app.pop()
                return True
            moved = self._key(bit) or moved
        self._keep()
        if self.wrote:
            # a frame that saved (a decision, or a message taken) does nothing
            # else: its message goes, and the next one comes, in the next
            moved = True
        else:
            linked = self.link.poll(self.now)
            # a step of the deal's work, the screen showing how far it is;
            # not in a frame that carried a message (a deck is a long one to
            # check: docs/firmware-figures.md)
            if linked:
                moved = True
            elif self.worked >= COLLECT_EVERY and _collect():
                self.worked = 0  # this frame's time was the collection's
            elif peer.work():
                self.worked += 1
                moved = True
        if len(peer.notes) != self.notes:
            self.notes = len(peer.notes)
            self.said = peer.notes[-1][:40]
            moved = True
        g = peer.game
        if g is not None:
            peg = self.app.pegboard
            if peg is not None and g is not self.pegged:
                self._peg_game(peg, g)
            for e in g.take_events():
                if e[0] in ("play", "go", "score", "starter", "end"):
                    from engine.gamelog import line

                    self.said = line(e)
                    moved = True
                    if peg is not None:
                        self._peg(peg, e)
        if (peer.over or peer.broken) and not self.saved:
            self.saved = True
            self._save_log()
            drop_save(self.app.hw.storage)
        return moved

    def _peg_game(self, peg, g):
        # the LED board shows this game (a new one of the match, or a side
        # resumed): its target, both sides' scores, this side's as player 0
        self.pegged = g
        peg.celebrate(-1)
        peg.set_target(g.target)
        me = self.seat
        for seat in (me, 1 - me):
            peg.set_pegs(0 if seat == me else 1, g.scores[seat], g.scores[seat])

    def _peg(self, peg, e):
        # a score walks its side's front peg on; the game's end chases the winner's track
        me = self.seat
        if e[0] == "score":
            peg.set_pegs(0 if e[1] == me else 1, e[3], e[3] - e[2], True)
        elif e[0] == "end":
            peg.celebrate(-1 if e[1] > 1 else 0 if e[1] == me else 1)  # 2: a tie (V6)

    def _keep(self):
        # a message of the other side taken since the last save: saved before
        # anything answers it, so a power cut resumes from it even once the
        # other side, its deal revealed, no longer keeps what it sent before
        peer = self.peer
        if self.saved or self.wrote or peer.replaying:
            return  # the match over (its save gone), or saved this frame
        if peer.handled != self.kept:
            self._save()

    def _save(self):
        # after each decision, before its message goes: a power cut resumes
        # from here (engine.table.resume), the other side sending again what
        # came since
        self.wrote = True
        self.kept = self.peer.handled
        why = save_side(self.app.hw.storage, self.peer)
        if why is not None:
            self.said = why

    def _key(self, bit):
        peer = self.peer
        hand = self._hand()
        if not hand:
            return False
        if bit == LEFT or bit == RIGHT:
            self.cursor = (self.cursor + (1 if bit == RIGHT else -1)) % len(hand)
            return True
        if bit != A or not peer.waiting():
            return False
        g = peer.game
        self.cursor = min(self.cursor, len(hand) - 1)
        if g.phase == "discard":
            card = hand[self.cursor]
            if card in self.marked:
                self.marked.remove(card)
            else:
                self.marked.append(card)
                self.cursor = (self.cursor + 1) % len(hand)
            if len(self.marked) == 2:
                peer.act(tuple(self.marked))
                self.marked = []
                self.cursor = 0
                self._save()
            return True
        fits = [c for c in hand if g.can_play(self.seat, c)]
        if not fits:
            peer.act(None)
        else:
            card = hand[self.cursor]
            peer.act(card if card in fits else fits[0])
            self.cursor = 0
        self._save()
        return True

    def _save_log(self):
        if not save_log(self.app.hw.storage, self.peer.log):
            self.said = "The log was not saved"

    def _status(self):
        peer = self.peer
        if peer is None:  # still opening
            return self.said
        g = peer.game
        if peer.broken:
            return "Match broken off"
        if peer.over:
            won = peer.wins[self.seat] > peer.wins[1 - self.seat]
            return "Match over: you won" if won else "Match over: they won"
        if not getattr(self.link, "connected", True):
            return "Link lost: paused"
        if g is None:
            return "Connecting"
        dl = peer.deal
        if peer.busy() and dl is not None and dl.size:
            return "%s %d/%d" % (dl.task, dl.done, dl.size)
        if g.pending == "deal":
            return "Dealing"
        if peer.waiting():
            return "Lay away two" if g.phase == "discard" else "Your turn"
        return "Waiting"

    def draw(self, cv):
        peer = self.peer
        title_bar(cv, "Play a friend")
        if peer is None:
            cv.text(self._status(), 0, 20)
            return
        g = peer.game
        if g is not None:
            me = self.seat
            cv.text("You %d  Them %d" % (g.scores[me], g.scores[1 - me]), 0, 11)
            if g.phase == "play":
                cv.right("=%d" % g.count, 127, 11)
            hand = self._hand()
            chosen = 0
            for i in range(len(hand)):
                if hand[i] in self.marked:
                    chosen |= 1 << i
            if hand:
                cv.hand(hand, 29, self.cursor % len(hand), 0, 0, chosen)
        cv.text(self.said[:21], 0, 20)
        cv.text(self._status()[:21], 0, 56)
