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
Imports engine.table.sra.
"""

from engine.table.sra import CARDS, card_of, code, digest, encrypt_all, key, shuffle


class Cheat(Exception):
    """The other side's part of the deal does not check out."""


class Deal:
    def __init__(self, me, secret, game_no, deal_no, p, dealer, five):
        self.me = me
        self.p = p
        self.material = digest(b"deal", secret, bytes((game_no >> 8 & 255, game_no & 255, deal_no)))
        self.e, self.d = key(self.material, p)
        self.nonce = digest(b"nonce", self.material)[:16]
        self.n = 10 if five else 12
        pone = 1 - dealer
        self.seats = [pone ^ (i & 1) for i in range(self.n)]
        self.first = None  # seat 0's deck
        self.deck = None
        self.sent = None  # this side's partials of the other seat's positions
        self.got = None  # the other's partials of this side's positions
        self.cards = None  # this side's dealt cards
        self.committed = None  # the other's discard commitment
        self.mine = None  # this side's discards
        self.starter_sent = None
        self.starter_got = None
        self.starter = None
        self.revealed = False  # this side's key sent
        self.other = None  # the other's (e, d, discards) once revealed
        self.plays = []  # (seat, card or None) in order

    def positions(self, seat):
        return [i for i in range(self.n) if self.seats[i] == seat]

    def shuffled_first(self):
        """Seat 0: the codes encrypted and shuffled."""
        deck = encrypt_all([code(i) for i in range(CARDS)], self.e, self.p)
        shuffle(deck, self.material)
        self.first = deck
        return deck

    def shuffled_second(self, first):
        """Seat 1: seat 0's deck encrypted again and shuffled."""
        self.first = first
        deck = encrypt_all(first, self.e, self.p)
        shuffle(deck, self.material)
        self.deck = deck
        return deck

    def make_partials(self):
        self.sent = [pow(self.deck[i], self.d, self.p) for i in self.positions(1 - self.me)]
        return self.sent

    def take_partials(self, values):
        """This side's cards from the other's partials; ValueError when they
        are not cards."""
        cards = []
        for v in values:
            c = card_of(pow(v, self.d, self.p))
            if c < 0 or c in cards:
                raise ValueError("the dealt cards do not decrypt to cards")
            cards.append(c)
        self.got = values
        self.cards = cards
        return cards

    def make_starter(self):
        self.starter_sent = pow(self.deck[self.n], self.d, self.p)
        return self.starter_sent

    def take_starter(self, v):
        c = card_of(pow(v, self.d, self.p))
        if c < 0 or c in self.cards:
            raise ValueError("the starter does not decrypt to a card")
        self.starter_got = v
        self.starter = c
        return c

    def commitment(self, c1, c2):
        return digest(b"discard", self.nonce, bytes((min(c1, c2), max(c1, c2))))

    def check(self, e, d, discards, nonce):
        """The other's dealt hand, once it revealed its key ``e, d``, its
        ``discards`` and ``nonce``; Cheat when its part does not check out."""
        p = self.p
        if not 1 < e < p - 1 or not 1 < d < p - 1 or e * d % (p - 1) != 1:
            raise Cheat("its key is no key")
        if self.committed is not None:
            c1, c2 = discards
            if digest(b"discard", nonce, bytes((min(c1, c2), max(c1, c2)))) != self.committed:
                raise Cheat("its discards are not the ones it laid away")
        if self.me == 1:
            want = encrypt_all([code(i) for i in range(CARDS)], e, p)
            have = self.first
        else:
            want = encrypt_all(self.first, e, p)
            have = self.deck
        if sorted(want) != sorted(have):
            raise Cheat("its shuffle is not the deck encrypted")
        mine = self.positions(self.me)
        for j in range(len(mine)):
            if pow(self.got[j], e, p) != self.deck[mine[j]]:
                raise Cheat("it dealt this side a card from elsewhere")
        if self.starter_got is not None and pow(self.starter_got, e, p) != self.deck[self.n]:
            raise Cheat("its starter is from elsewhere")
        hand = []
        for v in self.sent:
            c = card_of(pow(v, d, p))
            if c < 0:
                raise Cheat("its hand does not decrypt to cards")
            hand.append(c)
        self.other = (e, d, tuple(discards))
        return hand
