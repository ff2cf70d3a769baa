"""Starting a match on the play screen (``firmware.play.screen``): resuming
the saved match, a new match from the settings, or a rematch with the same
settings when a match is over. Loaded by the screen only for that (entering,
a rematch) and forgotten after (``MODULES``). The computer's choices are
seeded from the game and the number of decisions so far (the screen's
``_computer_move``), so a resumed game goes on exactly as it would have.
Imports ``engine.deal``, ``engine.match``, ``engine.replay``,
``engine.restore`` and ``firmware.play.save``.
"""

from engine.deal import GO
from engine.match import Match
from engine.replay import finish
from engine.restore import SaveError, load_match_steps
from firmware.play.save import LEVELS

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  CPython has no const()

# what this module loads: the play screen forgets it once the match has started
# (engine.restore and engine.replay only resume a match: a game in progress
# holds neither)
MODULES = ("firmware.play.match_start", "engine.restore", "engine.replay")


def _clock_seed(screen):
    return (screen.app.hw.clock.ticks_ms() * 40503 + screen.app.frames) & 0x3FFFFFFF


# a saved game's decisions replayed a step as play opens on a device (~2 ms
# each on the emulated Pico: a 121 game's whole replay in one frame is 280 ms)
RESUME_STEP = const(24)


def open_steps(screen, staged=False):
    """The play screen's match opened, as a generator: a rematch when it has
    a game, else the saved match resumed (on a device, ``staged``, its
    replay ``RESUME_STEP`` decisions a step) or a new match."""
    if screen.game is not None:
        rematch(screen)
        return
    if not (yield from resume(screen, RESUME_STEP if staged else 0)):
        new_match(screen)


def resume(screen, step=0):
    """Go on with the saved match, as a generator (its replay a step every
    ``step`` decisions: ``load_steps``) that returns False when there is none
    (``screen.notice`` says why when it was damaged)."""
    rears = [None, None]
    coach = [0, 0, 0, 0, []]
    level, match, screen.notice = yield from load_steps(screen.store, rears, step, coach)
    if match is None:
        return False
    screen.level = level
    if not match.game.moves:  # a game not begun (the game-over mode dealt it): shown from its start
        game = match.game.blank()
        game.start()
        match.game = game
        screen._begin(match)
        screen.queue = game.take_events()
        return True
    screen._begin(match)
    if len(coach) == 5:  # the save's coach figures, and the decisions since noted again
        coach.append(False)
        screen.coach = coach
    screen.saved_at = len(screen.game.moves)
    sync(screen.table, screen.game)
    screen._peg_deals()
    peg = screen.app.pegboard
    if peg is not None:  # each rear peg where the last award left it
        for seat in (0, 1):
            if rears[seat] is not None:
                peg.set_pegs(seat, screen.game.scores[seat], rears[seat])
    if screen.game.phase != "over":
        screen.table.say("Welcome back")
    return True


def load(store, rears=None):
    """The match saved in ``store`` (``firmware.play.save.open_store``) as
    ``(level, match, notice)``, at once: ``load_steps``."""
    return finish(load_steps(store, rears))


def load_steps(store, rears=None, step=0, coach=None):
    """The match saved in ``store`` as ``(level, match, notice)``, as a
    generator: the record read and checked in its first step, then its
    decisions replayed a step every ``step`` (0: at once). ``match`` is
    None when there is none or it cannot be resumed, ``notice`` a
    ``(title, text)`` to show, or None. A record the match cannot be
    restored from (an illegal decision, an inner save of an unknown
    version) is refused like a damaged one: named, kept aside as .bad,
    and the copy before it resumed (a record whose decisions do not replay
    is found only in the replay: the store is read again with it refused).
    ``rears``, a list of two, gets each seat's score before its last award
    in the game (None: no award yet), where the pegboard's rear peg stands.
    ``coach``, the play screen's coach list (firmware.play.your_turn's
    ``note``) to fill from the figures saved after the match record
    (firmware.play.save's ``payload``): your decisions the save had not
    weighed are noted again as they are replayed; a save without them
    leaves it one item short (its game is weighed whole at its end)."""
    got = [None]
    last = [None, None]
    refused = []  # (payload, why) of records whose decisions did not replay

    def seen(e):
        if e[0] == "score":
            last[e[1]] = e[3] - e[2]

    def check(data, version):
        got[0] = None
        for bad, why in refused:
            if bad == data:
                return why
        try:
            if len(data) < 2 or data[0] >= len(LEVELS):
                raise SaveError("the save has an unknown difficulty")
            record, before = _record(data, coach)
            steps = load_match_steps(record, seen, step, before)
            next(steps)  # opened and checked, all but the decisions
            got[0] = steps
        except SaveError as e:
            return str(e)
        return None

    while True:
        notice = None
        try:
            data, version, problem = store.load(check)
        except MemoryError:
            raise  # not a verdict on the save: starting afresh would overwrite it
        except Exception as e:  # storage that cannot even be read
            data, problem = None, "the save could not be read: %s" % e
        if problem:
            notice = ("Saved match", problem)
        if data is None or got[0] is None:
            return None, None, notice
        last[0] = last[1] = None
        yield  # the record read and checked: the replay from the next step
        try:
            match = yield from got[0]
            break
        except SaveError as e:  # read again, this record refused
            refused.append((data, str(e)))
    if rears is not None:
        rears[0], rears[1] = last
    return LEVELS[data[0]], match, notice


def split(data):
    """A save's payload ``data`` (firmware.play.save's ``payload``: the level
    byte, the match record, maybe the coach's figures) as ``(record,
    figures)``: the match record, and the coach's figures after it (10
    bytes) or None when it has none (extra bytes stay in the record, which
    restoring then refuses); the record is a view of ``data``."""
    n = len(data)
    end = 27 + 2 * (data[23] << 8 | data[24]) if n >= 25 else n  # level, 26 + 2 a decision
    whole = memoryview(data)  # the record a view of the save: no copy held through the replay
    if n == end + 11 and data[end] == 67:
        return whole[1:end], data[end + 1 :]
    return whole[1:], None


def _record(data, coach):
    # the match record in a save's payload ``data``, and with the coach's
    # figures after it ``coach`` set from them and the replay's ``before``
    # that notes your decisions from the first not weighed; else (no
    # figures) ``coach`` cut to 4 items and no ``before``
    record, t = split(data)
    if coach is None:
        return record, None
    del coach[4:]
    if t is None:
        return record, None
    coach[0] = t[0]
    coach[1] = t[1] << 16 | t[2] << 8 | t[3]
    coach[2] = t[4] << 16 | t[5] << 8 | t[6]
    coach[3] = t[7]
    at = t[8] << 8 | t[9]
    noted = []
    coach.append(noted)
    # the decisions' bytes, after their count, before the CRC (a view: no copy
    # of them held through the replay)
    moves = memoryview(record)[24:-2]

    def before(game, i):
        # your discard or card played from ``at`` on, noted as your_turn's ``note`` notes it
        if i < at or moves[i] != 0:
            return
        phase = game.phase
        if phase == "discard":
            noted.append((game.view(0), moves[i + 1], moves[i + 3], game.deal_number, i))
        elif phase == "play" and moves[i + 1] != GO:
            noted.append((game.view(0), moves[i + 1], None, game.deal_number, i))

    return record, before


def sync(t, game):
    """The table ``t`` (firmware.play.table.Table) as ``game`` stands: a
    resumed game, its events all told."""
    v = game.view(0)
    t.scores = list(game.scores)
    t.dealer = game.dealer
    t.deal_no = game.deal_number
    t.hand = list(v.hand)
    t.opp = list(v.opponent_hand) if v.opponent_hand is not None else None
    t.opp_left = v.opponent_left
    t.pile = list(v.pile)
    t.count = v.count
    t.starter = v.starter
    t.played = [[], []]
    for seat, card in v.played:
        t.played[seat].append(card)
    t.kept = [list(game.kept[0]), list(game.kept[1])]  # shown at the show only
    t.crib = list(game.crib)
    t.prepare(game)


def new_match(screen):
    """A new match of the settings' game and length, saved in the next frame."""
    s = screen.app.settings
    seed = screen.seed
    if seed is None:
        seed = _clock_seed(screen)
    screen.level = screen._settings_level()
    screen._begin(
        Match(s.match, seed, s.target or None, None, s.open_hands, s.muggins, s.variant, s.deals)
    )
    screen.queue = screen.game.take_events()
    screen.to_save = True  # saved in the next frame (firmware.play.screen)


def rematch(screen):
    """A on a finished match's page: a rematch with the same settings
    (length, target, open hands, muggins, difficulty), saved in the next frame."""
    m = screen.match
    if screen.seed is None:
        seed = _clock_seed(screen)
    else:
        screen.seed += 1  # a seeded screen (tests): the next seed
        seed = screen.seed
    screen._begin(
        Match(m.games, seed, m.target or None, None, m.open_hands, m.muggins, m.variant, m.deals)
    )
    screen.queue = screen.game.take_events()
    screen.to_save = True  # saved in the next frame (firmware.play.screen)
