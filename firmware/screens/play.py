"""Play the computer: a match (V2) of the settings' length between you (seat
0) and the computer (seat 1) at the settings' difficulty, target and open
hands (V3). Imports ``engine.game``, ``engine.match``, ``engine.save``,
``engine.score``, ``engine.gamelog``, ``engine.opponent`` (``engine.players``
when it is missing), ``firmware.app``, ``firmware.buttons``,
``firmware.records``, ``firmware.stats`` (at a game's end).

How it runs: the engine does the rules and hands back event tuples; the
screen keeps its own copy of the table (scores, your hand, the pile, the
count, the starter) that it changes one event at a time, each shown for a
moment (A skips ahead), so the player can follow what the computer did. The
table is never computed, only told: scores come from ("score", ...) events,
hand counts from ("show", ...) events with ``engine.score.hand_breakdown``
for the lines. Hidden events (the computer's cards) change only what you
may see (``engine.game.visible``). The computer decides in ``update``, one
decision a frame, once every earlier event has been shown.

Keys: LEFT/RIGHT move the cursor; A marks a card for the crib (two, then A
lays them away, B takes the last one back) or plays the card; A also skips
a message; B opens the pause menu (hint, save and quit, abandon).

Muggins (V4, the setting): at each of your counts the game stops in phase
"count"; the screen shows your four cards and the starter and you enter the
count (UP/DOWN 1, RIGHT/LEFT 2, A claims it). The show page then says what
you said, what it was worth, and what the computer took by muggins.

Statistics: when a game ends it is replayed once from its decisions; the
events feed both the exported log and ``firmware.stats`` (so a resumed game
counts whole, and a game counts once even when its over page shows again).

Saving: after each of your decisions (and before asking for one) the match
is stored with ``engine.save.save_match`` in a crash-safe ``RecordStore``
named "game" (payload: difficulty level byte + match record); entering the
screen resumes it. A finished game is exported as "last.log" (GAMELOG.md);
the save is deleted when the match ends. The computer's choices are seeded
from the game and the number of decisions so far, so a resumed game goes on
exactly as it would have.
"""

import gc

from engine.game import visible
from engine.match import Match
from engine.save import SaveError, load_match, save_match
from engine.score import describe, hand_breakdown, hand_score, peg_breakdown
from firmware import buttons as _b
from firmware.app import ListScreen, MessageScreen, Screen, title_bar
from firmware.hal import A, B, DOWN, LEFT, RIGHT, UP
from firmware.records import RecordStore

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  CPython has no const()

# what the screen waits for
BUSY = const(0)  # showing events or the computer to move
DISCARD = const(1)  # you pick two cards for the crib
CONFIRM = const(2)  # two picked: A lays them away, B takes one back
PLAY = const(3)  # you pick a card to play
COUNT = const(4)  # muggins (V4): you count your hand or crib
# full-screen pages over the table
NO_PAGE = const(0)
CUT_PAGE = const(1)
SHOW_PAGE = const(2)
OVER_PAGE = const(3)

# how long each event stays (ms); A skips
_T_DEAL = const(700)
_T_CUT = const(2500)
_T_CRIB = const(700)
_T_STARTER = const(900)
_T_CPU_PLAY = const(1100)
_T_MY_PLAY = const(350)
_T_SCORE = const(1100)
_T_GO = const(900)
_T_RESET = const(800)
_T_LINE = const(450)  # one line of a hand's count
_T_MSG = const(2500)  # a message line stays this long after its event
_SHOW_ROWS = const(4)
_MOST = const(29)  # the most a hand can be worth
_OVER_AUTO = const(5000)  # demo: a finished game stays this long

# the computer player's modules: not needed from a game's end to the next game
_COMPUTER = ("engine.opponent", "engine.discard", "engine.pegging", "engine.crib_table")
_LOG_ROOM = const(4096)  # the log buffer kept from the start (a game's log is ~3 KB)
SAVE_NAME = "game"
SAVE_MAGIC = b"CRBM"
SAVE_VERSION = 1
LOG_NAME = "last.log"
LEVELS = ("easy", "medium", "hard")

_RANKS = "A23456789\x84JQK"  # \x84: the one-cell "10" of the font


def card_text(card):
    """Rank and suit symbol, two cells: for message lines."""
    return _RANKS[card >> 2] + chr(128 + (card & 3))


def cards_text(cards):
    return " ".join([card_text(c) for c in cards])


def _peg_name(item):
    kind, points, cards = item
    if kind == "fifteen":
        return "15"
    if kind == "thirty-one":
        return "31"
    if kind == "run":
        return "run of %d" % len(cards)
    if kind == "pair":
        return "pair" if points == 2 else "pair royal" if points == 6 else "4 of a kind"
    return kind


def peg_text(pile, points):
    """'15 for 2', '31+pair for 4': what the last card of ``pile`` pegged."""
    names = [_peg_name(i) for i in peg_breakdown(pile)]
    if not names:
        return "%d" % points
    return "%s for %d" % ("+".join(names), points)


def show_line(item):
    """One counted item of a hand (engine.score.hand_breakdown) in at most 21
    cells: '15 2: A\x82 4\x80 T\x80', 'run 3: ...', 'flush 5: all \x82'."""
    kind, points, cards = item
    if kind == "fifteen":
        name = "15"
    elif kind == "run" or kind == "pair" or kind == "nobs":
        name = kind
    elif kind == "flush":
        if len(cards) == 5:
            return "flush 5: all five " + chr(128 + (cards[0] & 3))
        name = kind
    else:
        return describe(item)
    return "%s %d: %s" % (name, points, cards_text(cards))


def replay(game, on_event):
    """Play ``game``'s decisions again from its seed into a fresh game,
    calling ``on_event(event)`` for every event in order (hidden ones too):
    the whole game's events even after a resume, without keeping them."""
    from engine.game import Game, replay_moves

    g = Game(
        game.seed, game.target, game.first_dealer, game.open_hands, game.muggins, game.counters
    )
    return replay_moves(g, game.moves, on_event)


def _unload(name):
    """Forget module ``name`` so its heap comes back (``_module`` loads it
    again when it is next needed). MicroPython only: CPython has room, and
    other code there may hold on to the module."""
    import sys

    if sys.implementation.name != "micropython":
        return
    if sys.modules.pop(name, None) is not None:
        package, _, leaf = name.rpartition(".")
        if package in sys.modules and hasattr(sys.modules[package], leaf):
            delattr(sys.modules[package], leaf)


def log_bytes(game, on_event=None, room=None):
    """The GAMELOG text of ``game`` so far as a bytearray (or a memoryview
    of ``room``, a bytearray to reuse, when it is big enough), replayed from
    its decisions (so a resumed game exports whole); ``on_event`` also sees
    every event. Two replays, one to measure and one to fill the buffer, so
    a whole game's lines are never held at once. ``engine.gamelog`` is
    loaded for this only and forgotten after: a game does not need it."""
    gamelog = _module("engine.gamelog")
    try:
        return _log_bytes(game, on_event, room, gamelog.header, gamelog.line)
    finally:
        gamelog = None
        _unload("engine.gamelog")


def _log_bytes(game, on_event, room, header, line):
    head = header(game)
    size = len(head) + 1

    def measure(e):
        nonlocal size
        size += len(line(e)) + 1  # log lines are ASCII: one byte a character
        if on_event is not None:
            on_event(e)

    replay(game, measure)
    if room is not None and len(room) >= size:
        buf = memoryview(room)[:size]
    else:
        buf = bytearray(size)
    pos = 0

    def put(text):
        nonlocal pos
        n = len(text)
        buf[pos : pos + n] = text.encode()
        buf[pos + n] = 10
        pos += n + 1

    put(head)
    replay(game, lambda e: put(line(e)))
    return buf


def log_text(game, on_event=None):
    """``log_bytes`` as a str."""
    return bytes(log_bytes(game, on_event)).decode()


def _module(name):
    """The module ``name``, imported once between two collections so what
    its loading throws away leaves no holes among what stays (on a small
    heap, a fragmented heap fails before a full one); None when missing."""
    import sys

    m = sys.modules.get(name)
    if m is None:
        gc.collect()
        try:
            __import__(name)
        except ImportError:
            return None
        gc.collect()
        m = sys.modules[name]
    return m


def _computer(level, seed):
    opponent = _module("engine.opponent")
    if opponent is not None:
        return opponent.make(level, seed)
    return _module("engine.players").make("random", seed)


class PlayScreen(Screen):
    """``PlayScreen(seed=None)``; ``seed`` fixes the deals of a new match
    (tests); None takes one from the clock."""

    human = True  # seat 0 is the player (the demo overrides)
    names = ("You", "CPU")

    def __init__(self, seed=None):
        self.seed = seed
        self.ready = False
        self.match = None
        self.game = None
        self.store = None
        self.level = "medium"
        self.levels = None
        self.notice = None
        self.mode = BUSY
        self.page = NO_PAGE
        self.queue = []
        self.wait = 0
        self.saved_at = -1  # len(game.moves) when last saved
        self.over_seen = False
        self.over_logged = False  # tests
        self.match_over = False
        self.foot = ""
        self.cursor = 0
        self.marked = []  # positions picked for the crib, in order
        self.dimmed = 0
        self._clear_table()
        self.scores = [0, 0]
        self.dealer = 0
        self.s_top = ("", "", "")
        self.msg = ""
        self.msg_ms = 0
        self.idle = ""
        self.line = ""
        self.s_count = ""
        self.lines = []
        self.shown = 0
        self.top_line = 0
        self.page_ms = 0
        self.title = ""
        self.page_cards = []
        self.page_starter = None
        self.claim = 0  # the count you are entering (muggins)
        self.s_claim = "0"
        self.claimed = None  # (seat, points) of the last claim event shown
        self.log_room = None

    def _clear_table(self):
        self.hand = []
        self.opp = None  # the computer's cards when you may see them
        self.opp_left = 0
        self.pile = []
        self.count = 0
        self.starter = None
        self.played = [[], []]  # cards each seat played this deal: its hand for the show
        self.crib = []

    # ---- entering: resume or a new match ----
    def enter(self):
        if self.ready:
            return
        self.ready = True
        # what the game needs later, loaded now while the heap is tidy
        _module("engine.opponent")
        _module("firmware.stats")
        if self.human:  # one piece of heap for the log, taken while there is one
            self.log_room = bytearray(_LOG_ROOM)
        self.store = RecordStore(self.app.hw.storage, SAVE_NAME, SAVE_MAGIC, SAVE_VERSION)
        if not self._resume():
            self._new_match()

    def _settings_level(self):
        level = getattr(self.app.settings, "difficulty", "medium")
        return level if level in LEVELS else "medium"

    def _resume(self):
        try:
            payload, version, problem = self.store.load()
        except Exception as e:  # storage that cannot even be read
            payload, problem = None, "the save could not be read: %s" % e
        if problem:
            self.notice = ("Saved match", problem)
        if payload is None:
            return False
        try:
            if len(payload) < 2 or payload[0] >= len(LEVELS):
                raise SaveError("the save has an unknown difficulty")
            match = load_match(bytes(payload[1:]))
        except SaveError as e:
            self.notice = ("Saved match", "Saved match not resumed: %s. A new one starts." % e)
            return False
        self.level = LEVELS[payload[0]]
        self._begin(match)
        self.saved_at = len(self.game.moves)
        self._sync_table()
        if self.game.phase != "over":
            self._say("Welcome back")
        return True

    def _new_match(self):
        s = self.app.settings
        seed = self.seed
        if seed is None:
            seed = (self.app.hw.clock.ticks_ms() * 40503 + self.app.frames) & 0x3FFFFFFF
        self.level = self._settings_level()
        self._begin(Match(s.match, seed, s.target, None, s.open_hands, s.muggins))
        self.queue = self.game.take_events()
        self._save()

    def _begin(self, match):
        self.match = match
        self.game = match.game
        self.over_seen = False
        self.mode = BUSY
        self.page = NO_PAGE
        self.queue = []
        self.wait = 0
        self._clear_table()
        self.scores = list(self.game.scores)
        self.dealer = self.game.dealer
        peg = self.app.pegboard
        if peg is not None:
            peg.celebrate(-1)
            peg.set_target(self.game.target)
            for seat in (0, 1):
                peg.set_pegs(seat, self.scores[seat], self.scores[seat])
        self._prepare()

    def _sync_table(self):
        # The table as the game stands (after a resume, when no events are left).
        g = self.game
        v = g.view(0)
        self.scores = list(g.scores)
        self.dealer = g.dealer
        self.hand = list(v.hand)
        self.opp = list(v.opponent_hand) if v.opponent_hand is not None else None
        self.opp_left = v.opponent_left
        self.pile = list(v.pile)
        self.count = v.count
        self.starter = v.starter
        self.played = [[], []]
        for seat, card in v.played:
            self.played[seat].append(card)
        self.crib = list(g.crib)
        self._prepare()

    # ---- saving and the log ----
    def _save(self):
        if self.store is None or not self.human:
            return
        try:
            self.store.save(bytes((LEVELS.index(self.level),)) + save_match(self.match))
            self.saved_at = len(self.game.moves)
        except OSError as e:
            self._say("Not saved: %s" % e)

    def _drop_save(self):
        if self.store is None or not self.human:
            return
        try:
            self.store.clear()
        except OSError as e:
            self._say("Save not deleted: %s" % e)

    def _game_done(self, match_won):
        """The game is over: add it to the statistics, then export its log,
        each from a replay of its events (so a resumed game counts whole). A
        game already counted (its over page shown again after a power cut)
        is only exported. Short of memory, neither is half done. The
        computer player is forgotten first (it comes back at its next move):
        a heap the size of a Pico's holds both only just."""
        if not self.human:
            return
        for name in _COMPUTER:
            _unload(name)
        gc.collect()
        sm = _module("firmware.stats")
        stats = sm.Stats(self.app.hw.storage)
        problem = stats.load()
        k = sm.key(self.game)
        try:
            if not stats.counted(k):
                replay(self.game, stats.feed)
                if self.match_over and self.match.games > 1:
                    stats.add_match(match_won)
                stats.mark(k)
                if not stats.save():
                    problem = stats.problem
            stats = None
            self.app.hw.storage.write(LOG_NAME, log_bytes(self.game, None, self.log_room))
        except OSError as e:
            self._say("Log not written: %s" % e)
        except MemoryError:
            self._say("Not saved: out of memory")
        if problem:
            self.notice = ("Statistics", problem)

    # ---- strings, made when the table changes (never in draw) ----
    def _say(self, text, ms=_T_MSG):
        self.msg = text
        self.msg_ms = ms
        self.line = text

    def _prepare(self):
        n = self.names
        s = self.scores
        crib = "\x86crib" if self.dealer == 0 else "crib\x85"
        self.s_top = ("%s %d" % (n[0], s[0]), "%s %d" % (n[1], s[1]), crib)
        self.s_count = "%d" % self.count
        self.idle = self._idle_text()
        if not self.msg:
            self.line = self.idle

    def _idle_text(self):
        g = self.game
        if self.mode == DISCARD:
            return "Pick 2 for %s crib" % ("your" if self.dealer == 0 else "CPU's")
        if self.mode == CONFIRM:
            return "A: lay away  B: undo"
        if self.opp is not None and self.opp and self.starter is not None:
            return "%s %s" % (self.names[1], cards_text(self.opp))
        if self.mode == PLAY:
            return "Your turn: A plays"
        if g is not None and g.phase == "play" and self.starter is not None:
            return "%s holds %d" % (self.names[1], self.opp_left)
        return ""

    def _set_mode(self, mode):
        if mode != self.mode:
            self.mode = mode
            self.idle = self._idle_text()
            if not self.msg:
                self.line = self.idle

    # ---- events, one at a time ----
    def _apply(self, e):
        """Change the table by one engine event; the ms it should stay."""
        kind = e[0]
        names = self.names
        if not visible(e, 0, self.game.open_hands or not self.human):
            if kind == "crib":  # the computer laid two away: say so, not which
                self.crib.append(e[2])
                self.crib.append(e[3])
                self.opp_left = 4
                self._say("%s lays away 2" % names[1])
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
            self._say("%s %s, %d" % (names[seat], card_text(card), e[3]))
            return _T_CPU_PLAY if seat == 1 or not self.human else _T_MY_PLAY
        if kind == "score":
            seat, points, total, reason = e[1], e[2], e[3], e[4]
            self.scores[seat] = total
            peg = self.app.pegboard
            if peg is not None:
                peg.set_pegs(seat, total, total - points, True)
            if reason == "peg":
                self._say("%s %s" % (names[seat], peg_text(self.pile, points)))
            elif reason == "go":
                last = not self.hand and not self.opp_left
                self._say("%s %s for 1" % (names[seat], "last card" if last else "go"))
            elif reason == "heels":
                self._say("%s: heels for 2" % names[seat])
            elif reason == "muggins":
                self._say("%s takes %d by muggins" % (names[seat], points))
            else:
                return 0  # hand and crib: the show page said it
            return _T_SCORE
        if kind == "go":
            if e[1] == 0 and self.human:
                self._say("Go: no card fits")
            else:
                self._say("%s: go" % names[e[1]])
            return _T_GO
        if kind == "reset":
            self.pile = []
            self.count = 0
            self._say("Count back to 0")
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
                self.opp_left = 4
                self._say("%s lays away %s" % (names[1], cards_text(e[2:4])))
                return _T_CRIB
            return 0
        if kind == "starter":
            self.starter = e[1]
            self._say("Starter %s" % card_text(e[1]))
            return _T_STARTER
        if kind == "deal":
            self._clear_table()
            self.dealer = e[1]
            self.opp_left = 6
            self._say("%s deal%s" % (names[e[1]], "" if e[1] == 0 and self.human else "s"))
            return _T_DEAL
        if kind == "claim":
            self.claimed = (e[1], e[3])
            return 0
        if kind == "show":
            self._open_show(e[1], e[2], e[3])
            self.claimed = None
            return 0
        if kind == "cut":
            self._open_cut(e[1], e[2])
            return 0
        if kind == "end":
            self._open_over(e[1], e[2], e[3], e[4])
            return 0
        return 0

    # ---- pages ----
    def _open_cut(self, a, b):
        self.page = CUT_PAGE
        self.page_ms = _T_CUT
        self.page_cards = [a, b]
        if a >> 2 == b >> 2:
            self.lines = ["Same rank: cut again"]
        else:
            low = 0 if a >> 2 < b >> 2 else 1
            self.lines = [
                "Lower card deals:",
                "%s deal%s" % (self.names[low], "" if low == 0 and self.human else "s"),
            ]

    def _open_show(self, seat, what, points):
        cards = self.crib if what == "crib" else self.played[seat]
        who = "Your" if seat == 0 and self.human else self.names[seat] + "'s"
        self.title = "%s %s: %d" % (who, what, points)
        self.page_cards = list(cards)
        self.page_starter = self.starter
        lines = []
        for item in hand_breakdown(cards, self.starter, what == "crib"):
            lines.append(show_line(item))
        lines.append("total %d" % points if lines else "nothing: 0")
        claimed = self.claimed
        if claimed is not None and claimed[0] == seat:
            said = "You said %d" if seat == 0 and self.human else self.names[seat] + " said %d"
            lines.insert(0, said % claimed[1])
            taken = self._muggins_ahead()
            if taken is not None:
                lines.append("%s takes %d: muggins" % (self.names[taken[1]], taken[2]))
        self.lines = lines
        self.shown = 1
        self.top_line = 0
        self.page_ms = _T_LINE
        self.page = SHOW_PAGE

    def _muggins_ahead(self):
        # the ("score", seat, points, total, "muggins") this show leads to
        for e in self.queue:
            if e[0] == "score":
                if e[4] == "muggins":
                    return e
            elif e[0] != "end":
                return None
        return None

    def _open_over(self, winner, s0, s1, skunk):
        self.page = OVER_PAGE
        self.page_ms = _OVER_AUTO
        wins = list(self.match.wins)
        if not self.over_seen:
            wins[winner] += 1  # the match counts this game at next_game()
        names = self.names
        if self.human:
            head = "You win!" if winner == 0 else "The computer wins"
        else:
            head = "%s wins" % names[winner]
        lines = [head, "%s %d  %s %d" % (names[0], s0, names[1], s1)]
        if skunk:
            lines.append("Double skunk!" if skunk == "double-skunk" else "Skunk!")
        games = self.match.games
        self.match_over = max(wins) * 2 > games
        if games > 1:
            lines.append("Match %d-%d (best of %d)" % (wins[0], wins[1], games))
            if self.match_over:
                w = 0 if wins[0] > wins[1] else 1
                lines.append(
                    "%s win%s the match!" % (names[w], "" if w == 0 and self.human else "s")
                )
        self.title = "Game over"
        self.lines = lines
        self.foot = "A: menu" if self.match_over else "A: next game"
        if not self.over_seen:
            self.over_seen = True
            peg = self.app.pegboard
            if peg is not None:
                peg.celebrate(winner)
            self._game_done(wins[0] > wins[1])
            if self.match_over:
                self._drop_save()

    def _page_update(self, dt, events):
        a = _b.happened(events, "press", A)
        page = self.page
        if page == CUT_PAGE:
            self.page_ms -= dt
            if a or self.page_ms <= 0 or self._stepped(events):
                self.page = NO_PAGE
                return True
            return False
        if page == SHOW_PAGE:
            n = len(self.lines)
            changed = False
            if _b.went(events, DOWN) and self.top_line + _SHOW_ROWS < self.shown:
                self.top_line += 1
                changed = True
            if _b.went(events, UP) and self.top_line > 0:
                self.top_line -= 1
                changed = True
            self.page_ms -= dt
            if a or self._stepped(events):
                if self.shown < n:
                    self.shown = n
                    self.top_line = max(0, n - _SHOW_ROWS)
                else:
                    self.page = NO_PAGE
                return True
            if self.page_ms <= 0:
                if self.shown < n:
                    self.shown += 1
                    self.top_line = max(0, self.shown - _SHOW_ROWS)
                    self.page_ms = _T_LINE
                    return True
                if not self.human and self.page_ms <= -2000:
                    self.page = NO_PAGE
                    return True
            return changed
        if page == OVER_PAGE:
            self.page_ms -= dt
            if a or (not self.human and (self.page_ms <= 0 or self._stepped(events))):
                self._after_game()
                return True
        return False

    def _stepped(self, events):
        return False  # the demo steps on any button

    def _after_game(self):
        self.page = NO_PAGE
        if self.match_over:
            self._finished()
            return
        self.match.next_game()
        self._begin(self.match)
        self.queue = self.game.take_events()
        self._save()

    def _finished(self):
        self.app.pop()

    # ---- the frame ----
    def update(self, dt, events):
        if not self.ready or self.game is None:
            return False
        if self.notice:
            title, text = self.notice
            self.notice = None
            self.app.push(MessageScreen(title, text))
            return True
        changed = False
        if self.msg_ms > 0:
            self.msg_ms -= dt
            if self.msg_ms <= 0:
                self.msg = ""
                self.line = self.idle
                changed = True
        if _b.happened(events, "press", B) and self.mode != CONFIRM:
            self._pause()
            return True
        if self.page != NO_PAGE:
            return self._page_update(dt, events) or changed
        if self.wait > 0:
            if _b.happened(events, "press", A) or self._stepped(events):
                self.wait = 0
                return True
            self.wait -= dt
            if self.wait > 0:
                return changed
        if self.queue:
            self.wait = self._apply(self.queue.pop(0))
            self._prepare()
            return True
        return self._decide(events) or changed

    def _decide(self, events):
        g = self.game
        if g.phase == "over":
            if self.page == NO_PAGE:
                self._set_mode(BUSY)
                self._open_over(g.winner, g.scores[0], g.scores[1], g.skunk)
                return True
            return False
        # who must act (g.waiting() without its per-frame tuple)
        if g.phase == "discard":
            seat = 1 if not g.discards[1] else 0 if not g.discards[0] else -1
        elif g.phase == "count":
            seat = 0 if self.mode == COUNT else g.waiting()[0]
        else:
            seat = g.turn
        if seat < 0:
            return False
        if seat == 1 or not self.human:
            self._set_mode(BUSY)
            self._computer_move(seat)
            return True
        if self.saved_at != len(g.moves):
            self._save()
        if g.phase == "discard":
            return self._discard_input(events)
        if g.phase == "count":
            return self._count_input(events)
        return self._play_input(events)

    def _computer_move(self, seat):
        g = self.game
        seed = (g.seed * 2654435761 + len(g.moves) * 40503 + seat) & 0x7FFFFFFF
        level = self.levels[seat] if self.levels else self.level
        player = _computer(level, seed or 1)
        view = g.view(seat)
        if g.phase == "discard":
            g.act(seat, player.discard(view))
        elif g.phase == "count":  # the computer counts exactly (engine.score)
            if hasattr(player, "count"):
                g.act(seat, player.count(view))
            else:
                g.act(seat, hand_score(view.count_cards, view.starter, view.counting == "crib"))
        else:
            g.act(seat, player.play(view))
        self.queue.extend(g.take_events())

    def _human_done(self):
        self.queue.extend(self.game.take_events())
        self.marked = []
        self._set_mode(BUSY)
        self._save()

    def _discard_input(self, events):
        hand = self.hand
        n = len(hand)
        if self.mode != DISCARD and self.mode != CONFIRM:
            self.cursor = 0
            self.marked = []
            self.dimmed = 0
            self._set_mode(DISCARD)
            return True
        changed = False
        if self.mode == CONFIRM:
            if _b.happened(events, "press", A):
                g = self.game
                g.discard(0, hand[self.marked[0]], hand[self.marked[1]])
                self._human_done()
                return True
            if _b.happened(events, "press", B):
                self.marked.pop()
                self.msg = ""
                self._set_mode(DISCARD)
                return True
            return False
        if _b.went(events, LEFT) and n:
            self.cursor = (self.cursor - 1) % n
            changed = True
        if _b.went(events, RIGHT) and n:
            self.cursor = (self.cursor + 1) % n
            changed = True
        if _b.happened(events, "press", A) and n:
            if self.cursor in self.marked:
                self.marked.remove(self.cursor)
            else:
                self.marked.append(self.cursor)
                if len(self.marked) == 2:
                    self._set_mode(CONFIRM)
                    c = self.marked
                    self._say("Crib: %s %s?" % (card_text(hand[c[0]]), card_text(hand[c[1]])), 0)
            changed = True
        return changed

    def _count_input(self, events):
        """Muggins (V4): UP/DOWN change your count by 1, RIGHT/LEFT by 2, A
        claims it; the engine says what it was worth."""
        if self.mode != COUNT:
            v = self.game.view(0)
            self.page_cards = list(v.count_cards)
            self.page_starter = v.starter
            self.title = "Count your %s" % v.counting
            self.claim = 0
            self.s_claim = "0"
            self._set_mode(COUNT)
            return True
        step = 0
        if _b.went(events, UP):
            step += 1
        if _b.went(events, DOWN):
            step -= 1
        if _b.went(events, RIGHT):
            step += 2
        if _b.went(events, LEFT):
            step -= 2
        if step:
            n = self.claim + step
            self.claim = 0 if n < 0 else _MOST if n > _MOST else n
            self.s_claim = "%d" % self.claim
            return True
        if _b.happened(events, "press", A):
            self.game.claim(0, self.claim)
            self._human_done()
            return True
        return False

    def _play_input(self, events):
        g = self.game
        hand = self.hand
        n = len(hand)
        dimmed = 0
        fits = 0
        for i in range(n):
            if g.can_play(0, hand[i]):
                fits += 1
            else:
                dimmed |= 1 << i
        if not fits:  # R8: nothing fits, so the go is said for you
            self.dimmed = dimmed
            g.go(0)
            self._human_done()
            return True
        if self.mode != PLAY:
            self.dimmed = dimmed
            if not 0 <= self.cursor < n or dimmed & (1 << self.cursor):
                for i in range(n):
                    if not dimmed & (1 << i):
                        self.cursor = i
                        break
            self._set_mode(PLAY)
            return True
        changed = False
        if _b.went(events, LEFT):
            self.cursor = (self.cursor - 1) % n
            changed = True
        if _b.went(events, RIGHT):
            self.cursor = (self.cursor + 1) % n
            changed = True
        if _b.happened(events, "press", A):
            card = hand[self.cursor]
            if dimmed & (1 << self.cursor):
                self._say("%s would pass 31" % card_text(card))
                return True
            g.play(0, card)
            self._human_done()
            return True
        return changed

    # ---- pause menu and hints ----
    def _pause(self):
        self.app.push(PauseMenu(self))

    def hint_text(self):
        """Advice for the decision you face now, in words."""
        g = self.game
        if self.mode == COUNT:
            return "Muggins is on: count it yourself. What you leave out, the computer takes."
        if self.mode not in (DISCARD, CONFIRM, PLAY) or 0 not in g.waiting():
            return "No hint now: wait for your turn."
        try:
            from engine import opponent
        except ImportError:
            return "Hints need the computer player, which is not installed."
        view = g.view(0)
        if g.phase == "discard":
            out = ["Lay away (points expected):"]
            for c1, c2, pts in opponent.hint_discard(view)[:3]:
                out.append("%s %s  %.1f" % (card_text(c1), card_text(c2), pts))
            return "\n".join(out)
        rated = opponent.hint_play(view)
        if not rated:
            return "Nothing fits: go."
        out = ["Play (points, net):"]
        for card, value in rated[:3]:
            out.append("%s  %+.1f" % (card_text(card), value))
        return "\n".join(out)

    def quit(self):
        if self.game.phase != "over" or not self.match_over:
            self._save()
        self.app.home()

    def abandon(self):
        self._drop_save()
        self.app.home()

    def leave(self):
        peg = self.app.pegboard if self.app else None
        if peg is not None:
            peg.celebrate(-1)

    # ---- drawing (no formatting here) ----
    def draw(self, cv):
        page = self.page
        if page == SHOW_PAGE:
            self._draw_show(cv)
            return
        if page == CUT_PAGE:
            self._draw_cut(cv)
            return
        if page == OVER_PAGE:
            self._draw_lines(cv, self.title, self.lines, self.foot)
            return
        if self.mode == COUNT:
            self._draw_count(cv)
            return
        top = self.s_top
        cv.text(top[0], 0, 0)
        cv.right(top[1], cv.width, 0)
        cv.center(top[2], 0)
        cv.dotted_hline(0, 8, cv.width)
        pile = self.pile
        y = 10
        if self.starter is None:
            cv.card_back(115, y)
            opp = self.opp
            if opp:  # open hands: the computer's six cards
                for i in range(len(opp)):
                    cv.card(i * 17, y, opp[i])
            else:
                for i in range(self.opp_left):
                    cv.card_back(i * 6, y)
        else:
            cv.card(115, y, self.starter)
            n = len(pile)
            pitch = 14 if n < 6 else 65 // (n - 1)  # eight cards fit left of the count
            for i in range(n):
                cv.card(i * pitch, y, pile[i])
            cv.text("count", 80, y + 1)
            cv.text(self.s_count, 86, y + 10)
        cv.text(self.line, 0, 30)
        mode = self.mode
        cursor = self.cursor if mode == DISCARD or mode == PLAY else -1
        chosen = 0
        for i in self.marked:
            chosen |= 1 << i
        dim = self.dimmed if mode == PLAY else 0
        cv.hand(self.hand, 39, cursor, 0, dim, chosen)

    def _draw_cut(self, cv):
        title_bar(cv, "Cut for deal")
        c = self.page_cards
        cv.card(30, 12, c[0])
        cv.card(85, 12, c[1])
        cv.center(self.names[0], 33, 1, 18, 37)
        cv.center(self.names[1], 33, 1, 73, 37)
        y = 45
        for s in self.lines:
            cv.center(s, y)
            y += 9

    def _draw_show(self, cv):
        self._draw_cards(cv)
        end = min(self.shown, self.top_line + _SHOW_ROWS)
        y = 31
        for i in range(self.top_line, end):
            cv.text(self.lines[i], 1, y)
            y += 8
        if self.shown >= len(self.lines):
            cv.glyph(0x85, 122, 16)  # all told: A goes on

    def _draw_count(self, cv):
        self._draw_cards(cv)
        cv.text("Your count:", 1, 34)
        x = cv.text(self.s_claim, 74, 34)
        cv.invert(72, 33, x - 71, 9)
        cv.text("\x87\x88 1  \x86\x85 2  A: claim", 1, 55)

    def _draw_cards(self, cv):
        title_bar(cv, self.title)
        cards = self.page_cards
        for i in range(len(cards)):
            cv.card(1 + i * 15, 10, cards[i])
        if self.page_starter is not None:
            cv.text("+", 64, 16)
            cv.card(71, 10, self.page_starter)

    def _draw_lines(self, cv, title, lines, foot):
        title_bar(cv, title)
        y = 11
        for s in lines:
            cv.center(s, y)
            y += 9
        cv.center(foot, 56)


class PauseMenu(ListScreen):
    ITEMS = ("Back to the game", "Hint", "Save and quit", "Abandon match")

    def __init__(self, play):
        ListScreen.__init__(self, "Paused", list(self.ITEMS))
        self.play = play

    def choose(self, index):
        app = self.app
        if index == 0:
            app.pop()
        elif index == 1:
            text = self.play.hint_text()
            app.pop()
            app.push(MessageScreen("Hint", text))
        elif index == 2:
            app.pop()
            self.play.quit()
        else:
            app.replace(AbandonMenu(self.play))


class AbandonMenu(ListScreen):
    def __init__(self, play):
        ListScreen.__init__(self, "Abandon the match?", ["No, play on", "Yes, abandon it"])
        self.play = play

    def choose(self, index):
        self.app.pop()
        if index == 1:
            self.play.abandon()


def make(app):
    return PlayScreen()
