# portable
"""A table (engine.table) against a hostile or unlucky other side: garbage
bytes, a message too long, a bad checksum, a replayed message, a message
that is not due, an illegal move, a move out of turn, numbers that are no
encrypted card are each refused with a message and change nothing, and the
match then plays on to identical, clean logs; a go said while holding a
card that fits, or discards other than the ones laid away, are caught when
the deal is revealed and end the match as broken, never as a crash; a link
that drops pauses and resumes; a power cut on either side resumes from the
save (engine.table.resume), which holds the deal in progress's messages
alone, its work done at once or spread over calls. Runs on CPython and MicroPython."""

from engine.game import IllegalMove
from engine.table import resume
from engine.table.frame import MAGIC, encode
from tablerig import check_log, play_out, table


def _until(a, b, pipe, done, limit=2000):
    # both sides play (first cards, first fitting card) until done()
    for _ in range(limit):
        if done():
            return
        pipe.flow()
        for peer in (a, b):
            if peer.waiting():
                g = peer.game
                hand = g.hands[peer.seat]
                if g.phase == "discard":
                    peer.act((hand[0], hand[1]))
                else:
                    fits = [c for c in hand if g.can_play(peer.seat, c)]
                    peer.act(fits[0] if fits else None)
    raise AssertionError("never done")


def _state(peer):
    g = peer.game
    v = g.view(peer.seat)
    return (peer.next_in, bytes(g.moves), g.pending, v.scores, v.hand, v.pile, v.count, g.turn)


def _at_play(seed=5):
    a, b, pipe = table(seed)
    _until(a, b, pipe, lambda: a.game is not None and a.game.phase == "play" and not a.game.pending)
    pipe.flow()
    return a, b, pipe


def _refused(victim, inject, finish=True, a=None, b=None, pipe=None):
    before = _state(victim)
    notes = len(victim.notes)
    inject()
    assert _state(victim)[1:] == before[1:]
    assert len(victim.notes) > notes and victim.notes[-1].startswith("refused")
    assert not victim.broken
    if finish:
        victim.notes = []
        pipe.flow()
        other = b if victim is a else a
        other.notes = []  # the victim's "E" replies, said on the other side
        play_out(a, b, pipe)
        check_log(a, b)


def test_garbage_too_long_and_bad_checksum_refused():
    a, b, pipe = _at_play()
    good = encode(b.next_out, b"M", b"\x05")
    bad = bytearray(good)
    bad[-1] ^= 1
    for junk in (b"\x00\xff garbage", bytes((MAGIC, 0xFF, 0xFF)) + b"x" * 40, bytes(bad)):
        _refused(a, lambda: a.feed(junk), finish=False)
    a.notes = []
    _refused(a, lambda: a.feed(b"noise"), True, a, b, pipe)


def test_replayed_message_refused():
    a, b, pipe = _at_play()
    old = b.sent[max(b.sent)]
    _refused(a, lambda: a.feed(old), True, a, b, pipe)


def test_message_not_due_refused():
    a, b, pipe = _at_play()
    b._send(b"C", b.coin)  # the coin again, long after the open
    _refused(a, pipe.flow, True, a, b, pipe)


def test_move_out_of_turn_and_illegal_moves_refused():
    for card in ("out of turn", "mine", "not a card", "past 31"):
        a, b, pipe = _at_play(6)
        g = a.game
        victim, evil = (a, b) if g.turn == b.seat else (b, a)
        vg = victim.game
        if card == "out of turn":
            victim, evil = evil, victim
            vg = victim.game
            payload = bytes((evil.game.hands[evil.seat][0],))
        elif card == "mine":
            payload = bytes((vg.hands[victim.seat][0],))
        elif card == "not a card":
            payload = bytes((60,))
        else:
            vg.count = 30  # a count where only an ace fits (both sides agree)
            evil.game.count = 30
            big = [c for c in evil.game.hands[evil.seat] if c >> 2 > 0]
            payload = bytes((big[0],))
        evil._send(b"M", payload)
        before = _state(victim)
        pipe.flow()
        assert _state(victim)[1:] == before[1:], card
        assert victim.notes and "refused" in victim.notes[-1], (card, victim.notes)
        assert not victim.broken


def test_numbers_that_are_no_encrypted_card_refused():
    p = table(2)[0].settings.p
    for bad in ("twice", "no residue", "short"):
        a, b, pipe = table(2)
        deck = None
        while deck is None:  # carry the open; hold back seat 0's deck
            for frame in a.take_out():
                if frame[5:6] == b"D":
                    deck = frame
                else:
                    b.feed(frame)
            for frame in b.take_out():
                a.feed(frame)
        values = list(a.deal.first)
        if bad == "twice":
            values[1] = values[0]
        elif bad == "no residue":
            values[7] = p - 1  # -1 is no residue: p = 3 mod 4
        payload = b"".join([v.to_bytes(4, "big") for v in values])
        if bad == "short":
            payload = payload[:-4]
        b.feed(encode(b.next_in, b"D", payload))
        assert b.notes and "refused" in b.notes[-1], (bad, b.notes)
        assert b.deal.first is None and b.deal.deck is None and not b.broken


def test_a_false_go_is_caught_at_the_reveal():
    a, b, pipe = _at_play(8)
    g = a.game
    evil = b if g.turn == b.seat else a
    honest = a if evil is b else b
    assert [c for c in evil.game.hands[evil.seat] if evil.game.can_play(evil.seat, c)]
    eg = evil.game  # its own rules bent: it says go anyway, and goes on from there
    eg.gone[evil.seat] = True
    eg._next_turn()
    evil.deal.plays.append((evil.seat, None))
    evil._send(b"M", bytes((52,)))
    evil._pump()
    pipe.flow()
    assert not honest.broken  # a go is taken on trust in the play ...
    try:
        _until(a, b, pipe, lambda: honest.broken, 400)
    except (AssertionError, IllegalMove):
        pass
    assert honest.broken and "rules do not allow" in honest.broken, honest.broken


def test_other_discards_than_laid_away_are_caught():
    a, b, pipe = table(9)
    _until(a, b, pipe, lambda: b.deal is not None and b.deal.mine is not None)
    hand = b.deal.cards
    b.deal.mine = (hand[2], hand[3])  # it will reveal two cards it did not lay away
    _until(a, b, pipe, lambda: a.broken)
    assert "not the ones it laid away" in a.broken


def test_a_dropped_link_pauses_and_resumes():
    a, b, pipe = table(11, games=3)
    for stretch in range(12):
        for _ in range(7 + stretch):
            pipe.flow()
            for peer in (a, b):
                if peer.waiting() and not peer.over:
                    _one(peer)
        pipe.down = True
        for peer in (a, b):
            if peer.waiting():
                _one(peer)  # decided while the link is down: lost in flight
        pipe.flow()
        pipe.down = False
        a.resume_link()
        b.resume_link()
    a.notes = []
    b.notes = []
    play_out(a, b, pipe)
    check_log(a, b, refusals=True)


def _one(peer):
    g = peer.game
    hand = g.hands[peer.seat]
    if g.phase == "discard":
        peer.act((hand[-1], hand[-2]))
    else:
        fits = [c for c in hand if g.can_play(peer.seat, c)]
        peer.act(fits[-1] if fits else None)


def test_a_power_cut_on_either_side_resumes_from_the_save():
    for cut in (0, 1):
        a, b, pipe = table(12 + cut, games=3)
        for _ in range(3):
            _until(a, b, pipe, lambda: a.game_no >= 1 and a.game.deal_number >= 2 + _, 3000)
            sides = [a, b]
            data = resume.save(sides[cut])
            # the same bytes handed on a piece at a time (a device writes them
            # to the file so, with no buffer of the whole save)
            pieces = []
            resume.write(sides[cut], pieces.append)
            assert b"".join([bytes(p) for p in pieces]) == bytes(data)
            assert max([len(p) for p in pieces]) < len(data)
            # everything in memory lost; the journal's work at once, or a
            # power a call as the device does it (the test prime's cost)
            sides[cut] = resume.restore(data, 16 if _ == 1 else 0)
            assert sides[cut].snapshot is not None  # a later game: from its start
            sides[1 - cut].resume_link()  # the other sees the link come back
            a, b = sides
            pipe.sides = (a, b)
        play_out(a, b, pipe)
        check_log(a, b, refusals=True)


def test_a_damaged_save_is_refused():
    a, b, pipe = table(14)
    _until(a, b, pipe, lambda: a.game is not None and a.game.phase == "play")
    data = bytearray(resume.save(a))
    for broken in (data[:20], data[:-1] + bytes((data[-1] ^ 1,)), b"junk"):
        try:
            resume.restore(bytes(broken))
        except ValueError as e:
            assert str(e)
        else:
            raise AssertionError("a damaged save was taken")


def test_the_save_starts_again_with_each_deal():
    a, b, pipe = table(15, games=3)
    for deal in (3, 5):
        _until(a, b, pipe, lambda: a.game and a.game.deal_number >= deal and a.deal.cards)
        assert a.game.deal_number == deal and a.done[0] == deal - 1
        assert len(a.journal) <= 4  # this deal's messages alone: D, P, the discard
        saved = resume.save(a)
        restored = resume.restore(saved)
        assert restored.log == a.log and restored.wins == a.wins
        assert restored.next_in == a.next_in and restored.next_out == a.next_out
        assert restored.game.scores == a.game.scores and restored.deal.cards == a.deal.cards
    _until(a, b, pipe, lambda: a.game_no >= 1 and a.deal.cards is not None)
    assert len(a.journal) <= 4 and a.done == bytearray(1)  # a new game: no finished deal in it
    restored = resume.restore(resume.save(a))
    assert restored.log == a.log and restored.wins == a.wins
    assert restored.next_in == a.next_in and restored.next_out == a.next_out


def test_a_shuffle_that_is_not_the_deck_is_caught_at_the_reveal():
    from engine.table.deal import Deal
    from engine.table.sra import number

    honest = Deal.shuffled_second

    def shuffled_second(self, first):
        deck = yield from honest(self, first)  # packed
        last = number(deck[-self.w :])
        mine = last * last % self.p  # a residue of its own, never dealt
        self.deck = deck = deck[: -self.w] + mine.to_bytes(self.w, "big")
        return deck

    a, b, pipe = table(21)
    Deal.shuffled_second = shuffled_second
    try:
        _until(a, b, pipe, lambda: a.broken is not None)
    finally:
        Deal.shuffled_second = honest
    assert "its shuffle is not the deck encrypted" in a.broken
    assert a.game_no == 0 and a.game.deal_number == 1  # caught at the first deal's end
