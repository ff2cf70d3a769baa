"""A game's exported log (docs/gamelog.md) made in memory, for a storage
that only writes whole files (the web page's): ``log_steps``, which
firmware.play.game_log's ``write_log`` uses there; a device's files take
the log a line at a time instead, so its code is not on a device's heap at
a game's end (the play mode's 96 KB budget, emulated Pico). Imports
``engine.gamelog``.
"""


def log_steps(game, replay, on_event=None, room=None):
    """The GAMELOG text of ``game`` so far, made in memory, as a generator of
    frame-sized steps (``replay``'s); it returns the log as a
    bytearray (or a memoryview of ``room``, a bytearray to reuse, when it is
    big enough); ``on_event`` also sees every event. Two replays, one to measure and one
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

    yield from replay(game, measure)
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
    yield from replay(game, lambda e: put(line(e)))
    return buf
