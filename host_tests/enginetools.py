"""Test helpers for engine tests (portable): rigged deals and short cuts,
and a match played on to its second game. Imports engine.cards and
engine.game."""

from engine.cards import parse_many
from engine.game import Game


def cards(text):
    return parse_many(text)


def rigged_game(first_dealer, dealt0, dealt1, starter, target=121, scores=None, more=()):
    """A started game whose first deal gives seat 0 and seat 1 the named six
    cards and turns ``starter``; ``more`` are further (dealt0, dealt1, starter)."""
    g = Game(1, target, first_dealer)
    g.rigged = [(cards(dealt0), cards(dealt1), cards(starter)[0])]
    for d0, d1, st in more:
        g.rigged.append((cards(d0), cards(d1), cards(st)[0]))
    g.start()
    if scores is not None:
        g.scores = list(scores)
    return g


def lines(game):
    """The events since the last call, as GAMELOG lines."""
    from engine.gamelog import line

    return [line(e) for e in game.take_events()]


def plays(game, seat_cards):
    """Play 'A:5H B:go ...' decisions in order."""
    for word in seat_cards.split():
        who, what = word.split(":")
        seat = "AB".index(who)
        if what == "go":
            game.go(seat)
        else:
            game.play(seat, cards(what)[0])


def first_game_played(m, players):
    """Plays the match ``m`` by ``players`` (one a seat) until its first game
    is played out and the second begun."""
    while m.played < 1:
        seat = m.game.waiting()[0]
        view = m.game.view(seat)
        p = players[seat]
        m.game.act(seat, p.discard(view) if m.game.phase == "discard" else p.play(view))
        if m.game.winner is not None:
            m.next_game()
