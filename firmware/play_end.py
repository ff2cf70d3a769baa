"""The end of a game against the computer: its statistics and its exported
log (``last.log``, docs/gamelog.md), each from a replay of its decisions (so a
resumed game counts whole and exports whole). Loaded by
``firmware.screens.play`` only when a game ends. Imports ``engine.game``,
``engine.gamelog`` and ``firmware.stats``.

Statistics: a game counts once, in its kind's record (``firmware.stats``
keeps its key), even when its over page shows again after a power cut;
then it is only exported. Short of memory, neither is half done.
"""

LOG_NAME = "last.log"
# What this module loads (it and engine.gamelog, which nothing else on the
# device imports): the play screen forgets them together after a game's end.
MODULES = ("firmware.play_end", "engine.gamelog")


def replay(game, on_event):
    """Play ``game``'s decisions again from its seed into a fresh game,
    calling ``on_event(event)`` for every event in order (hidden ones too):
    the whole game's events even after a resume, without keeping them."""
    from engine.game import replay_moves

    return replay_moves(game.blank(), game.moves, on_event)


def log_bytes(game, on_event=None, room=None):
    """The GAMELOG text of ``game`` so far as a bytearray (or a memoryview
    of ``room``, a bytearray to reuse, when it is big enough), replayed from
    its decisions (so a resumed game exports whole); ``on_event`` also sees
    every event. Two replays, one to measure and one to fill the buffer, so
    a whole game's lines are never held at once. ``engine.gamelog`` is
    imported between two collections (what a replay throws away leaves no
    holes among what stays)."""
    import gc

    gc.collect()
    from engine.gamelog import header, line

    gc.collect()

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


def game_done(storage, match, match_over, match_won, room=None):
    """``match``'s game is over: count it in the statistics kept in
    ``storage`` (and the match when ``match_over``, ``match_won`` saying
    who won it), then write its log there, in ``room`` when it fits.
    Returns ``(problem, failed)``: a statistics problem to show (or None),
    and a line saying what failed (or None)."""
    import firmware.stats as sm

    game = match.game
    # each kind of game apart: six-card to a target, five-card (V5), fixed deals (V6)
    stats = sm.Stats(storage, "statsd" if game.deals else "stats5" if game.five else sm.NAME)
    k = sm.key(game)
    problem = failed = None
    try:
        problem = stats.load()  # short of memory, the statistics are left as they are
        if not stats.counted(k):
            replay(game, stats.feed)
            if match_over and match.games > 1:
                stats.add_match(match_won)
            stats.mark(k)
            if not stats.save():
                problem = stats.problem
        stats = None
        storage.write(LOG_NAME, log_bytes(game, None, room))
    except OSError as e:
        failed = "Log not written: %s" % e
    except MemoryError:
        failed = "Not saved: out of memory"
    return problem, failed
