"""One side of a match at a table: the protocol. ``Peer(seat, secret,
settings)`` (seat 0 opens the table with its settings, seat 1 joins with
None, taking the settings offered, or with the ones it wants) keeps this
side's game (engine.table.hidden) and, per deal, its cryptography
(engine.table.deal); the rules are engine.game's.

A transport gives it bytes with ``feed(data)`` and sends what ``take_out()``
returns; the player's decisions go in by ``act(decision)`` (as ``Game.act``;
``IllegalMove`` when the rules refuse them). What the other side sends is
checked before it changes anything: garbage, a message too long or with a
bad checksum (engine.table.frame), out of sequence, replayed, not due, an
illegal move or a move out of turn is refused, said in ``notes`` and to the
other side in an "E" message. A deal whose check fails after the reveal ends
the match with ``broken`` (the reason). The messages are docs/friend-play.md's
table: E and Q are numbered 0 and change no state, the others from 1 in each
direction; ``journal`` holds each one taken and each decision since the deal
in progress began, from which engine.table.resume rebuilds the side after a
power cut. ``log``, the match's log so far (docs/gamelog.md: each game's start
and its finished deals, packed: engine.table.standing's ``Log``), is the same on both sides.

The work a message or a decision brings (a deal's exponentiations) is done
in order by ``work()`` (engine.table.work): all at once when ``step`` is 0
(``feed`` and ``act`` return with it done), else at most ``step`` of its cost
a call, so a device spreads a deal over frames; ``busy()`` is True until it
is done. With nothing due, seat 0 of a device encrypts the next deal's deck
ahead. Imports engine.game, engine.gamelog, engine.table.deal,
engine.table.frame, engine.table.hidden, engine.table.replay,
engine.table.settings, engine.table.sra, engine.table.standing,
engine.table.work; engine.table.restart when a side is restarted.
"""

from engine.game import GO, TIE, IllegalMove
from engine.gamelog import header, line
from engine.table import standing
from engine.table.deal import Ahead, Cheat, Deal, numbers
from engine.table.frame import Reader, Refused, encode, text
from engine.table.hidden import HiddenGame
from engine.table.replay import Full, record, replay_deal
from engine.table.settings import decode
from engine.table.sra import digest, number, pack, width
from engine.table.work import Worker

VERSION = 1


class Peer(Worker):
    def __init__(self, seat, secret, settings=None):
        self.seat = seat
        self.secret = secret
        self.settings = settings
        self.wanted = settings is not None  # seat 1 joining only with these
        self.reader = Reader()
        self.out = []
        self.sent = {}
        self.notes = []
        self.journal = []
        self.handled = 0  # messages taken into the journal, all told (the screen saves on it)
        self.next_in = self.next_out = 1
        self.gap = 0  # the number asked for when messages came out of order
        self.coin = digest(b"coin", secret)
        self.their_commit = self.their_coin = self.seed = None
        self.wins = [0, 0]
        self.game_no = 0
        self.game = self.full = self.deal = None
        self.log = standing.Log()
        self.broken = None
        self.over = False
        self._boundary = 0
        self.first = None  # the first dealer of the game in progress (None: cut)
        self.snapshot = None  # where the match stood as the deal in progress began
        self.done = bytearray(1)  # the game's finished deals, as saved (engine.table.replay)
        Worker.__init__(self)
        self.ahead = None  # seat 0: the next deal's deck, begun while idle
        self.replaying = False  # the journal is fed again: nothing goes out
        self.asked = None  # meanwhile, the first message the other side asked for
        if seat == 0:
            self._send(b"H", bytes((VERSION,)) + settings.encode() + self._commit())

    # -- the link --------------------------------------------------------------

    def _commit(self):
        return digest(b"commit", self.coin)

    def _send(self, kind, payload=b""):
        seq = 0 if kind in (b"E", b"Q") else self.next_out
        frame = encode(seq, kind, payload)
        if seq:
            self.sent[seq] = frame
            self.next_out += 1
        if not self.replaying:
            self.out.append(frame)
        return frame

    def _send_deck(self, packed):
        # the deck's message; the deal keeps its own deck as a view of the
        # message's bytes, not a second copy (docs/firmware-figures.md)
        frame = self._send(b"D", packed)
        return memoryview(frame)[6 : 6 + len(packed)]  # after magic, length, number, kind

    def _resend(self, n):
        if self.replaying:  # answered once the journal is all fed again
            self.asked = n if self.asked is None else min(n, self.asked)
            return
        for s in range(n, self.next_out):
            if s in self.sent:
                self.out.append(self.sent[s])

    def take_out(self):
        out = self.out
        self.out = []
        return out

    def resume_link(self):
        """After the link comes back: ask for what did not arrive."""
        self._send(b"Q", bytes((self.next_in >> 8, self.next_in & 255)))

    def feed(self, data):
        before = self.reader.dropped
        for seq, kind, payload in self.reader.feed(data):
            self.receive(seq, kind, payload)
        if self.reader.dropped != before:
            self.notes.append("refused from the other side: " + self.reader.why)

    def receive(self, seq, kind, payload):
        if kind == b"E":
            self.notes.append("the other side refused: " + text(payload))
            return
        if kind == b"Q":
            if len(payload) == 2:
                self._resend(payload[0] << 8 | payload[1])
            return
        if seq < self.next_in:
            self._refuse("a message replayed (number %d, %d was due)" % (seq, self.next_in))
            return
        if seq > self.next_in:
            self._refuse("a message out of order (number %d, %d was due)" % (seq, self.next_in))
            if self.gap != self.next_in:  # asked once a gap: each ask brings all again
                self.gap = self.next_in
                self.resume_link()
            return
        self.next_in += 1
        self.inbox.append((seq, kind, payload))
        if not self.step:
            self.work()

    def _idle(self):
        # nothing due: on a device (``step``), seat 0 encrypts the next
        # deal's deck while the play goes on (engine.table.deal.Ahead)
        g = self.game
        if not self.step or self.seat or g is None or g.phase != "play" or self.broken:
            return False
        key = (self.game_no, g.deal_number + 1, 1 - g.dealer)
        if self.ahead is None or self.ahead.key != key:
            self.ahead = Ahead(self.secret, key, self.settings.p, g.five)
            return True  # its key (an inverse) is this call's work
        return self.ahead.step(self.step)

    def _handle(self, item):
        if item is not None and item[0] < 0:  # the journal again (engine.table.resume)
            if item[1] == b"a":
                self._decide(item[2])
            else:  # its end: what it sent went before the cut
                self.replaying = False
                self.notes = []
                self.resume_link()
                if self.asked is not None:
                    self._resend(self.asked)
        elif item is not None:
            seq, kind, payload = item
            self.journal.append(item)
            self.handled += 1
            if self.broken or self.over:
                self._refuse("the match is over")
                return
            try:
                yield from self._take(kind, payload)
            except Refused as e:
                self._refuse(str(e))
            except IllegalMove as e:
                self._refuse("an illegal move: %s" % e)
            except Cheat as e:
                self.broken = "the other side's deal did not check out: %s" % e
                self.notes.append(self.broken)
                self._send(b"E", self.broken[:200].encode())
        yield from self._pump()

    def _refuse(self, why):
        self.notes.append("refused from the other side: " + why)
        self._send(b"E", why[:200].encode())

    # -- decisions -------------------------------------------------------------

    def waiting(self):
        """True when this side's player must decide now."""
        g = self.game
        if g is None or self.broken or self.job is not None or self.inbox:
            return False
        return self.seat in g.waiting()

    def act(self, decision):
        if not self.waiting():
            raise IllegalMove("it is not this player's turn")
        self._decide(decision)
        self.inbox.append(None)
        if not self.step:
            self.work()

    def _decide(self, decision):
        g = self.game
        if g.phase == "discard":
            try:
                c1, c2 = decision
            except (TypeError, ValueError):
                raise IllegalMove("lay away exactly two cards")
            g.discard(self.seat, c1, c2)
            self.deal.mine = (c1, c2)
            self._send(b"K", self.deal.commitment(c1, c2))
            payload = bytes((c1, c2))
        else:
            g.act(self.seat, decision)
            self.deal.plays.append((self.seat, decision))
            payload = bytes((GO if decision is None else decision,))
            self._send(b"M", payload)
        self.journal.append((0, b"a", payload))

    # -- what the other side sends ------------------------------------------------

    def _take(self, kind, payload):
        # a generator: it yields the cost of each step of its work
        g = self.game
        dl = self.deal
        p = self.settings.p if self.settings else 0
        if kind == b"H" and self.seat == 1 and self.their_commit is None:
            if len(payload) != 39 or payload[0] != VERSION:
                raise Refused("a table of another version")
            try:
                offered = decode(payload[1:7])
            except ValueError as e:
                raise Refused("settings refused: %s" % e)
            if self.settings is not None and offered != self.settings:
                raise Refused("these settings are not the ones wanted: " + offered.words())
            self.settings = offered
            self.their_commit = payload[7:]
            self._send(b"A", self._commit())
        elif kind == b"A" and self.seat == 0 and self.their_commit is None:
            if len(payload) != 32:
                raise Refused("a commitment of another size")
            self.their_commit = payload
            self._send(b"C", self.coin)
        elif kind == b"C" and self.their_commit is not None and self.their_coin is None:
            if digest(b"commit", payload) != self.their_commit:
                raise Cheat("its coin is not the one it committed to")
            self.their_coin = payload
            if self.seat == 1:
                self._send(b"C", self.coin)
            coins = (self.their_coin, self.coin) if self.seat else (self.coin, self.their_coin)
            self.seed = number(digest(b"seed", coins[0], coins[1])[:4])
            self._new_game(None)
        elif kind == b"D" and dl and dl.deck is None and (self.seat == 1) == (dl.first is None):
            values = yield from _numbers(payload, p, 52)
            if len(set(values)) != 52:
                raise Refused("a deck with a card twice")
            values = None  # the deck is kept as its bytes (engine.table.deal)
            if self.seat == 1:
                dl.deck = self._send_deck((yield from dl.shuffled_second(payload)))
            else:
                dl.deck = payload
            self._send(b"P", (yield from dl.make_partials()))
        elif kind == b"P" and dl and dl.deck is not None and dl.cards is None:
            yield from _numbers(payload, p, dl.n // 2)
            try:
                cards = yield from dl.take_partials(payload)
            except ValueError as e:
                raise Cheat(str(e))
            g.dealt_in(cards)
        elif kind == b"K" and g and g.phase == "discard" and dl.committed is None and dl.cards:
            if len(payload) != 32:
                raise Refused("a discard of another size")
            g.discard(1 - self.seat, 0, 0)
            dl.committed = payload
        elif kind == b"S" and g and g.pending == "starter" and dl.starter_sent is not None:
            values = yield from _numbers(payload, p, 1)
            try:
                g.starter_in((yield from dl.take_starter(values[0])))
            except ValueError as e:
                raise Cheat(str(e))
        elif kind == b"M" and g and g.phase == "play" and not g.pending and len(payload) == 1:
            card = None if payload[0] == GO else payload[0]
            g.act(1 - self.seat, card)
            dl.plays.append((1 - self.seat, card))
        elif kind == b"R" and dl and dl.revealed and dl.other is None:
            yield from self._reveal_in(payload, p)
        else:
            raise Refused("a message that is not due (%s)" % text(kind))

    def _reveal_in(self, payload, p):
        w = width(p)
        if len(payload) != 2 * w + 18:
            raise Refused("a reveal of another size")
        e = number(payload[:w])
        d = number(payload[w : 2 * w])
        discards = (payload[2 * w], payload[2 * w + 1])
        hand = yield from self.deal.check(e, d, discards, payload[2 * w + 2 :])
        self._finish_deal(hand, discards)
        yield self.deal.cost  # the replay of the deal: a frame's work of its own

    # -- what this side does by itself --------------------------------------------

    def _pump(self):
        # a generator, as ``_take``
        g = self.game
        dl = self.deal
        if g is None or self.broken:
            return
        s = self.settings
        if g.pending == "deal" and (dl is None or dl.other is not None):
            ahead = self.ahead
            self.ahead = None
            key = (self.game_no, g.deal_number + 1, g.dealer)
            if ahead is not None and ahead.key == key:  # its deck begun while idle
                self.deal = dl = ahead.deal
                dl.first = self._send_deck((yield from ahead.rest()))
                ahead = None
                return
            self.deal = dl = Deal(self.seat, self.secret, key[0], key[1], s.p, key[2], g.five)
            yield dl.cost  # the new game and the key: a frame's work of their own
            if self.seat == 0:
                dl.first = self._send_deck((yield from dl.shuffled_first()))
        if g.pending == "starter" and dl.starter_sent is None:
            self._send(b"S", pack([(yield from dl.make_starter())], s.p))
        if (g.pending == "show" or g.winner is not None) and not dl.revealed and dl.mine:
            dl.revealed = True
            self._boundary = self.next_out
            self._send(b"R", pack([dl.e, dl.d], s.p) + bytes(dl.mine) + dl.nonce)

    def _finish_deal(self, hand, discards):
        # the whole deal known: the messages before the reveal are not asked
        # for again; the deal replayed in the full game, then shown
        for s in [x for x in self.sent if x < self._boundary]:
            del self.sent[s]
        g = self.game
        dl = self.deal
        replay_deal(self.full, g, dl, self.seat, hand, discards, self.log)
        if g.winner is not None:
            self._end_game()
            return
        # the game goes on: the journal starts again from where it stands,
        # the finished deals kept as their cards and decisions, in the bytes
        # of a save: a count, then each deal
        self.done[0] += 1
        self.done += record(self.seat, dl, hand, discards)
        self.journal = []
        self.snapshot = standing.mark(self, self.first)

    def _new_game(self, first):
        # a new game starts the journal again, as a new deal does: what came
        # before is where the match stands (engine.table.standing)
        self.done = bytearray(1)
        if self.game is not None:
            self.journal = []
            self.snapshot = standing.mark(self, first)
        self.first = first
        s = self.settings
        seed = self.seed + self.game_no
        self.game = HiddenGame(self.seat, seed, s.target or None, first, s.variant, s.deals)
        self.full = Full(seed, s.target or None, first, variant=s.variant, deals=s.deals)
        words = header(self.full).split()
        self.log.append(" ".join(["deal=table" if w[:4] == "rng=" else w for w in words]))
        self.full.start()
        for ev in self.full.take_events():
            self.log.append(line(ev))
        self.game.start()
        self.game.take_events()

    def restart(self, snap):
        """Put this new side at the start of a later game, as
        engine.table.standing saw it; ValueError when it is damaged."""
        from engine.table.restart import restart  # only after a power cut

        restart(self, snap)
        self.inbox.append(None)
        if not self.step:
            self.work()

    def _end_game(self):
        g = self.game
        if g.winner != TIE:
            self.wins[g.winner] += 1
        self.game_no += 1
        if max(self.wins) * 2 > self.settings.games:
            self.over = True
            return
        self._new_game(1 - g.dealt_first)


def _numbers(payload, p, n):
    try:
        return (yield from numbers(payload, p, n))
    except ValueError as e:
        raise Refused(str(e))
