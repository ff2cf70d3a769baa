"""Score keeper for a real table game scored on the LED board (docs/rules.md
"Table score-keeping", R14, R15, V1, V2, V5, V6). A model only: no drawing, no input,
no storage; ``firmware.keeper.control`` drives it and saves it. Imports
nothing.

Two sides, A (0) and B (1), each with a colour. The game is a starting point
(``base``: scores, rear pegs, dealer, deal number) plus a list of actions;
the state is the base with the first ``pos`` actions applied, so undo and redo
just move ``pos`` and every award can be taken back to the start of the game.
Actions (3 bytes each: op, a, b):
  ADD   side a gets b points (1..29)
  HEELS the dealer gets 2 (R5)
  DEAL  the deal ends: the dealer passes to the other side (R3)
  ENTRY one number per side for the deal (R11 order: the pone's a first, then
        the dealer's b) and the deal ends
  START five-card (V5.2): three for last, 3 to the first deal's pone; only
        as a game's first action
A side that reaches the target wins at once (R14); nothing after it counts,
so in an ENTRY where the pone goes out the dealer's number is not added.
Five-card (``five``) is played to 61. A game of fixed deals (``deals`` N,
V6) has no target (``target`` 0): nobody wins during a deal, and the end of
deal N ends the game, the higher total winning or a tie (``winner`` TIE),
which counts for neither side in the match; no skunks.
After ``MAX_ACTIONS`` the oldest action is folded into the base.

Pegs: the front peg is the score, the rear peg the score before that side's
last award (an award of 0 moves nothing). Match (V2): best of ``best_of``
games; the first dealer alternates from game to game. The target and match
length follow the device's settings (``follow``) until the keeper's menu
sets its own (``own``).

``to_bytes`` gives the small versioned payload that ``firmware.store.records``
stores (``VERSION``, ``MAGIC``). Version 2 (five-card, fixed deals, two-byte
scores) is written; version 1 records still load. Reading and checking a
record is ``firmware.keeper.record.from_bytes``.
"""

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  CPython has no const()

MAGIC = b"CBKP"
VERSION = 2
# the action codes (ADD ... START above), the limits and the head's size:
# private const()s, copied by firmware.keeper.record and firmware.keeper.control
# (a name shared between modules is a name interned for good on a device)
_ADD = const(1)
_HEELS = const(2)
DEAL = const(3)
_ENTRY = const(4)
_START = const(5)
TIE = const(2)  # ``winner`` of a tied game of fixed deals (V6)
MAX_DEALS = const(98)
_MAX_ACTIONS = const(400)
_MAX_AWARD = const(29)
_MAX_ENTRY = const(99)
_HEAD2 = const(23)  # version 2 (the head ``to_bytes`` writes)
# texts under 11 characters as const()s: as literals they would be names
# interned for good on a device
_SIDE_ADDS = const("%s +%d")
_DEAL_OVER = const("deal over")

SIDES = "AB"
COLORS = (
    ("red", (255, 0, 0)),
    ("blue", (0, 64, 255)),
    ("green", (0, 255, 0)),
    ("yellow", (255, 160, 0)),
    ("purple", (160, 0, 255)),
    ("white", (255, 255, 255)),
)


def skunk_of(target, loser_score):
    """'', 'skunk' or 'double-skunk' for the loser's final score (R15)."""
    if target >= 121:
        if loser_score < 61:
            return "double-skunk"
        return "skunk" if loser_score < 91 else ""
    return "skunk" if loser_score < 31 else ""


def check_kind(target, five, deals):
    """The target of a game of these settings (0 for fixed deals); ValueError
    for settings the rules do not have."""
    if deals:
        if deals & 1 or not 2 <= deals <= MAX_DEALS:
            raise ValueError("fixed deals are an even number 2..%d" % MAX_DEALS)
        return 0
    if target not in (61, 121):
        raise ValueError("target must be 121 or 61")
    if five and target != 61:
        raise ValueError("five-card cribbage is played to 61")
    return target


class Keeper:
    def __init__(
        self, target=121, best_of=1, colors=(0, 1), first_dealer=0, own=False, five=False, deals=0
    ):
        target = check_kind(target, five, deals)
        if not (1 <= best_of <= 9 and best_of & 1):
            raise ValueError("best of must be 1, 3, 5, 7 or 9 games")
        for c in colors:
            if not 0 <= c < len(COLORS):
                raise ValueError("no colour %r" % (c,))
        if colors[0] == colors[1]:
            raise ValueError("the two sides need different colours")
        self.target = target  # 0: fixed deals
        self.five = bool(five)
        self.deals = deals
        self.best_of = best_of
        self.colors = [colors[0], colors[1]]
        self.first_dealer = first_dealer & 1  # of game 1 of this match
        self.own = bool(own)  # target and length set in the keeper's menu, not the device's
        self.wins = [0, 0]  # games finished before this one
        self.game_no = 1
        self._start_game()

    def _start_game(self):
        dealer = self.first_dealer ^ ((self.game_no - 1) & 1)
        self.base = [0, 0, 0, 0, dealer, 1]
        self.actions = bytearray()
        self.pos = 0
        self._replay()

    # ---- state from base + actions
    def _replay(self):
        b = self.base
        self.scores = [b[0], b[1]]
        self.rear = [b[2], b[3]]
        self.dealer = b[4]
        self.deal_number = b[5]
        self.winner = -1
        a = self.actions
        for i in range(0, self.pos * 3, 3):
            self._apply(a[i], a[i + 1], a[i + 2])

    def _award(self, side, points):
        if self.winner >= 0 or points == 0:
            return
        self.rear[side] = self.scores[side]
        self.scores[side] += points
        if self.target and self.scores[side] >= self.target:
            self.winner = side

    def _apply(self, op, a, b):
        if op == _ADD:
            self._award(a, b)
        elif op == _HEELS:
            self._award(self.dealer, 2)
        elif op == _START:
            self._award(self.dealer ^ 1, 3)
        elif op == DEAL or op == _ENTRY:
            if op == _ENTRY:
                self._award(self.dealer ^ 1, a)
                self._award(self.dealer, b)
            if self.winner >= 0:
                return
            if self.deals and self.deal_number >= self.deals:  # V6: the last deal
                s = self.scores
                self.winner = 0 if s[0] > s[1] else 1 if s[1] > s[0] else TIE
            else:
                self.dealer ^= 1
                self.deal_number = min(255, self.deal_number + 1)

    def _push(self, op, a, b):
        if self.winner >= 0:
            raise ValueError("the game is over: undo, or start the next game")
        if len(self.actions) > self.pos * 3:
            self.actions = self.actions[: self.pos * 3]  # a new action drops the redo tail
        if self.pos >= _MAX_ACTIONS:
            self._fold()
        self.actions.append(op)
        self.actions.append(a)
        self.actions.append(b)
        self.pos += 1
        self._apply(op, a, b)

    def _fold(self):
        # Apply the oldest action to the base and forget it.
        keep = self.pos
        self.pos = 1
        self._replay()
        s, r = self.scores, self.rear
        self.base = [s[0], s[1], r[0], r[1], self.dealer, self.deal_number]
        self.actions = self.actions[3:]
        self.pos = keep - 1
        self._replay()

    # ---- what the table does
    def add(self, side, points):
        """Award ``points`` (1..29) to ``side``."""
        if side not in (0, 1):
            raise ValueError("side must be 0 (A) or 1 (B)")
        if not 1 <= points <= _MAX_AWARD:
            raise ValueError("an award is 1 to %d points" % _MAX_AWARD)
        self._push(_ADD, side, points)

    def heels(self):
        """Two for his heels: the dealer gets 2 (R5)."""
        self._push(_HEELS, 0, 0)

    def can_start(self):
        """Five-card: three for last is still to be given (nothing done yet)."""
        b = self.base
        return self.five and self.pos == 0 and b[5] == 1 and b[0] == b[1] == 0

    def three_for_last(self):
        """Five-card (V5.2): the first deal's pone pegs 3, once, before anything."""
        if not self.can_start():
            raise ValueError("three for last is the game's first award (five-card)")
        self._push(_START, 0, 0)

    def next_deal(self):
        """The deal is over: the other side deals (R3)."""
        self._push(DEAL, 0, 0)

    def deal_entry(self, pone_points, dealer_points):
        """One number per side for the whole deal (pegging + hand, and the
        crib for the dealer), then the next deal."""
        for n in (pone_points, dealer_points):
            if not 0 <= n <= _MAX_ENTRY:
                raise ValueError("a deal's points are 0 to %d" % _MAX_ENTRY)
        self._push(_ENTRY, pone_points, dealer_points)

    def can_undo(self):
        return self.pos > 0

    def can_redo(self):
        return self.pos * 3 < len(self.actions)

    def undo(self):
        """Take back the last action; False when there is none."""
        if not self.pos:
            return False
        self.pos -= 1
        self._replay()
        return True

    def redo(self):
        """Put back the last undone action; False when there is none."""
        if not self.can_redo():
            return False
        self.pos += 1
        self._replay()
        return True

    def last_action(self):
        """(op, a, b) of the action in effect last, or None."""
        if not self.pos:
            return None
        i = self.pos * 3 - 3
        a = self.actions
        return a[i], a[i + 1], a[i + 2]

    # ---- games and match (V2)
    def over(self):
        return self.winner >= 0

    def skunk(self):
        if self.winner < 0 or self.winner == TIE or self.deals:
            return ""
        return skunk_of(self.target, self.scores[self.winner ^ 1])

    def tally(self):
        """Games won in this match, counting the current game when it is over."""
        w = [self.wins[0], self.wins[1]]
        if 0 <= self.winner < TIE:
            w[self.winner] += 1
        return w

    def match_winner(self):
        w = self.tally()
        need = self.best_of // 2 + 1
        return 0 if w[0] >= need else 1 if w[1] >= need else -1

    def fresh(self):
        """Nothing played in this match yet: game 1, no award, nothing to redo."""
        b = self.base
        return (
            self.game_no == 1
            and not self.actions
            and b[0] == b[1] == b[2] == b[3] == 0
            and b[5] == 1
        )

    def follow(self, target, best_of, five=False, deals=0):
        """Take the device's game (``target``, ``five``, ``deals``) and match
        length for a match not set in the keeper's menu with nothing played
        yet; True when that changed it. (Settings that the keeper cannot use
        are left alone.)"""
        five = bool(five)
        if self.own or not self.fresh():
            return False
        if (target, best_of, five, deals) == (self.target, self.best_of, self.five, self.deals):
            return False
        try:
            target = check_kind(target, five, deals)
        except ValueError:
            return False
        if not (1 <= best_of <= 9 and best_of & 1):
            return False
        self.target = target
        self.five = five
        self.deals = deals
        self.best_of = best_of
        self._start_game()
        return True

    def new_game(self, abandon=False):
        """After a finished game: the next game of the match, or a new match
        when this one is decided. ``abandon``: start this game over instead."""
        if not abandon:
            if self.winner < 0:
                raise ValueError("the game is not over (abandon it to start again)")
            if self.match_winner() >= 0:
                self.first_dealer ^= self.game_no & 1  # keep alternating
                self.wins = [0, 0]
                self.game_no = 1
            else:
                if self.winner != TIE:  # a tie counts for neither (V6)
                    self.wins[self.winner] += 1
                self.game_no = min(255, self.game_no + 1)
        self._start_game()

    def pegs(self, side):
        """(front, rear) of ``side``'s pegs."""
        return self.scores[side], self.rear[side]

    def color(self, side):
        return COLORS[self.colors[side]][1]

    # ---- the saved payload
    def to_bytes(self):
        """Version 2: head(9) base(10: four two-byte scores, dealer, deal)
        counts(4) actions."""
        n = len(self.actions) // 3
        b = self.base
        out = bytearray(_HEAD2 + 3 * n)
        out[0:9] = bytes(
            (
                self.target,
                self.best_of,
                self.colors[0],
                self.colors[1],
                self.first_dealer | (2 if self.own else 0) | (4 if self.five else 0),
                self.wins[0],
                self.wins[1],
                self.game_no,
                self.deals,
            )
        )
        for i in range(4):
            out[9 + 2 * i] = b[i] >> 8
            out[10 + 2 * i] = b[i] & 255
        out[17] = b[4]
        out[18] = b[5]
        out[19:23] = bytes((n >> 8, n & 255, self.pos >> 8, self.pos & 255))
        out[_HEAD2:] = self.actions
        return bytes(out)

    def describe(self, action):
        """A short line for ``action``, which must be ``last_action()`` (its
        deal's dealer is worked out from the state): 'A +5', 'heels: B +2',
        'deal over', 'B 3, A 11' (a deal entry: pone first)."""
        if action is None:
            return "start of game"
        op, a, b = action
        dealer = self.dealer
        if op in (DEAL, _ENTRY) and self.winner < 0:
            dealer ^= 1  # the deal has passed since
        if op == _ADD:
            return _SIDE_ADDS % (SIDES[a], b)
        if op == _HEELS:
            return "heels: %s +2" % SIDES[dealer]
        if op == _START:
            return "3 for last: %s +3" % SIDES[dealer ^ 1]
        if op == DEAL:
            return _DEAL_OVER
        return "%s %d, %s %d" % (SIDES[dealer ^ 1], a, SIDES[dealer], b)
