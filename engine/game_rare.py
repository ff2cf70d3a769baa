"""The steps of a game (``engine.game``) that only some games or moments
need, kept out of engine/game.py so that a game in progress does not hold
them on a device: the settings of any game but the six-card one to 121
checked (``settings``: five-card V5, fixed deals V6, to 61), the end of a
game of fixed deals (``over``, V6), a muggins claim (``claim``, V4), the
words of a refused decision (``refused``), the replay of saved decisions
(``replay``, to resume a game) and a game played out by two player objects
(``run``, the PC's). engine.game's ``_rare(step, ...)`` loads this module
for one step and, on a device, forgets it after; the functions and methods
of engine.game of the same meaning call it, so no caller does. A six-card
game to 121 never loads it on a device (unless a decision is refused): its
start and its end stay in engine.game, as a module coming and going at
those moments, with whatever the computer or a page then holds, would leave
a device's heap at the menu not quite the same after every game.
Imports engine.game; engine.cards (a refused card's name) and engine.score
(a claim's and ``run``'s exact counts) when needed.
"""

from engine.game import CLAIM, GO, MAX_DEALS, TIE, IllegalMove

try:
    from micropython import const
except ImportError:
    const = lambda x: x  # noqa: E731  CPython has no const()

_DISCARD = const(1)  # engine.game's
_OVER = const(3)  # engine.game's
_COUNT = const(4)  # engine.game's

# The words of a refused decision, by engine.game's reason codes (its _NO_SEAT...).
WORDS = (
    "no such player: %r",
    "the game is over",
    "it is not time to discard",
    "you have already laid your two cards away",
    "lay two different cards in the crib",
    "you can only discard cards you hold",
    "it is not time to play a card",
    "it is not your turn",
    "you can only play a card you hold",
    "%s would take the count past 31 (it is %d)",
    "you cannot say go: %s fits under 31",
    "lay exactly two cards in the crib",
    "first_dealer must be 0, 1 or None",
    "the game has already started",
)


def refused(why, args):
    """The IllegalMove for reason ``why`` (an index into WORDS), formatted
    with ``args``: a card is named by its text, a seat shown as given; a
    ValueError for Game()'s first dealer."""
    if why == 12:
        return ValueError(WORDS[why])
    if why == 0:
        return IllegalMove(WORDS[0] % args)
    if args:
        from engine.cards import text

        args = (text(args[0]),) + args[1:]
        return IllegalMove(WORDS[why] % args)
    return IllegalMove(WORDS[why])


def settings(target, variant, deals):
    """engine.game's ``check_settings``: the target (0 for fixed deals, V6)
    or a ValueError naming the settings the rules have."""
    if target is None and not deals:
        target = 61 if variant == "five" else 121
    if (
        variant not in ("six", "five")
        or not isinstance(deals, int)
        or (deals and (deals % 2 or not 2 <= deals <= MAX_DEALS or target))
        or (not deals and target != 61 and (target != 121 or variant == "five"))
    ):
        raise ValueError(
            "settings: six-card to 121 or 61, five-card to 61 (V5), or an even number"
            " of deals 2..%d with no target (V6)" % MAX_DEALS
        )
    return target or 0


def claim(g, seat, points):
    """``Game.claim`` (V4): ``seat`` counts its own hand or crib as
    ``points``; an overclaim is corrected to the real value, points left out
    go to the other seat (muggins)."""
    from engine.score import show_score

    g._check_seat(seat)
    if g._phase != _COUNT:
        raise IllegalMove("it is not time to count a hand")
    who, what, cards = g._counted()
    if seat != who:
        raise IllegalMove("it is not your count")
    if not isinstance(points, int) or not 0 <= points <= 29:
        raise IllegalMove("a count is a number from 0 to 29")
    g.moves.append(seat)
    g.moves.append(CLAIM + points)
    g.events.append(("claim", seat, what, points))
    actual = show_score(cards, g.starter, what == "crib")
    g.events.append(("show", seat, what, actual))
    got = points if points < actual else actual
    if got and g._award(seat, got, what):
        return
    if actual > got and g._award(1 - seat, actual - got, "muggins"):
        return
    g._show_step += 1
    g._show()


def over(g):
    """V6: after the last deal the higher total wins; equal totals tie; no skunks."""
    s0, s1 = g.scores
    g.winner = 0 if s0 > s1 else 1 if s1 > s0 else TIE
    g.skunk = ""
    g._phase = _OVER
    g.events.append(("end", g.winner, s0, s1, ""))


def replay(game, moves, on_event=None):
    """engine.game's ``replay_moves``: start ``game`` and feed it ``moves``."""
    game.start()
    events = game.events
    i = 0
    n = len(moves)
    while True:
        if on_event is not None:
            for e in events:
                on_event(e)
        del events[:]
        if i >= n:
            return game
        seat = moves[i]
        code = moves[i + 1]
        try:
            if game._phase == _COUNT:
                game.claim(seat, code - CLAIM)
            elif game._phase == _DISCARD:
                if i + 3 >= n or moves[i + 2] != seat:
                    raise IllegalMove("a discard needs two cards")
                game.discard(seat, code, moves[i + 3])
                i += 2
            elif code == GO:
                game.go(seat)
            else:
                game.play(seat, code)
        except IllegalMove as e:
            raise IllegalMove("decision %d: %s" % (i // 2 + 1, e))
        i += 2


def run(game, players, on_event=None):
    """engine.game's ``run``: play ``game`` to the end with two player
    objects; a player without a ``count()`` method counts every hand exactly."""
    if game.phase == "new":
        game.start()
    while True:
        if on_event is not None:
            for event in game.take_events():
                on_event(event)
        else:
            game.events = []
        seat = game.to_act()
        if seat < 0:
            return game.winner
        view = game.view(seat)
        player = players[seat]
        if game._phase == _DISCARD:
            game.act(seat, player.discard(view))
        elif game._phase != _COUNT:
            game.act(seat, player.play(view))
        elif hasattr(player, "count"):
            game.act(seat, player.count(view))
        else:
            from engine.score import show_score

            game.act(seat, show_score(view.count_cards, view.starter, view.counting == "crib"))
