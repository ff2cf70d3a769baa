"""Two sides of a table (engine.table.peer) joined by an in-memory pipe, for
the table's tests: ``Pipe`` carries each side's bytes to the other (or holds
them while ``down``), ``play_out`` drives both with engine players until the
match is over. ``check_matches`` plays many and checks their logs (engine.logcheck). Not a
test module. Imports engine.logcheck, engine.logread, engine.players,
engine.table.peer, engine.table.settings.
"""

from engine import logcheck
from engine.logread import text_lines
from engine.players import RandomPlayer
from engine.table.peer import Peer
from engine.table.settings import Settings

TEST = "t31"  # the tests' prime: fast, no protection (engine.table.sra)


class Pipe:
    def __init__(self, a, b):
        self.sides = (a, b)
        self.down = False
        self.held = ([], [])

    def flow(self):
        """Each side's work due (as much as its ``step`` lets it), then carry
        what each side sent; True when anything went."""
        moved = False
        for side in self.sides:
            moved = side.work() or moved
        for i in (0, 1):
            out = self.sides[i].take_out()
            if self.down:
                continue  # a dropped link loses what was in flight
            for frame in out:
                self.sides[1 - i].feed(frame)
                moved = True
        return moved


def table(seed, step=0, **settings):
    """Two sides (``step``: the work each does a flow, 0 all) and their pipe."""
    settings.setdefault("prime", TEST)
    s = Settings(**settings)
    a = Peer(0, b"host %d" % seed, s)
    b = Peer(1, b"guest %d" % seed, None)
    a.step = b.step = step
    return a, b, Pipe(a, b)


def decide(peer, player):
    v = peer.game.view(peer.seat)
    return player.discard(v) if v.phase == "discard" else player.play(v)


def play_out(a, b, pipe, players=None, limit=100000):
    """Both sides play on until the match is over; the number of steps."""
    players = players or (RandomPlayer(a.seed or 1), RandomPlayer(7))
    steps = 0
    while not (a.over and b.over):
        moved = pipe.flow()
        for peer in (a, b):
            if peer.waiting():
                peer.act(decide(peer, players[peer.seat]))
                moved = True
        if a.broken or b.broken or not moved:
            raise AssertionError("stuck: %r %r %r %r" % (a.broken, b.broken, a.notes, b.notes))
        steps += 1
        if steps > limit:
            raise AssertionError("no end")
    return steps


KINDS = (
    {},
    {"target": 61},
    {"variant": "five"},
    {"deals": 2},
    {"games": 3, "variant": "five"},
)


def check_matches(count, step=0, **extra):
    """``count`` seeded matches, their kinds in turn from ``KINDS``: both logs
    the same, replaying clean, nothing refused, the match won; the logs."""
    logs = []
    for seed in range(count):
        settings = dict(KINDS[seed % len(KINDS)])
        settings.update(extra)
        a, b, pipe = table(seed, step, **settings)
        play_out(a, b, pipe)
        check_log(a, b)
        logs.append(a.log)
    return logs


def check_log(a, b, refusals=False):
    """Both sides' logs the same and replaying clean, the match won;
    nothing refused unless ``refusals``."""
    assert a.log == b.log
    if not refusals:
        assert not a.notes and not b.notes, (a.notes, b.notes)
    text = "\n".join(a.log) + "\n"
    replayed = list(logcheck.replay_lines(text_lines(text)))
    assert len(replayed) == a.game_no
    for g in replayed:
        assert g.winner is not None
    assert a.wins == b.wins and max(a.wins) * 2 > a.settings.games
