"""The whole game of one side of a table, every card known once a deal is
revealed (``Full``, an engine.game.Game dealt only the deals given it):
``replay_deal`` plays a revealed deal again in it, which refuses any
decision the rules did not allow, then shows the deal in the side's own
game (engine.table.hidden) and writes the deal's log lines; Cheat
(engine.table.deal) when either refuses or their scores differ.
``record`` is a finished deal as its cards and decisions, which
engine.table.restart plays again after a power cut. Imports
engine.game, engine.gamelog, engine.table.deal.
"""

from engine.game import Game, IllegalMove
from engine.gamelog import line
from engine.table.deal import Cheat


class Full(Game):
    def _deal(self):
        if self.rigged:
            Game._deal(self)


def replay_deal(full, game, dl, seat, hand, discards, log):
    """Deal ``dl`` of this ``seat``, the other's ``hand`` and ``discards``
    revealed, in ``full`` then ``game``; its log lines onto ``log``."""
    hands = [None, None]
    hands[seat] = tuple(dl.cards)
    hands[1 - seat] = tuple(hand)
    laid = [None, None]
    laid[seat] = dl.mine
    laid[1 - seat] = discards
    full.rigged = [(hands[0], hands[1], dl.starter)]
    Game._deal(full)
    try:
        full.discard(0, laid[0][0], laid[0][1])
        full.discard(1, laid[1][0], laid[1][1])
        for who, card in dl.plays:
            full.act(who, card)
    except IllegalMove as e:
        raise Cheat("a decision the rules do not allow: %s" % e)
    if game.pending == "show":
        try:
            game.show_in(hand, discards)
        except IllegalMove as e:
            raise Cheat(str(e))
    for ev in full.take_events():
        log.append(line(ev))
    if full.scores != game.scores or full.winner != game.winner:
        raise Cheat("the deal's scores differ from the rules'")


def record(seat, dl, hand, discards):
    """``(hands, starter, laid, plays)`` of deal ``dl`` of this ``seat``,
    the other's ``hand`` and ``discards`` revealed."""
    hands = [None, None]
    hands[seat] = tuple(dl.cards)
    hands[1 - seat] = tuple(hand)
    laid = [None, None]
    laid[seat] = tuple(dl.mine)
    laid[1 - seat] = tuple(discards)
    return hands, dl.starter, laid, list(dl.plays)
