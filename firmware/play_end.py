"""The end of a game against the computer: its statistics and its exported
log (``last.log``, docs/gamelog.md), each from a replay of its decisions (so a
resumed game counts whole and exports whole). Loaded by
``firmware.screens.play`` only when a game ends. Imports ``engine.game``,
``engine.gamelog`` and ``firmware.stats``.

Statistics: a game counts once, in its kind's record (``firmware.stats``
keeps its key), even when its over page shows again after a power cut;
then it is only exported. Short of memory, neither is half done.
``game_done_steps`` does it all in frame-sized steps (a few decisions
replayed each), for the play screen; ``game_done`` at once.
"""

# The log's file is "last.log"; "last.tmp" the log being written, renamed
# over it when whole. Both are split from one string where used: a literal
# under 11 characters would be a name interned for good on a device.
# What this module loads (it and engine.gamelog, which nothing else on the
# device imports): the play screen forgets them together after a game's end.
MODULES = ("firmware.play_end", "engine.gamelog")

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  CPython has no const()

_STEP = const(6)  # decisions replayed a frame at a game's end (~5 ms each on a Pico)


def replay(game, on_event):
    """Play ``game``'s decisions again from its seed into a fresh game,
    calling ``on_event(event)`` for every event in order (hidden ones too):
    the whole game's events even after a resume, without keeping them."""
    from engine.game import replay_moves

    return replay_moves(game.blank(), game.moves, on_event)


def _replay_steps(game, on_event):
    # engine.game.replay_moves a few decisions a frame: a generator returning
    # the replayed game (here, not in engine.game, which a game holds all along)
    from engine.game import CLAIM, GO

    g = game.blank()
    g.start()
    events = g.events
    moves = game.moves
    n = len(moves)
    i = 0
    done = 0
    while True:
        for e in events:
            on_event(e)
        del events[:]
        if i >= n:
            return g
        seat = moves[i]
        code = moves[i + 1]
        phase = g.phase
        if phase == "count":
            g.claim(seat, code - CLAIM)
        elif phase == "discard":
            g.discard(seat, code, moves[i + 3])
            i += 2
        elif code == GO:
            g.go(seat)
        else:
            g.play(seat, code)
        i += 2
        done += 1
        if done % _STEP == 0:
            yield


def log_steps(game, on_event=None, room=None):
    """``log_bytes`` as a generator of frame-sized steps (6 decisions
    replayed each); it returns the log. Two replays, one to measure and one
    to fill the buffer, so a whole game's lines are never held at once.
    ``engine.gamelog`` is imported between two collections (what a replay
    throws away leaves no holes among what stays)."""
    import gc

    gc.collect()
    from engine.gamelog import header, line

    gc.collect()
    yield
    head = header(game)
    size = len(head) + 1

    def measure(e):
        nonlocal size
        size += len(line(e)) + 1  # log lines are ASCII: one byte a character
        if on_event is not None:
            on_event(e)

    yield from _replay_steps(game, measure)
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
    yield from _replay_steps(game, lambda e: put(line(e)))
    return buf


def _stream_log(storage, game):
    """``game``'s log written a line at a time (``storage.open_append``) to
    ``last.tmp``, then renamed over ``last.log``: one replay, and no buffer
    the size of the log (4 KB the play screen would hold all game); a power
    cut leaves the last complete log. Frame-sized steps, as ``log_steps``."""
    import gc

    gc.collect()
    from engine.gamelog import header, line

    gc.collect()
    yield
    log, tmp = "last.log last.tmp".split()
    if storage.exists(tmp):
        storage.remove(tmp)  # a log cut short by a power cut
    f = storage.open_append(tmp)
    try:
        f.write(header(game).encode())
        f.write(b"\n")

        def put(e):
            f.write(line(e).encode())
            f.write(b"\n")

        yield from _replay_steps(game, put)
    finally:
        f.close()
    storage.rename(tmp, log)


def _run(steps):
    # a generator of steps run to its end: what it returns
    try:
        while True:
            next(steps)
    except StopIteration as e:
        return e.value


def log_bytes(game, on_event=None, room=None):
    """The GAMELOG text of ``game`` so far as a bytearray (or a memoryview
    of ``room``, a bytearray to reuse, when it is big enough), replayed from
    its decisions (so a resumed game exports whole); ``on_event`` also sees
    every event."""
    return _run(log_steps(game, on_event, room))


def log_text(game, on_event=None):
    """``log_bytes`` as a str."""
    return bytes(log_bytes(game, on_event)).decode()


def game_done(storage, match, match_over, match_won, room=None):
    """``match``'s game is over: count it in the statistics kept in
    ``storage`` (and the match when ``match_over``, ``match_won`` saying
    who won it), then write its log there, in ``room`` when it fits.
    Returns ``(problem, failed)``: a statistics problem to show (or None),
    and a line saying what failed (or None)."""
    return _run(game_done_steps(storage, match, match_over, match_won, room))


def game_done_steps(storage, match, match_over, match_won, room=None, counted=None, coach=None):
    """``game_done`` as a generator of steps that each fit a frame (the play
    screen runs one a frame, so the over page shows at once and no frame
    freezes); it returns ``(problem, failed)``. ``counted()``, when given, is
    called once the statistics are done, before the log (the play screen
    forgets ``firmware.stats`` there: the log's replays need the room).
    ``coach``: your decisions as the play screen weighed them (deals, what
    the discards and the plays gave up: ``firmware.play_input.weigh``), for
    the statistics (``Stats.add_coach``)."""
    game = match.game
    problem = failed = None
    try:
        import firmware.stats as sm  # loaded at a game's end: short of memory, said

        # each kind of game apart: six-card to a target, five-card (V5), fixed deals (V6)
        stats = sm.Stats(storage, "statsd" if game.deals else "stats5" if game.five else sm.NAME)
        k = sm.key(game)
        problem = stats.load()  # short of memory, the statistics are left as they are
        yield
        if not stats.counted(k):
            yield from _replay_steps(game, stats.feed)
            yield  # the save in a frame of its own (a littlefs write: up to 60 ms)
            if match_over and match.games > 1:
                stats.add_match(match_won)
            if coach is not None:
                stats.add_coach(coach[0], coach[1], coach[2])
            stats.mark(k)
            if not stats.save():
                problem = stats.problem
            yield
        stats = sm = None
        if counted is not None:
            counted()
        if room is None and hasattr(storage, "open_append"):
            yield from _stream_log(storage, game)
        else:  # a storage that only writes whole files: the log made in memory first
            buf = yield from log_steps(game, None, room)
            storage.write("last.log last.tmp".split()[0], buf)
    except OSError as e:
        failed = "Log not written: %s" % e
    except MemoryError:
        failed = "Not saved: out of memory"
    return problem, failed
