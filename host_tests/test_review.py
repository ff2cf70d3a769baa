# portable: runs under MicroPython too
"""The coach (engine.review, ``python -m engine review LOG --seat A``): a
seat's discards and plays set against the computer's best, from any log."""

import io

from engine import gamelog, logcheck
from engine.__main__ import main
from engine.game import Game, run
from engine.players import make
from engine.review import review, review_game


def _log(a, b, seed, target=61, variant="six"):
    game = Game(seed, target, 0, variant=variant)
    lines = [gamelog.header(game)]

    def on_event(e):
        lines.append(gamelog.line(e))

    run(game, [make(a, seed), make(b, seed + 1)], on_event)
    return "\n".join(lines) + "\n"


def test_random_discards_give_up_points_and_the_biggest_is_named():
    text = _log("random", "hard", 5)
    r = review_game(text, 0)
    assert r.deals >= 3 and r.discards and r.plays
    losses = [d[1] for d in r.discards]
    assert min(losses) > 0
    lines = review(text, 0)
    head = [x for x in lines if x.startswith("your discards gave up ")]
    assert len(head) == 1
    big = max(r.discards, key=lambda d: d[1])
    want = "biggest: deal %d, keep %s over %s, -%.1f" % (big[0], big[3], big[4], big[1])
    assert want in head[0]
    # the summary sums every discard's engine.opponent.discard_loss (hundredths):
    # the listed ones (0.05 or more) and those too small for a line
    assert sum(losses) - 0.005 * r.deals <= r.lost / 100 <= sum(losses) + 0.055 * r.deals
    per_deal = r.lost / (100 * r.deals)
    assert head[0].startswith("your discards gave up %.1f points a deal" % per_deal)
    played = r.played / (100 * r.deals)
    assert lines[-1].startswith("your plays gave up %.1f points a deal" % played)


def test_hard_gives_up_less_than_random():
    text = _log("random", "hard", 9)
    rand = review_game(text, 0)
    hard = review_game(text, 1)
    assert sum([d[1] for d in hard.discards]) < sum([d[1] for d in rand.discards])
    assert sum([p[1] for p in hard.plays]) < sum([p[1] for p in rand.plays])


def test_another_writers_log_without_seed_or_cut():
    text = _log("greedy", "hard", 11)
    lines = text.split("\n")
    lines[0] = "game 1 target=61 writer=paper"
    other = "\n".join([x for x in lines if not x.startswith("cut ")])
    assert review(other, 0) == review(text, 0)


def test_five_card_log():
    text = _log("random", "hard", 4, 61, "five")
    assert review_game(text, 0).deals >= 2
    assert review(text, 1)[-1].startswith("your plays gave up")


def test_bad_logs_are_refused_with_a_message():
    text = _log("random", "hard", 5)
    broken = text.replace("\nstarter ", "\nstarter 2C\n#", 1)
    for bad in ("", "game 1 target=61\nstarter 2C\n", broken):
        try:
            review(bad, 0)
        except logcheck.LogError as e:
            assert str(e)
        else:
            raise AssertionError("accepted: %r" % bad[:40])
    hidden = "\n".join([x for x in text.split("\n") if not x.startswith("hand B")])
    try:
        review(hidden, 0)
    except logcheck.LogError as e:
        assert "hand" in str(e)
    else:
        raise AssertionError("a log without B's hands was reviewed")


def _call(*argv):
    out = io.StringIO()
    err = io.StringIO()
    return main(list(argv), out, err), out.getvalue(), err.getvalue()


def test_command_line():
    path = "review_test.log"
    with open(path, "w") as f:
        f.write(_log("random", "hard", 5))
    try:
        status, out, err = _call("review", path, "--seat", "A")
        assert status == 0 and err == "" and "your discards gave up" in out
        assert _call("review", path)[1] == out  # A is the default
        status, out, err = _call("review", path, "--seat", "C")
        assert status == 2 and "--seat must be A or B" in err
        status, out, err = _call("review", "no_such.log")
        assert status == 2 and "cannot read" in err
    finally:
        import os

        os.remove(path)


def test_near_the_end_the_win_chance_given_up_is_said():
    # the expert level's chances (engine.expert): a keep worse than its best loses some
    text = _log("greedy", "hard", 3, 121)
    lines = [x for x in review(text, 0) if "win chance -" in x]
    assert lines and lines[0].startswith("deal 10: kept ") and "(best " in lines[0]
    text = _log("greedy", "hard", 9, 121)
    lines = [x for x in review(text, 0) if "win chance -" in x]
    assert len(lines) == 2 and lines[0].endswith(", win chance -7%")


def test_a_game_reviewed_from_its_decisions_reads_as_its_log():
    from engine.review import lines_of, review_moves

    for seed, variant in ((5, "six"), (4, "five")):
        game = Game(seed, 61, 0, variant=variant)
        lines = [gamelog.header(game)]
        run(
            game,
            [make("random", seed), make("hard", seed + 1)],
            lambda e: lines.append(gamelog.line(e)),
        )
        text = "\n".join(lines) + "\n"
        assert lines_of(review_moves(game, 0)) == review(text, 0)


def test_the_coachs_figures_are_the_hints_differences():
    # engine.opponent.discard_loss and play_loss, what the review sums and the
    # device keeps: the best hint's points less the chosen one's, in hundredths
    from engine.opponent import discard_loss, hint_discard, hint_play, play_loss

    for seed, variant in ((3, "six"), (6, "five")):
        game = Game(seed, 61, 0, variant=variant)
        game.start()
        v = game.view(0)
        options = hint_discard(v, True)
        top = max([o[3] for o in options])
        for o in options:
            got = discard_loss(v, o[0], o[1])
            assert abs(got - (top - o[3]) * 100) <= 0.5 + 1e-6, (o, got)
            assert got == discard_loss(v, o[1], o[0]) >= 0
        assert min([discard_loss(v, o[0], o[1]) for o in options]) == 0
        try:
            discard_loss(v, v.hand[0], v.hand[0])
            assert False, "a card twice is no discard"
        except ValueError:
            pass
        game.discard(0, options[0][0], options[0][1])
        game.act(1, make("hard", 1).discard(game.view(1)))
        game.take_events()
        seat = game.to_act()
        v = game.view(seat)
        rates = hint_play(v)
        for card, value in rates:
            got = play_loss(v, card)
            assert got == play_loss(v, card, rates) >= 0
            assert abs(got - (rates[0][1] - value) * 100) <= 0.5 + 1e-6, (card, got)
        assert play_loss(v, rates[0][0]) == 0
