"""A game's exported log (``last.log``, docs/gamelog.md), made from a
replay of its decisions (so a resumed game exports whole): ``write_log``
in frame-sized steps, the replay given by the caller (``replay(game,
on_event)``, a generator of a few decisions replayed a step:
``firmware.play.finished._replay_steps``) for the game-over mode
(firmware.play.finished). Imports ``engine.gamelog``;
``firmware.play.game_log_buffer`` for a storage that writes whole files.
"""

# The log's file is "last.log"; "last.tmp" the log being written, renamed
# over it when whole. Both are split from one string where used: a literal
# under 11 characters would be a name interned for good on a device.


def _stream_log(storage, game, replay):
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

        yield from replay(game, put)
    finally:
        f.close()
    storage.rename(tmp, log)


def write_log(storage, game, replay, room=None):
    """``game``'s log written to ``storage`` as "last.log", in frame-sized
    steps: a line at a time where the storage can append to a file
    (``_stream_log``), else made in memory first (``log_steps``, in
    ``room`` when it fits). OSError and MemoryError go to the caller."""
    if room is None and hasattr(storage, "open_append"):
        yield from _stream_log(storage, game, replay)
    else:  # a storage that only writes whole files: the log made in memory first
        from firmware.play.game_log_buffer import log_steps

        buf = yield from log_steps(game, replay, None, room)
        storage.write("last.log last.tmp".split()[0], buf)
