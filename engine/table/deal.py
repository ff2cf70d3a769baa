"""One deal's cryptography for one side of a table (engine.table.sra's
arithmetic): the keys and shuffle this side derives from its secret, the
deck both sides shuffled and encrypted, the layers each side takes off the
other's cards, and the checks of the other side once it reveals its key.

Seat 0 encrypts the 52 card codes and shuffles them, seat 1 encrypts that
again and shuffles it: that is ``deck``. Position ``i`` of the first ten or
twelve goes to seat ``pone ^ (i & 1)`` as engine.game deals, the next one
is the starter. A seat takes its layer off the other seat's positions
(``partials``) and sends them; the other removes its own layer and alone
learns its cards. Both take their layers off the starter once both have
laid away. After the deal each reveals its key and discards, and ``check``
proves the other's part: its shuffle a permutation of the encrypted
cards, its layers the ones its key gives, its hand what it showed.

Every step that exponentiates is a generator: it yields its cost after
each exponentiation (``cost``, the square of the prime's bytes: 1,024 for
the 256-bit prime, 66 ms on a Pico) and after each number it checks to be a
residue (``numbers``, a quarter of that, then the rest of the frame once all
are checked), so the side can spread a deal over
frames; what a step gives is its generator's return value (``yield from``).
``task``, ``done`` and ``size`` say what the step in progress is and how
far it is. Imports engine.table.sra.
"""

from engine.table.sra import (
    CARDS,
    card_of,
    code,
    digest,
    key,
    number,
    residue,
    shuffle,
    width,
)


class Cheat(Exception):
    """The other side's part of the deal does not check out."""


def numbers(data, p, n):
    """Generator: ``n`` numbers from ``data``; ValueError unless each is a
    residue in 2 .. p - 1 (a value outside the cards' subgroup would tag a
    card)."""
    w = width(p)
    cost = w * w // 4 + 1  # a residue's test is some 15 ms on a Pico, a power's 66
    if len(data) != w * n:
        raise ValueError("%d numbers expected" % n)
    values = []
    for i in range(n):
        v = number(data[i * w : i * w + w])
        if not 1 < v < p or not residue(v, p):
            raise ValueError("a number that is no encrypted card")
        values.append(v)
        yield cost
    if n > 1:
        yield w * w  # the rest of the frame: the powers after begin in one of their own
    return values


class Deal:
    def __init__(self, me, secret, game_no, deal_no, p, dealer, five):
        self.me = me
        self.p = p
        self.material = digest(b"deal", secret, bytes((game_no >> 8 & 255, game_no & 255, deal_no)))
        self.e, self.d = key(self.material, p)
        w = width(p)
        self.cost = w * w  # of one exponentiation
        self.nonce = digest(b"nonce", self.material)[:16]
        self.n = 10 if five else 12
        pone = 1 - dealer
        self.seats = [pone ^ (i & 1) for i in range(self.n)]
        self.w = w  # the bytes of a number
        self.first = None  # seat 0's deck, packed (engine.table.sra)
        self.deck = None  # the deck both encrypted, packed
        self.sent = None  # this side's partials of the other seat's positions, packed
        self.got = None  # the other's partials of this side's positions, packed
        self.cards = None  # this side's dealt cards
        self.committed = None  # the other's discard commitment
        self.mine = None  # this side's discards
        self.starter_sent = None
        self.starter_got = None
        self.starter = None
        self.revealed = False  # this side's key sent
        self.other = None  # the other's (e, d, discards) once revealed
        self.plays = []  # (seat, card or None) in order
        self.task = ""  # the step in progress: "Shuffling", "Dealing", "Checking"
        self.done = 0  # its exponentiations done
        self.size = 0  # and all it has

    def positions(self, seat):
        return [i for i in range(self.n) if self.seats[i] == seat]

    def _begin(self, task, size):
        self.task = task
        self.done = 0
        self.size = size

    def _at(self, packed, i):
        # number ``i`` of a packed deck
        w = self.w
        return number(packed[i * w : i * w + w])

    def _pows(self, values, x, out):
        # ``out`` gets each ``v ** x mod p``, a yield after each
        p = self.p
        for v in values:
            out.append(pow(v, x, p))
            self.done += 1
            yield self.cost

    # the decks are kept packed (a number of 256 bits is 32 bytes so, twice
    # that as an int): only the positions dealt are read as numbers again

    def _encrypt(self, packed):
        # the 52 codes (or the numbers of ``packed``) shuffled, then each
        # encrypted, packed as it comes: the same deck as encrypting then
        # shuffling (a shuffle moves places whatever is in them), with no
        # list of big numbers held
        order = list(range(CARDS))
        shuffle(order, self.material)
        w = self.w
        out = bytearray(CARDS * w)  # in one block from the start, not grown a number at a time
        at = 0
        for i in order:
            v = code(i) if packed is None else self._at(packed, i)
            out[at : at + w] = pow(v, self.e, self.p).to_bytes(w, "big")
            at += w
            self.done += 1
            yield self.cost
        return out

    def shuffled_first(self):
        """Seat 0: the codes encrypted and shuffled, packed."""
        self._begin("Shuffling", CARDS)
        self.first = yield from self._encrypt(None)
        yield self.cost  # the deck's message (packed, its checksum) in a frame of its own
        return self.first

    def shuffled_second(self, first):
        """Seat 1: seat 0's deck (packed, its numbers checked) encrypted
        again and shuffled, packed."""
        self.first = first
        self._begin("Shuffling", CARDS)
        self.deck = yield from self._encrypt(first)
        yield self.cost  # the deck's message in a frame of its own
        return self.deck

    def make_partials(self):
        at = self.positions(1 - self.me)
        self._begin("Dealing", len(at))
        sent = []
        yield from self._pows([self._at(self.deck, i) for i in at], self.d, sent)
        w = self.w
        self.sent = b"".join([v.to_bytes(w, "big") for v in sent])
        return self.sent

    def _numbers(self, packed):
        return [self._at(packed, i) for i in range(len(packed) // self.w)]

    def take_partials(self, packed):
        """This side's cards from the other's partials (packed, their numbers
        checked); ValueError when they are not cards."""
        values = self._numbers(packed)
        self._begin("Dealing", len(values))
        codes = []
        yield from self._pows(values, self.d, codes)
        values = None
        cards = []
        for m in codes:
            c = card_of(m)
            if c < 0 or c in cards:
                raise ValueError("the dealt cards do not decrypt to cards")
            cards.append(c)
        self.got = packed
        self.cards = cards
        return cards

    def make_starter(self):
        self._begin("Dealing", 1)
        self.starter_sent = pow(self._at(self.deck, self.n), self.d, self.p)
        self.done = 1
        yield self.cost
        return self.starter_sent

    def take_starter(self, v):
        self._begin("Dealing", 1)
        c = card_of(pow(v, self.d, self.p))
        self.done = 1
        yield self.cost
        if c < 0 or c in self.cards:
            raise ValueError("the starter does not decrypt to a card")
        self.starter_got = v
        self.starter = c
        return c

    def commitment(self, c1, c2):
        return digest(b"discard", self.nonce, bytes((min(c1, c2), max(c1, c2))))

    def check(self, e, d, discards, nonce):
        """Generator: the other's dealt hand, once it revealed its key
        ``e, d``, its ``discards`` and ``nonce``; Cheat when its part does
        not check out."""
        p = self.p
        if not 1 < e < p - 1 or not 1 < d < p - 1 or e * d % (p - 1) != 1:
            raise Cheat("its key is no key")
        if self.committed is not None:
            c1, c2 = discards
            if digest(b"discard", nonce, bytes((min(c1, c2), max(c1, c2)))) != self.committed:
                raise Cheat("its discards are not the ones it laid away")
        mine = self.positions(self.me)
        starter = 1 if self.starter_got is not None else 0
        self._begin("Checking", CARDS + len(mine) + starter + len(self.sent) // self.w)
        # every one of the 52 encrypted again is in the deck it gave (looked
        # up in its bytes, at a number's place): as both are 52 different
        # numbers (a key is one to one), a permutation
        have = self.first if self.me == 1 else self.deck
        w = self.w
        for i in range(CARDS):
            v = code(i) if self.me == 1 else self._at(self.first, i)
            ok = _has(have, pow(v, e, p).to_bytes(w, "big"), w)
            self.done += 1
            yield self.cost
            if not ok:
                raise Cheat("its shuffle is not the deck encrypted")
        have = None
        for j in range(len(mine)):
            ok = pow(self._at(self.got, j), e, p) == self._at(self.deck, mine[j])
            self.done += 1
            yield self.cost
            if not ok:
                raise Cheat("it dealt this side a card from elsewhere")
        if starter:
            ok = pow(self.starter_got, e, p) == self._at(self.deck, self.n)
            self.done += 1
            yield self.cost
            if not ok:
                raise Cheat("its starter is from elsewhere")
        codes = []
        yield from self._pows(self._numbers(self.sent), d, codes)
        hand = []
        for m in codes:
            c = card_of(m)
            if c < 0:
                raise Cheat("its hand does not decrypt to cards")
            hand.append(c)
        self.other = (e, d, tuple(discards))
        return hand


def _has(packed, item, w):
    # True when ``item`` is one of the numbers of ``packed``, at a number's place
    at = packed.find(item)
    while at >= 0:
        if at % w == 0:
            return True
        at = packed.find(item, at + 1)
    return False


class Ahead:
    """Seat 0's deck of a deal to come (``key``: the game's number, the
    deal's, its dealer), encrypted and shuffled ahead while the side has
    nothing else to do: ``step(budget)`` goes on with it, ``rest()`` (a
    generator) finishes it and gives the deck, packed."""

    def __init__(self, secret, key, p, five):
        self.key = key
        self.deal = Deal(0, secret, key[0], key[1], p, key[2], five)
        self.gen = self.deal.shuffled_first()
        self.first = None

    def step(self, budget):
        """True when it did some of the work."""
        if self.gen is None:
            return False
        spent = 0
        while spent < budget:
            try:
                spent += next(self.gen)
            except StopIteration as done:
                self.first = done.value
                self.gen = None
                break
        return True

    def rest(self):
        if self.gen is not None:
            self.first = yield from self.gen
            self.gen = None
        return self.first
