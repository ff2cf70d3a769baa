"""The whole game of one side of a table, every card known once a deal is
revealed (``Full``, an engine.game.Game dealt only the deals given it):
``replay_deal`` plays a revealed deal again in it, which refuses any
decision the rules did not allow, then shows the deal in the side's own
game (engine.table.hidden) and writes the deal's log lines; Cheat
(engine.table.deal) when either refuses or their scores differ.
``record`` is a finished deal as its cards and decisions in the bytes a
save holds (``Peer.done`` is a count byte and then these, one deal after
another), ``deals`` reads them back a deal at a time, which
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
    """Deal ``dl`` of this ``seat``, the other's ``hand`` and ``discards``
    revealed, as bytes: seat 0's hand, seat 1's, the starter, seat 0's
    discards, seat 1's, the number of plays and each play as the seat and
    the card (52 for a go)."""
    hands = [None, None]
    hands[seat] = dl.cards
    hands[1 - seat] = hand
    laid = [None, None]
    laid[seat] = dl.mine
    laid[1 - seat] = discards
    out = bytearray(hands[0])
    out += bytes(hands[1])
    out.append(dl.starter)
    out += bytes(laid[0])
    out += bytes(laid[1])
    out.append(len(dl.plays))
    for who, card in dl.plays:
        out.append(who)
        out.append(52 if card is None else card)
    return out


def deals(done, k):
    """The deals of ``done`` (a count byte, then each ``record``; ``k``
    cards a hand) one at a time, as ``(hands, starter, laid, plays)``."""
    at = 1
    for _ in range(done[0]):
        hands = (tuple(done[at : at + k]), tuple(done[at + k : at + 2 * k]))
        at += 2 * k
        starter = done[at]
        laid = (tuple(done[at + 1 : at + 3]), tuple(done[at + 3 : at + 5]))
        n = done[at + 5]
        at += 6
        plays = []
        for i in range(at, at + 2 * n, 2):
            plays.append((done[i], None if done[i + 1] == 52 else done[i + 1]))
        at += 2 * n
        yield hands, starter, laid, plays


def end(data, at, k):
    """Where the finished deals written from byte ``at`` of ``data`` (their
    count, then each ``record``) end; ValueError when the bytes end first."""
    if at >= len(data):
        raise ValueError("the saved table is damaged")
    count = data[at]
    at += 1
    for _ in range(count):
        at += 2 * k + 6
        if at > len(data):
            raise ValueError("the saved table is damaged")
        at += 2 * data[at - 1]
    if at > len(data):
        raise ValueError("the saved table is damaged")
    return at
