# portable
"""The computer opponent (issue 3): exact keep values against brute force,
legal decisions at every level, the greedy baseline's definition, fair play
(a decision depends on the view alone), hints, and the pegging advice the
lookahead must reproduce. Runs under CPython (pytest) and MicroPython."""

from engine import discard, opponent
from engine.baseline import GreedyPlayer, four_card_points
from engine.cards import VALUES, parse, parse_many
from engine.crib_table import SCALE, crib_value
from engine.discard import evaluate, keep_of, keep_total, pair_at, unseen
from engine.game import Game, run
from engine.players import RandomPlayer
from engine.players import make as make_player
from engine.rng import Rng
from engine.score import hand_score, peg_points, peg_score
from engine.view import View


def _brute_total(keep, known):
    total = 0
    for s in range(52):
        if s not in known:
            total += hand_score(keep, s)
    return total


def _hands(count, seed):
    rng = Rng(seed)
    deck = bytearray(range(52))
    out = []
    for _ in range(count):
        rng.shuffle(deck)
        out.append(list(deck[:6]))
    return out


# Hands with flushes, jacks (nobs), pairs, triples and runs.
_SPECIAL = [
    "JH 5H 6H 4H JS 2C",
    "5C 5D 5H JS 5S KD",
    "3C 3D 4H 4S 5C 9D",
    "2H 4H 6H 8H TH QH",
    "7C 8C 7D 8D JC JD",
    "AC 2C 3C 4C 5C 6C",
    "TS JS QS KS 9S 5H",
]


def test_fast_keep_value_equals_brute_force():
    ranks = bytearray(13)
    suits = bytearray(4)
    hands = [parse_many(h) for h in _SPECIAL] + _hands(6, 11)
    for hand in hands:
        n = unseen(hand, ranks, suits)
        assert n == 46
        for i in range(15):
            keep = keep_of(hand, i)
            fast = keep_total(keep[0], keep[1], keep[2], keep[3], ranks, suits, n)
            assert fast == _brute_total(keep, hand), (hand, keep)


def test_fast_keep_value_with_more_cards_known():
    # An open-hand game (V3) also rules out the opponent's six cards.
    ranks = bytearray(13)
    suits = bytearray(4)
    for hand in _hands(4, 5):
        rng = Rng(hand[0] + 1)
        others = [c for c in range(52) if c not in hand]
        rng.shuffle(others)
        known = hand + others[:6]
        n = unseen(known, ranks, suits)
        assert n == 40
        keep = hand[:4]
        fast = keep_total(keep[0], keep[1], keep[2], keep[3], ranks, suits, n)
        assert fast == _brute_total(keep, known)


def test_evaluate_adds_the_crib_by_role():
    hand = parse_many("5C 5D JH QS 2C 8D")
    base = [0] * 15
    mine = [0] * 15
    theirs = [0] * 15
    n = evaluate(hand, hand, 0, base)
    evaluate(hand, hand, 1, mine)
    evaluate(hand, hand, -1, theirs)
    for i in range(15):
        j, k = pair_at(i)
        keep = keep_of(hand, i)
        assert base[i] == _brute_total(keep, hand) * SCALE
        assert mine[i] - base[i] == crib_value(True, hand[j] >> 2, hand[k] >> 2) * n
        assert base[i] - theirs[i] == crib_value(False, hand[j] >> 2, hand[k] >> 2) * n


def test_crib_table_is_symmetric_and_ranks_fives_high():
    for a in range(13):
        for b in range(13):
            for dealer in (True, False):
                assert crib_value(dealer, a, b) == crib_value(dealer, b, a)
    five, ten, king, ace = 4, 9, 12, 0
    # Two fives are the best pair to lay away, a ten and a king among the worst,
    # and the dealer feeds the pone's crib: its cards are worth more.
    for dealer in (True, False):
        assert crib_value(dealer, five, five) == max([crib_value(dealer, a, a) for a in range(13)])
        assert crib_value(dealer, ten, king) < crib_value(dealer, ace, five)
    assert crib_value(False, five, five) > crib_value(True, five, five)
    assert 4.0 < crib_value(True, 1, 3) / SCALE < 5.0


def _view(hand, me=0, dealer=0, scores=(0, 0), target=121):
    v = View()
    v.me = me
    v.dealer = dealer
    v.target = target
    v.scores = list(scores)
    v.phase = "discard"
    v.hand = list(hand)
    v.deal_number = 1
    return v


def _play_view(kept, played, starter, me=0, dealer=1, scores=(0, 0), pile=None, opp_left=None):
    # ``played`` is a list of (seat, card) this deal; ``pile`` the cards since
    # the last reset (default: all of ``played``).
    v = _view([], me, dealer, scores)
    v.phase = "play"
    mine = [c for s, c in played if s == me]
    v.kept = list(kept)
    v.hand = [c for c in kept if c not in mine]
    v.discards = []
    v.starter = starter
    v.played = list(played)
    v.pile = [c for s, c in played] if pile is None else list(pile)
    v.count = sum([VALUES[c >> 2] for c in v.pile])
    theirs = len([1 for s, c in played if s != me])
    v.opponent_left = 4 - theirs if opp_left is None else opp_left
    return v


def test_every_level_discards_two_of_its_cards():
    for name in opponent.LEVELS:
        p = opponent.make(name, 3)
        for i, hand in enumerate(_hands(12, 21)):
            v = _view(hand, me=i % 2, dealer=0, scores=(i * 9, 120 - i * 10))
            c1, c2 = p.discard(v)
            assert c1 != c2 and c1 in hand and c2 in hand, (name, hand, c1, c2)


class _Checked:
    """Wraps a player and checks each decision against the view (R6-R8)."""

    def __init__(self, inner):
        self.inner = inner
        self.plays = 0

    def discard(self, view):
        c1, c2 = self.inner.discard(view)
        assert c1 != c2 and c1 in view.hand and c2 in view.hand
        return c1, c2

    def play(self, view):
        card = self.inner.play(view)
        fits = [c for c in view.hand if view.count + VALUES[c >> 2] <= 31]
        if card is None:
            assert not fits, "said go holding %r at count %d" % (fits, view.count)
        else:
            assert card in fits, "played %r at count %d" % (card, view.count)
            self.plays += 1
        return card


def test_every_level_plays_whole_games_legally():
    for k, name in enumerate(opponent.LEVELS):
        for g in range(2):
            me = _Checked(opponent.make(name, k * 10 + g))
            other = _Checked(RandomPlayer(g + 7))
            seats = [me, other] if g == 0 else [other, me]
            # the second game is a short open-hand one (V1, V3)
            target = 121 if g == 0 else 61
            game = Game(seed=100 + k * 10 + g, target=target, open_hands=g == 1)
            winner = run(game, seats)
            assert winner in (0, 1)
            assert max(game.scores) >= target
            assert me.plays > 10


def test_pegging_never_illegal_in_random_positions():
    # Random mid-play positions: each seat's view after random legal play.
    rng = Rng(99)
    checked = 0
    for g in range(30):
        game = Game(seed=500 + g, open_hands=g % 3 == 0)
        game.start()
        randoms = [RandomPlayer(g), RandomPlayer(g + 1)]
        stop = 1 + rng.below(7)
        while game.phase == "discard":
            seat = game.waiting()[0]
            game.act(seat, randoms[seat].discard(game.view(seat)))
        while game.phase == "play" and len(game.played) < stop:
            seat = game.waiting()[0]
            game.act(seat, randoms[seat].play(game.view(seat)))
        if game.phase != "play":
            continue
        seat = game.waiting()[0]
        v = game.view(seat)
        for name in opponent.LEVELS:
            card = _Checked(opponent.make(name, g)).play(v)
            if card is not None:
                game_copy_count = v.count + VALUES[card >> 2]
                assert game_copy_count <= 31
        checked += 1
    assert checked > 15


def test_levels_are_reachable_through_players_make():
    for name in ("easy", "medium", "hard", "greedy"):
        assert name in opponent.LEVELS
        p = make_player(name, 5)
        assert hasattr(p, "discard") and hasattr(p, "play")
    try:
        opponent.make("grandmaster", 1)
    except ValueError as e:
        assert "grandmaster" in str(e) and "hard" in str(e)
    else:
        assert False, "an unknown level must raise ValueError"


def test_four_card_points_by_hand_counted_examples():
    examples = [
        ("5C 5D 5H JS", 14),  # three 5-J fifteens, 5-5-5, a pair royal
        ("3C 4D 5H 6S", 6),  # run of four, 4-5-6
        ("3C 3D 4H 5S", 10),  # two runs of three, a pair, 3-3-4-5
        ("2H 4H 6H 8H", 4),  # a flush and nothing else
        ("TC JD QH KS", 4),  # run of four; no nobs without a starter
        ("7C 8D 7H 8S", 12),  # four 7-8 fifteens, two pairs
        ("AC 3D 7H 9S", 0),
    ]
    for text, points in examples:
        a, b, c, d = parse_many(text)
        assert four_card_points(a, b, c, d) == points, text


def test_greedy_keeps_the_most_points_before_the_cut():
    g = GreedyPlayer()
    hand = parse_many("2C 5C 5D 9D 5H JS")
    assert sorted(g.discard(_view(hand))) == sorted(parse_many("2C 9D"))
    # Whatever it keeps scores at least as much alone as any other keep.
    for hand in _hands(20, 3):
        c1, c2 = g.discard(_view(hand))
        kept = [c for c in hand if c != c1 and c != c2]
        best = max([four_card_points(*keep_of(hand, i)) for i in range(15)])
        assert four_card_points(*kept) == best


def test_greedy_plays_the_card_that_pegs_most_now():
    g = GreedyPlayer()
    v = _play_view(
        parse_many("KS 5C AC 9H"),
        [(1, parse("5D")), (0, parse("9H")), (1, parse("5H"))],
        parse("2D"),
        pile=parse_many("5D 5H"),
    )
    v.count = 10
    assert g.play(v) == parse("5C")  # pair royal and fifteen: 8
    for seed in range(10):
        game = Game(seed=seed)
        game.start()
        while game.phase == "discard":
            seat = game.waiting()[0]
            game.act(seat, g.discard(game.view(seat)))
        v = game.view(game.waiting()[0])
        card = g.play(v)
        best = max([peg_score(v.pile + [c]) for c in v.playable()])
        assert peg_score(v.pile + [card]) == best


def test_peg_points_on_ranks_agrees_with_peg_score():
    rng = Rng(4)
    pr = bytearray(16)
    for _ in range(400):
        n = 1 + rng.below(6)
        pile = []
        count = 0
        while len(pile) < n:
            c = rng.below(52)
            if c in pile or count + VALUES[c >> 2] > 31:
                break
            pile.append(c)
            count += VALUES[c >> 2]
        if not pile:
            continue
        for i, c in enumerate(pile):
            pr[i] = c >> 2
        assert peg_points(pr, len(pile), count, 0) == peg_score(pile), pile


def test_hard_leads_below_five_and_never_leads_the_five():
    hard = opponent.make("hard", 1)
    for text in ("5C 2D KS 9H", "5C 3D QS 8H", "4C 5D JS TH"):
        kept = parse_many(text)
        v = _play_view(kept, [], parse("7S"), me=0, dealer=1)
        card = hard.play(v)
        assert VALUES[card >> 2] < 5, text


def test_hard_does_not_leave_the_count_on_five_or_twentyone():
    hard = opponent.make("hard", 1)
    # Count 2 (opponent led a 2): a 3 would leave 5 for every ten card.
    v = _play_view(parse_many("3C 8D 9S KH"), [(1, parse("2H"))], parse("AS"))
    assert hard.play(v) != parse("3C")
    # Count 11: a ten card makes 21.
    v = _play_view(
        parse_many("TC 4D 6S 2H"),
        [(1, parse("6H")), (0, parse("6S")), (1, parse("5H"))],
        parse("AS"),
        pile=parse_many("6H 5H"),
    )
    v.count = 11
    assert hard.play(v) != parse("TC")


def test_hard_pegs_out_when_it_can():
    hard = opponent.make("hard", 1)
    # Count 13: the 2 makes fifteen and the game; the 8 (a safer card) does not.
    v = _play_view(
        parse_many("2C 8D 9S KH"),
        [(1, parse("KD")), (0, parse("KH")), (1, parse("3H"))],
        parse("AS"),
        scores=(119, 100),
        pile=parse_many("KD 3H"),
    )
    v.count = 13
    assert hard.play(v) == parse("2C")


def _rigged_first_deal(seed, dealt0, dealt1, starter, dealer, players):
    # Plays the first deal with fixed hands and starter; returns seat 0's
    # decisions in order.
    game = Game(seed=seed, first_dealer=dealer)
    game.rigged = [(dealt0, dealt1, starter)]
    game.start()
    decisions = []
    while game.phase != "over" and game.deal_number == 1:
        seat = game.waiting()[0]
        v = game.view(seat)
        d = players[seat].discard(v) if v.phase == "discard" else players[seat].play(v)
        if seat == 0:
            decisions.append(d)
        game.act(seat, d)
    return decisions


class _Scripted:
    # The other seat: lays away two given cards, then plays like greedy.
    def __init__(self, out):
        self.out = out
        self.greedy = GreedyPlayer()

    def discard(self, view):
        return self.out

    def play(self, view):
        return self.greedy.play(view)


def test_fair_play_hidden_cards_and_deck_order_never_change_a_decision():
    # Same cards seen by seat 0; the other seat's crib cards, the rest of the
    # pack (game seed) differ. Every decision of seat 0 must be the same.
    mine = parse_many("5C 6D 7H JS 2C KD")
    theirs_kept = parse_many("4S 8C 9D QH")
    starter = parse("3H")
    for name in opponent.LEVELS:
        for dealer in (0, 1):
            runs = []
            for seed, out in ((1, "AS 2S"), (2, "TH TD"), (77, "5H 6C")):
                out = parse_many(out)
                players = [opponent.make(name, 4), _Scripted((out[0], out[1]))]
                runs.append(
                    _rigged_first_deal(seed, mine, theirs_kept + out, starter, dealer, players)
                )
            assert len(runs[0]) >= 4
            assert runs[0] == runs[1] == runs[2], (name, dealer, runs)


def test_decisions_depend_only_on_the_view():
    # Hand-built views with identical contents give identical decisions, and
    # deciding does not change the view it was given.
    for name in opponent.LEVELS:
        for hand in _hands(5, 8):
            a = opponent.make(name, 9)
            b = opponent.make(name, 9)
            va = _view(hand, dealer=1, scores=(50, 60))
            vb = _view(list(hand), dealer=1, scores=(50, 60))
            da = a.discard(va)
            assert da == b.discard(vb)
            assert va.hand == hand and va.scores == [50, 60]
            kept = [c for c in hand if c not in da]
            pa = _play_view(kept, [(1, 20)], 51)
            pb = _play_view(list(kept), [(1, 20)], 51)
            assert a.play(pa) == b.play(pb)
            assert pa.hand == kept


def test_hint_discard_lists_all_fifteen_best_first():
    for i, hand in enumerate(_hands(6, 31)):
        v = _view(hand, me=0, dealer=i % 2)
        hints = opponent.hint_discard(v)
        assert len(hints) == 15
        pairs = [tuple(sorted((c1, c2))) for c1, c2, ev in hints]
        assert len(set(pairs)) == 15
        evs = [ev for c1, c2, ev in hints]
        for x, y in zip(evs, evs[1:]):
            assert x >= y - 1e-9
        # The suggestion is what hard lays away; its value is the hand's exact
        # expected points plus (dealer) or minus (pone) the crib table's.
        c1, c2, ev = hints[0]
        assert sorted(opponent.make("hard", 1).discard(v)) == sorted((c1, c2))
        keep = [c for c in hand if c != c1 and c != c2]
        crib = crib_value(i % 2 == 0, c1 >> 2, c2 >> 2) / SCALE
        expect = _brute_total(keep, hand) / 46 + (crib if i % 2 == 0 else -crib)
        assert abs(ev - expect) < 1e-6


def test_hint_discard_near_the_end_shows_the_figure_it_is_ordered_by():
    # 61 game, 43-34, the computer's crib: 18 to go out. Hard weighs the chance
    # of counting out this deal; the figure shown is the one the list is in.
    crossed = 0
    for hand in _hands(24, 7):
        v = _view(hand, me=0, dealer=1, scores=(43, 34), target=61)
        hints = opponent.hint_discard(v)
        figures = [f for c1, c2, f in hints]
        for x, y in zip(figures, figures[1:]):
            assert x >= y - 1e-9
        assert sorted(opponent.make("hard", 1).discard(v)) == sorted(hints[0][:2])
        detail = opponent.hint_discard(v, True)
        points = [p for c1, c2, f, p, chance in detail]
        crossed += points != sorted(points, reverse=True)
        for (c1, c2, f), (d1, d2, g, p, chance) in zip(hints, detail):
            assert (c1, c2) == (d1, d2) and abs(f - g) < 1e-9
            assert 0 <= chance <= 1 and abs(g - (p + 20 * chance)) < 1e-6
    assert crossed  # hands where the chance of going out reorders the points
    far = opponent.hint_discard(_view(_hands(1, 7)[0], me=0, dealer=1), True)
    assert all([chance is None and f == p for c1, c2, f, p, chance in far])


def test_hint_play_lists_the_playable_cards_best_first():
    game = Game(seed=42)
    game.start()
    hard = opponent.make("hard", 1)
    shown = 0
    while game.phase != "over" and game.deal_number < 3:
        seat = game.waiting()[0]
        v = game.view(seat)
        if v.phase == "discard":
            game.act(seat, hard.discard(v))
            continue
        hints = opponent.hint_play(v)
        assert sorted([c for c, val in hints]) == sorted(v.playable())
        vals = [val for c, val in hints]
        for x, y in zip(vals, vals[1:]):
            assert x >= y
        card = hard.play(v)
        if hints:
            assert [val for c, val in hints if c == card][0] == vals[0]
        else:
            assert card is None
        shown += len(hints)
        game.act(seat, card)
    assert shown > 10


def test_hard_discard_plays_for_the_count_out_near_the_end():
    # Pone at 111 of 121 counts first: with about 2 pegged it needs 8 from the
    # hand. Keeping 2 4 6 7 gives up EV but reaches 8 with some starters, the
    # best-EV keep (throwing T 4) never does. Early in the game EV decides.
    hand = parse_many("2D 7C 6S TD TH 4C")
    hard = opponent.make("hard", 1)

    def reach(out, need):
        keep = [c for c in hand if c not in out]
        return len([s for s in range(52) if s not in hand and hand_score(keep, s) >= need])

    late = hard.discard(_view(hand, me=0, dealer=1, scores=(111, 90)))
    early = hard.discard(_view(hand, me=0, dealer=1, scores=(11, 9)))
    best_ev = opponent.hint_discard(_view(hand, me=0, dealer=1))[0]
    assert sorted(early) == sorted(best_ev[:2])
    assert reach(late, 8) > reach(early, 8)


def test_end_game_values_count_the_starters_that_reach_the_goal():
    # Hard's discard near the end (engine.discard.evaluate with a bonus) equals
    # its definition: the points' values plus 20 points times the unseen
    # starters with which the kept hand reaches what is left to go out, less
    # the pegging and (dealer) the crib, by hand_score; open hands (V3) too.
    # Flushes, jacks and pairs in the hands; every goal from 1 to 31 to go.
    hands = [parse_many(h) for h in _SPECIAL] + _hands(10, 23)
    peg = (2, 3)  # engine.opponent's _PEG_PONE, _PEG_DEALER (consts)
    seen = 0
    for t, hand in enumerate(hands):
        for need in range(1 + t % 3, 32, 3):
            v = _view(hand, me=0, dealer=t % 2, scores=(121 - need, 100))
            known = list(hand)
            if t % 3 == 0:
                v.opponent_hand = [c for c in range(52) if c not in hand][t : t + 6]
                known += v.opponent_hand
            plain, n, _ = discard.discard_values(v, True, False)
            ends = discard.discard_values(v, True, True)[0]
            for i in range(15):
                j, k = pair_at(i)
                goal = need - peg[v.dealer == 0]
                if v.dealer == 0:
                    goal -= crib_value(True, hand[j] >> 2, hand[k] >> 2) // SCALE
                keep = keep_of(hand, i)
                hits = n
                if goal > 0:
                    starters = [s for s in range(52) if s not in known]
                    hits = len([s for s in starters if hand_score(keep, s) >= goal])
                    seen += 0 < hits < n
                assert ends[i] - plain[i] == hits * 20 * SCALE, (hand, need, i)
    assert seen > 100  # goals that some starters reach and others do not


_ENGINE = (__file__.rsplit("/", 1)[0] if "/" in __file__ else ".") + "/../engine/"


def test_opponent_modules_cannot_reach_the_game():
    # Fair play by construction: the players import no game, deck or save
    # module, so a View is all they can see.
    for name in (
        "opponent",
        "discard",
        "pegging",
        "baseline",
        "crib_table",
        "discard5",
        "crib_table5",
    ):
        with open(_ENGINE + name + ".py") as f:
            source = f.read()
        for forbidden in ("engine.game", "engine.save", "engine.match", "import game"):
            assert forbidden not in source, (name, forbidden)
