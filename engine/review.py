"""The coach: one seat's decisions in a logged game (docs/gamelog.md, any
writer's log that ``engine.logcheck`` accepts) compared with the computer's
best, as lines a player reads.

Every discard of the seat is set against the best keep by expected points
(the hand, plus the crib when it is the seat's own, minus it when not:
engine.opponent.hint_discard) and, near the end of a game, against the best
chance to win the expert level finds (engine.expert, the win-chance table);
every card played against the best
card by hard's pegging value (engine.opponent.hint_play: what it pegs less
what the other may peg back). The summary says what the discards and the
plays gave up a deal, and the biggest loss; the discards' figure is every
discard's engine.opponent.discard_loss summed (``Review.lost``, hundredths
of a point), and the plays' every play's play_loss (``Review.played``): the
figures the device keeps in its statistics (firmware.store.stats).

``review(text, seat)`` gives the lines of every game in ``text``,
``review_file(f, seat)`` those of a file read a line at a time (constant
memory: the decisions are weighed as engine.logcheck replays the log, so
review takes every log replay takes);
``review_moves(game, seat)`` reviews a Game from its decisions (the device,
at a game's end, through ``review_steps``: a decision at a time); LogError
(engine.logcheck) for a log that does not check. Imports engine.cards,
engine.game, engine.opponent, engine.expert, engine.pegging; engine.logcheck, engine.winprob and
engine.logread only for a log (the device reviews a Game: the log reader is not loaded there).
"""

from engine.cards import text as card_text

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  CPython has no const()

_SMALL = const(0.05)  # a loss below this many points is not worth a line


def _cards(cards):
    return " ".join([card_text(c) for c in cards])


def _keep(hand, c1, c2):
    return [c for c in hand if c != c1 and c != c2]


class Review:
    """What one seat gave up in one game: ``discards`` and ``plays`` lists of
    (deal, loss in points, line) worth a line, ``deals`` the seat's discards
    reviewed, ``lost`` what all of them gave up (hundredths of a point,
    engine.opponent.discard_loss), ``played`` what all its plays gave up
    (engine.opponent.play_loss)."""

    def __init__(self):
        self.discards = []
        self.plays = []
        self.deals = 0
        self.lost = 0
        self.played = 0


class _Watch:
    """The ``watch`` of engine.logcheck's replay: weighs each decision of
    ``seat`` on the replayed game before the game takes it, into ``review``
    (a fresh ``Review`` for each game, from ``next_game``)."""

    def __init__(self, seat):
        self.seat = seat
        self.review = Review()
        self.hands = 0  # hand lines seen in this deal

    def __call__(self, game, n, e):
        from engine.opponent import discard_loss, hint_discard, hint_play, play_loss

        kind = e[0]
        seat = self.seat
        if kind == "deal":
            self.hands = 0
        elif kind == "hand":
            self.hands += 1
        elif kind == "crib":
            if self.hands < 2:
                from engine.logread import LogError

                raise LogError(
                    "line %d: to be reviewed, a log shows both hands of every deal "
                    "(a 'hand' line for A and for B)" % n
                )
            if e[1] != seat or game.phase != "discard" or game.discards[seat]:
                return
            v = game.view(seat)
            if e[2] == e[3] or e[2] not in v.hand or e[3] not in v.hand:
                return  # not a discard: the replay names the line
            r = self.review
            r.deals += 1
            r.lost += discard_loss(v, e[2], e[3])
            _discard(r, v, e[2], e[3], hint_discard(v, True), game.deal_number)
        elif kind == "play":
            if e[1] != seat or game.phase != "play" or game.turn != seat:
                return
            if not game.can_play(seat, e[2]):
                return  # not a play: the replay names the line
            v = game.view(seat)
            rates = hint_play(v)
            r = self.review
            r.played += play_loss(v, e[2], rates)
            _play(r, v, e[2], rates, game.deal_number)

    def next_game(self):
        done = self.review
        self.review = Review()
        self.hands = 0
        return done


def review_lines(lines, seat):
    """The lines of the review of ``seat`` (0 for A, 1 for B) in every game
    of ``lines`` (``(number, text)`` pairs: engine.logread.file_lines or
    text_lines), each game's as it is checked: one game's lines held at a
    time, so a log of any length is reviewed in constant memory. A log of
    several games gives each a ``game N`` line first. LogError (naming the
    game when it is not the first) for a log that does not check."""
    from engine import expert, logcheck, pegging, winprob  # noqa: F401

    # the code the weighing loads when first asked (the pegging's, the
    # expert's, the win-chance table's check) loaded now, while the heap is whole: under
    # MicroPython from source, compiling it in the middle of a long log's
    # review needs room the log's games have cut up
    table = winprob.open_table()
    if table is not None:
        table.close()
    watch = _Watch(seat)
    games = logcheck.replay_lines(lines, watch)
    held = None  # the first game's lines, until it is known whether a second follows
    n = 0
    while True:
        try:
            game = _next(games)
        except logcheck.LogError as e:
            if n:
                raise logcheck.LogError("game %d: %s" % (n + 1, e))
            raise
        if game is None:
            break
        n += 1
        got = lines_of(watch.next_game())
        if n == 1:
            held = got
            continue
        if n == 2:
            yield "game 1"
            for x in held:
                yield x
            held = None
        yield "game %d" % n
        for x in got:
            yield x
    if held is not None:
        for x in held:
            yield x


def _next(it):
    # next(it, None): MicroPython's next() may not take a default
    try:
        return next(it)
    except StopIteration:
        return None


def review_file(f, seat):
    """``review_lines`` over a file opened in binary mode, a line at a time."""
    from engine.logread import file_lines

    return review_lines(file_lines(f), seat)


def review_game(text_, seat):
    """A ``Review`` of ``seat`` (0 for A, 1 for B) in one game's log."""
    from engine import logcheck
    from engine.logread import text_lines

    watch = _Watch(seat)
    games = logcheck.replay_lines(text_lines(text_), watch)
    if _next(games) is None:
        raise logcheck.LogError("empty log: no 'game 1 ...' line")
    for _ in games:
        raise logcheck.LogError("the text holds more than one game (split it first)")
    return watch.next_game()


def review_steps(game, seat):
    """``review_moves`` as a generator that yields after each decision of
    ``seat`` it weighs (a discard's loss, its options, then its chances near
    the end; or a play: each a frame's work on a Pico) and returns the ``Review``. What it
    yields is how far it is: the index in ``game.moves`` it has reached."""
    from engine.game import CLAIM, GO
    from engine.opponent import discard_loss, hint_discard, hint_play, play_loss

    g = game.blank()
    g.start()
    g.events = []
    moves = game.moves
    r = Review()
    i = 0
    while i + 1 < len(moves):
        s = moves[i]
        code = moves[i + 1]
        phase = g.phase
        if phase == "discard":
            c2 = moves[i + 3]
            if s == seat:
                v = g.view(seat)
                r.deals += 1
                r.lost += discard_loss(v, code, c2)
                yield i
                options = hint_discard(v, True)
                yield i
                _discard(r, v, code, c2, options, g.deal_number)
                yield i
            g.discard(s, code, c2)
            i += 4
        else:
            if phase == "count":
                g.claim(s, code - CLAIM)
            elif code == GO:
                g.go(s)
            else:
                if s == seat:
                    v = g.view(seat)
                    rates = hint_play(v)
                    r.played += play_loss(v, code, rates)
                    _play(r, v, code, rates, g.deal_number)
                    yield i
                g.play(s, code)
            i += 2
        g.events = []
    return r


def review_moves(game, seat):
    """A ``Review`` of ``seat`` in ``game`` (a Game, finished or not), from its
    seed and decisions (``game.moves``): what the device reviews at a game's
    end, without a log."""
    it = review_steps(game, seat)
    try:
        while True:
            next(it)
    except StopIteration as e:
        return e.value


def lines_of(r):
    """Every line of a ``Review``: discards, plays, the summary."""
    out = []
    for d in r.discards:
        out.append(d[2])
    for p in r.plays:
        out.append(p[2])
    out.extend(summary(r))
    return out


def _chances(v, c1, c2):
    # (chance of the kept cards, best chance) in 0..1 near the end, as the
    # expert level weighs them (engine.expert); None away from it or without a table
    try:
        from engine import expert
    except ImportError:
        return None
    if not expert.near(v):
        return None
    got = expert.chances(v)
    if got is None:
        return None
    sums, n = got
    mine = None
    best = 0
    for i in range(len(sums)):
        j, k = expert._pair(v, i)
        if {v.hand[j], v.hand[k]} == {c1, c2}:
            mine = sums[i]
        if sums[i] > sums[best]:
            best = i
    j, k = expert._pair(v, best)
    return mine / (255 * n), sums[best] / (255 * n), v.hand[j], v.hand[k]


def _discard(r, v, c1, c2, options, deal):
    best = options[0]
    chosen = None
    top = best
    for o in options:
        if {o[0], o[1]} == {c1, c2}:
            chosen = o
        if o[3] > top[3]:
            top = o
    loss = top[3] - chosen[3]
    near = _chances(v, c1, c2)
    lost_chance = near[1] - near[0] if near is not None else 0.0
    if loss < _SMALL and lost_chance < 0.005:
        return
    keep = _cards(_keep(v.hand, c1, c2))
    if loss < _SMALL:  # as many points, but a smaller chance to win near the end
        better = _cards(_keep(v.hand, near[2], near[3]))
        r.discards.append(
            (
                deal,
                loss,
                "deal %d: kept %s, win chance -%d%% (best %s)"
                % (deal, keep, int(lost_chance * 100 + 0.5), better),
                keep,
                better,
            )
        )
        return
    better = _cards(_keep(v.hand, top[0], top[1]))
    line = "deal %d: kept %s (%.1f points) over %s (%.1f), -%.1f" % (
        deal,
        keep,
        chosen[3],
        better,
        top[3],
        loss,
    )
    if lost_chance >= 0.005:
        line += ", win chance -%d%%" % int(lost_chance * 100 + 0.5)
    r.discards.append((deal, loss, line, keep, better))


def _play(r, v, card, rates, deal):
    if len(rates) < 2:
        return
    mine = None
    for c, value in rates:
        if c == card:
            mine = value
    best_card, best = rates[0]
    if mine is None or best - mine < _SMALL:
        return
    loss = best - mine
    r.plays.append(
        (
            deal,
            loss,
            "deal %d: played %s at %d, %s was better by %.1f"
            % (deal, card_text(card), v.count, card_text(best_card), loss),
        )
    )


def summary(r):
    """The summary lines of a ``Review``."""
    n = r.deals or 1
    out = []
    if r.discards:
        big = r.discards[0]
        for d in r.discards:
            if d[1] > big[1]:
                big = d
        out.append(
            "your discards gave up %.1f points a deal; biggest: deal %d, keep %s over %s, -%.1f"
            % (r.lost / (100 * n), big[0], big[3], big[4], big[1])
        )
    else:
        out.append("your discards gave up nothing: every keep was the best (%d deals)" % r.deals)
    out.append(
        "your plays gave up %.1f points a deal (%d plays below the best)"
        % (r.played / (100 * n), len(r.plays))
    )
    return out


def review(text_, seat):
    """The lines of the review of ``seat`` in every game of ``text_``."""
    from engine.logread import text_lines

    return list(review_lines(text_lines(text_), seat))
