"""The play screen's table: what is on the table as the player has been
shown it, changed one engine event at a time, with the pages over it (the
cut, a hand's count, game over) and the strings to draw. A model only: no
drawing, no buttons, no storage, no app; ``firmware.play.screen`` feeds it
events, ``firmware.play.your_turn`` moves its cursor, ``firmware.play.draw``
draws it. The pages are opened by their own modules, which the screen loads
while they show: ``firmware.play.cut`` (a "cut" event), ``firmware.play.show``
(a "show" event; your muggins count) and ``firmware.play.game_over`` (game over);
a resumed game's table is set by ``firmware.play.match_start``. Imports
``engine.game`` (``visible``) and ``firmware.ui.cardtext``; and
``engine.winprob`` when the scores change (your chance to win, ``odds``; on a
device forgotten after with ``firmware``'s ``drop``).

The table is never computed, only told: scores come from ("score", ...)
events, hand counts from ("show", ...) events (``firmware.play.show``, with
``engine.breakdown.hand_breakdown`` for the lines), worded by
``firmware.ui.cardtext`` (the screens take ``card_text`` from here too). Hidden events (the
computer's cards) change only what the player may see
(``engine.game.visible``). ``apply`` says how long each event should stay
on screen; strings are made when the table changes, never while drawing.
In the demo and open-hand games (V3) a pegged card's score is said item by
item in the show's wording, with its cards ('Red pair 2: 8\\x83 8\\x81',
then 'Red 15 2: ...'): each item after the first waits in the screen's
queue as a ``("why", text)`` of its own, and his heels name the jack.
"""

from engine.game import visible
from firmware.ui.cardtext import COLS, card_text, cards_text, peg_lines, peg_text

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  CPython has no const()

# what the screen waits for (``Table.mode``)
BUSY = const(0)  # showing events or the computer to move
DISCARD = const(1)  # you pick two cards for the crib
CONFIRM = const(2)  # two picked: A lays them away, B takes one back
PLAY = const(3)  # you pick a card to play
COUNT = const(4)  # muggins (V4): you count your hand or crib
# full-screen pages over the table (``Table.page``)
NO_PAGE = const(0)
CUT_PAGE = const(1)
SHOW_PAGE = const(2)
OVER_PAGE = const(3)

# how long each event stays (ms); A skips
_T_DEAL = const(700)
_T_CRIB = const(700)
_T_STARTER = const(900)
_T_CPU_PLAY = const(1100)
_T_MY_PLAY = const(350)
_T_SCORE = const(1100)
_T_GO = const(900)
_T_RESET = const(800)
_T_MSG = const(2500)  # a message line stays this long after its event
# what the input of a decision or a page did (firmware.play.your_turn and the pages)
NOTHING = const(0)
CHANGED = const(1)  # the table changed: redraw
ACTED = const(2)  # the game took a decision, or the game-over page was left

# Texts under 11 characters: a literal that short is a name interned for good
# on a device (MicroPython, CircuitPython); a const() is an object of the code
_ARROW_L = const("\x86")  # the dealer's side of the crib mark
_ARROW_R = const("\x85")
_SAY_PLAY = const("%s %s, %d")
_SAY_GO = const("%s: go")
_SAY_STARTER = const("Starter %s")
_DEALS_TEXT = const("%s deal%s")
# your turn: what A does, and that B opens the pause menu (the hint, save
# and quit, the way to the start menu); 21 columns at most
_PICK_2 = const("Pick 2  B: hint/menu")
_YOUR_PLAY = const("A: play  B: hint/menu")


class Table:
    """``Table(names, human)``: ``names`` of seats 0 and 1; ``human`` False
    when the computer plays both seats (the demo: both hands open)."""

    def __init__(self, names, human):
        self.names = names
        self.human = human
        self.mode = BUSY
        self.page = NO_PAGE
        self.foot = ""
        self.cursor = 0
        self.marked = []  # positions picked for the crib, in order
        self.dimmed = 0  # bit i: card i would pass 31
        self.clear()
        self.scores = [0, 0]
        self.dealer = 0
        self.deal_no = 0  # deals shown so far in this game
        self.s_top = ("", "", "")
        self.odds = None  # your chance to win now, 0..255 (engine.winprob); None: no table
        self.think = -1  # the expert's rollouts made, of ``think_of`` (a bar); -1: none
        self.think_of = 1
        self._odds_at = -1  # the scores and dealer it was read for
        self.msg = ""
        self.msg_ms = 0
        self.idle = ""
        self.line = ""
        self.s_count = ""
        self.lines = []
        self.runs = None  # the game-over page's layout (firmware.play.over_page)
        self.shown = 0
        self.top_line = 0
        self.page_ms = 0
        self.title = ""
        self.page_cards = []
        self.page_starter = None
        self.claim = 0  # the count you are entering (muggins)
        self.s_claim = "0"
        self.claimed = None  # (seat, points) of the last claim event shown
        self.match_over = False  # set by the game-over page (firmware.play.game_over)

    def clear(self):
        self.hand = []
        self.opp = None  # the computer's cards when you may see them
        self.opp_left = 0
        self.pile = []
        self.count = 0
        self.starter = None
        self.played = [[], []]  # cards each seat played this deal: its hand for the show
        self.kept = [[], []]  # each seat's kept cards, told by its (maybe hidden) hand and crib
        self.crib = []

    def start(self, game):
        """A new or resumed game: an empty table at its scores."""
        self.mode = BUSY
        self.page = NO_PAGE
        self.clear()
        self.scores = list(game.scores)
        self.dealer = game.dealer
        self.deal_no = 0
        self.prepare(game)

    # ---- strings, made when the table changes (never in draw) ----
    def say(self, text, ms=_T_MSG):
        self.msg = text
        self.msg_ms = ms
        self.line = text

    def tick(self, dt):
        """A message line's time runs out; True when the line changed."""
        if self.msg_ms > 0:
            self.msg_ms -= dt
            if self.msg_ms <= 0:
                self.msg = ""
                self.line = self.idle
                return True
        return False

    def prepare(self, game):
        n = self.names
        s = self.scores
        if game is not None and game.deals:  # fixed deals (V6): which deal of how many
            crib = "%d/%d" % (self.deal_no, game.deals)
        else:
            crib = "crib"
        crib = _ARROW_L + crib if self.dealer == 0 else crib + _ARROW_R
        self.s_top = ("%s %d" % (n[0], s[0]), "%s %d" % (n[1], s[1]), crib)
        at = (s[0] << 10 | s[1]) << 1 | self.dealer
        if at != self._odds_at and game is not None:
            self._odds_at = at
            self.odds = _odds(game, s, self.dealer)
        self.s_count = "%d" % self.count
        self.idle = self._idle_text(game)
        if not self.msg:
            self.line = self.idle

    def _idle_text(self, game):
        if self.mode == DISCARD:  # whose crib: the top bar's arrow; B: the pause menu
            return _PICK_2
        if self.mode == CONFIRM:
            return "A: lay away  B: undo"
        if self.opp is not None and self.opp and self.starter is not None:
            return "%s %s" % (self.names[1], cards_text(self.opp))
        if self.mode == PLAY:
            return _YOUR_PLAY
        if game is not None and game.phase == "play" and self.starter is not None:
            return "%s holds %d" % (self.names[1], self.opp_left)
        return ""

    def set_mode(self, mode, game):
        if mode != self.mode:
            self.mode = mode
            self.idle = self._idle_text(game)
            if not self.msg:
                self.line = self.idle

    def _deals(self, seat):
        return _DEALS_TEXT % (self.names[seat], "" if seat == 0 and self.human else "s")

    # ---- events, one at a time ----
    def apply(self, e, game, queue):
        """Change the table by one engine event of ``game``; the ms it should
        stay. ``queue``: the events still to show (a show page looks ahead
        for the muggins it leads to)."""
        kind = e[0]
        names = self.names
        if kind == "why":  # the next item of a pegged card's score (the demo, open hands)
            self.say(e[1])
            return _T_SCORE
        if kind == "hand":  # kept aside for the show (five-card: cards not played)
            self.kept[e[1]] = list(e[2])
        elif kind == "crib":
            kept = self.kept[e[1]]
            for c in (e[2], e[3]):
                if c in kept:
                    kept.remove(c)
        if not visible(e, 0, game.open_hands or not self.human):
            if kind == "crib":  # the computer laid two away: say so, not which
                self.crib.append(e[2])
                self.crib.append(e[3])
                self.opp_left = 3 if game.five else 4
                self.say("%s lays away 2" % names[1])
                return _T_CRIB
            return 0  # a hidden hand
        if kind == "play":
            seat, card = e[1], e[2]
            self.pile.append(card)
            self.count = e[3]
            self.played[seat].append(card)
            held = self.hand if seat == 0 else self.opp
            if held is not None and card in held:
                held.remove(card)
            if seat == 1:
                self.opp_left -= 1
            self.say(_SAY_PLAY % (names[seat], card_text(card), e[3]))
            return _T_CPU_PLAY if seat == 1 or not self.human else _T_MY_PLAY
        if kind == "score":
            seat, points, total, reason = e[1], e[2], e[3], e[4]
            self.scores[seat] = total
            who = names[seat]
            why = not self.human or game.open_hands  # the demo, open hands (V3): why it scored
            if reason == "peg":
                cols = COLS - 1 - len(who)
                if why:  # item by item in the show's wording, each for a moment
                    lines = peg_lines(self.pile, cols)
                    for i in range(len(lines) - 1, 0, -1):
                        queue.insert(0, ("why", "%s %s" % (who, lines[i])))
                    self.say("%s %s" % (who, lines[0]))
                else:
                    self.say("%s %s" % (who, peg_text(self.pile, points, cols)))
            elif reason == "heels" and why:
                self.say("%s heels %d: %s" % (who, points, card_text(self.starter)))
            elif reason == "go":
                last = not self.hand and not self.opp_left
                self.say(("%s last card for 1" if last else "%s go for 1") % names[seat])
            elif reason == "heels":
                self.say("%s: heels for 2" % names[seat])
            elif reason == "muggins":
                self.say("%s takes %d: muggins" % (names[seat], points))  # as the show says
            elif reason == "start":  # five-card (V5.2): to the first deal's pone
                self.say("%s: 3 for last" % names[seat])
            else:
                return 0  # hand and crib: the show page said it
            return _T_SCORE
        if kind == "go":
            if e[1] == 0 and self.human:
                self.say("Go: no card fits")
            else:
                self.say(_SAY_GO % names[e[1]])
            return _T_GO
        if kind == "reset":
            self.pile = []
            self.count = 0
            self.say("Count back to 0")
            return _T_RESET
        if kind == "hand":
            if e[1] == 0:
                self.hand = list(e[2])
            else:
                self.opp = list(e[2])
            return 0
        if kind == "crib":
            self.crib.append(e[2])
            self.crib.append(e[3])
            held = self.hand if e[1] == 0 else self.opp
            if held is not None:
                for c in (e[2], e[3]):
                    if c in held:
                        held.remove(c)
            if e[1] == 1:
                self.opp_left = 3 if game.five else 4
                self.say("%s lays away %s" % (names[1], cards_text(e[2:4])))
                return _T_CRIB
            return 0
        if kind == "starter":
            self.starter = e[1]
            self.say(_SAY_STARTER % card_text(e[1]))
            return _T_STARTER
        if kind == "deal":
            self.clear()
            self.dealer = e[1]
            self.deal_no += 1
            self.opp_left = 5 if game.five else 6
            self.say(self._deals(e[1]))
            return _T_DEAL
        if kind == "claim":
            self.claimed = (e[1], e[3])
            return 0
        return 0  # "cut", "show", "end": the screen opens their pages


def _odds(game, s, dealer):
    # Your chance (seat 0) from the scores and whose deal it is, read from the
    # engine's table file (engine.winprob, loaded here only); a game of fixed
    # deals (V6) has none. Mid-deal it is the chance as if this deal began now.
    if not game.target:
        return None
    import sys

    from engine.winprob import lookup

    chance = lookup(s[0], s[1], dealer == 0, game.target, game.five)
    if sys.implementation.name != "cpython":
        # read when the scores change: the module is not held through the game
        from firmware import drop as _drop

        _drop("engine.winprob")
    return chance
