"""A new side of a table (engine.table.peer) put where a match stood as a
deal began, from the bytes engine.table.standing made of it (``snap``):
``restart(peer, data)`` sets the coins, the settings, the seed, the game's
number and first dealer, the wins, the message numbers, the log and the
messages still to be asked for, starts that game and plays its finished
deals again, every card known (no cryptography, no messages); ValueError
when the bytes are damaged. Loaded only after a power cut
(engine.table.resume's ``restore``). Imports engine.table.replay,
engine.table.settings, engine.table.standing.
"""

from engine.table.replay import deals, end, replay_deal
from engine.table.settings import decode
from engine.table.standing import Log

_HEAD = 86  # bytes before the log


def restart(peer, data):
    if len(data) < _HEAD:
        raise ValueError("the saved table is damaged")
    peer.their_commit = data[:32]
    peer.their_coin = data[32:64]
    peer.settings = decode(data[64:70])
    peer.seed = data[70] << 24 | data[71] << 16 | data[72] << 8 | data[73]
    peer.game_no = data[74] << 8 | data[75]
    peer.wins = [data[76], data[77]]
    first = None if data[78] == 2 else data[78]
    peer.next_in = data[79] << 8 | data[80]
    peer.next_out = data[81] << 8 | data[82]
    n = data[83] << 16 | data[84] << 8 | data[85]
    at = _HEAD + n
    if at > len(data):
        raise ValueError("the saved table is damaged")
    log = Log(data[_HEAD:at])
    k = 5 if peer.settings.variant == "five" else 6
    to = end(data, at, k)
    done = bytearray(data[at:to])  # as the save has them: engine.table.replay's
    at = to
    here = (first, peer.next_in, peer.next_out, log.size())
    peer.sent = {}
    while at + 4 <= len(data):
        seq = data[at] << 8 | data[at + 1]
        m = data[at + 2] << 8 | data[at + 3]
        peer.sent[seq] = data[at + 4 : at + 4 + m]
        at += 4 + m
    peer.out = []
    peer.game = None
    # within a game its start is in the log already: written again, it goes
    # to a log of its own, dropped
    peer.log = Log() if done[0] else log
    peer._new_game(first)
    for rec in deals(done, k):
        _redo(peer, rec)
    peer.log = log
    peer.done = done
    peer.snapshot = here


def _redo(peer, rec):
    # a finished deal of the game in progress played again, every card
    # known: no cryptography, no messages
    g = peer.game
    hands, starter, laid, plays = rec
    me = peer.seat
    g.dealt_in(hands[me])
    g.discard(me, laid[me][0], laid[me][1])
    g.discard(1 - me, 0, 0)
    g.starter_in(starter)
    for seat, card in plays:
        g.act(seat, card)
    dl = Revealed(hands[me], laid[me], starter, plays)
    replay_deal(peer.full, g, dl, me, hands[1 - me], laid[1 - me], [])
    g.take_events()


class Revealed:
    """What ``replay_deal`` reads of a deal, from its record."""

    def __init__(self, cards, mine, starter, plays):
        self.cards = cards
        self.mine = mine
        self.starter = starter
        self.plays = plays
