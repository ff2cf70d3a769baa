# portable: runs under MicroPython too
"""The command line, called in-process: output and exit status."""

import io
import json

from engine.__main__ import main


def call(*argv):
    out = io.StringIO()
    err = io.StringIO()
    status = main(list(argv), out, err)
    return status, out.getvalue(), err.getvalue()


def test_score_breakdown_and_total():
    status, out, err = call("score", "5H", "5D", "JS", "4C", "6S")
    lines = out.strip().split("\n")
    assert status == 0 and err == ""
    assert lines[-1] == "total 17"
    assert "nobs 1: JS" in lines
    assert len([ln for ln in lines if ln.startswith("15 2:")]) == 4
    assert len([ln for ln in lines if ln.startswith("run 3:")]) == 2
    assert "pair 2: 5H 5D" in lines


def test_score_says_pair_royal_as_pegging_does():
    # one wording with the play screen and the hand counter (engine.score.describe)
    lines = call("score", "5H", "5D", "5C", "JS", "4S")[1].strip().split("\n")
    assert "pair royal 6: 5H 5D 5C" in lines and not [x for x in lines if x.startswith("pair 2")]
    lines = call("score", "5H", "5D", "5C", "5S", "JD")[1].strip().split("\n")
    assert "double pair royal 12: 5H 5D 5C 5S" in lines and lines[-1] == "total 28"


def test_score_crib_flag_r12():
    assert call("score", "2H", "4H", "6H", "8H", "TC")[1].strip().split("\n")[-1] == "total 4"
    out = call("score", "2H", "4H", "6H", "8H", "TC", "--crib")[1]
    assert out.strip().split("\n")[-1] == "total 0"
    # four fifteens, a run of four, a five-card flush, nobs
    assert call("score", "10H", "JH", "QH", "KH", "5H")[1].strip().endswith("total 18")


def test_bad_input_exits_2_with_a_message():
    for argv, words in [
        (("score", "5H", "5D", "JS", "4C", "4C"), "twice"),
        (("score", "5H", "5D", "JS", "4C", "ZZ"), "not a card"),
        (("score", "5H", "5D"), "5 cards"),
        (("score", "5H", "5D", "JS", "4C", "6S", "--frob"), "unknown option"),
        (("selfplay",), "--games"),
        (("selfplay", "--games", "x"), "whole number"),
        (("selfplay", "--games", "2", "--target", "100"), "121 or 61"),
        (("selfplay", "--games", "2", "--a", "wizard"), "unknown player"),
        (("selfplay", "--games"), "needs a value"),
        (("frobnicate",), "unknown command"),
        (("replay", "/nonexistent/log.txt"), "cannot read"),
    ]:
        status, out, err = call(*argv)
        assert status == 2, argv
        assert words in err, (argv, err)
        assert "usage" in err
    assert call()[0] == 2


def test_selfplay_summary_is_one_json_line():
    status, out, err = call("selfplay", "--games", "6", "--seed", "4", "--target", "61", "--json")
    assert status == 0
    lines = out.strip().split("\n")
    assert len(lines) == 1
    s = json.loads(lines[0])
    assert s["games"] == 6 and sum(s["wins"]) == 6
    assert s["target"] == 61 and s["seed"] == 4
    assert s["deals"] >= 6
    for role in ("dealer", "pone"):
        p = s["points_per_deal"][role]
        assert p["total"] > 0
    assert s["points_per_deal"]["pone"]["crib"] == 0  # only the dealer has a crib


def test_selfplay_log_replays(tmp=None):
    path = "/tmp/_crib_cli_test.log"
    status, out, err = call("selfplay", "--games", "3", "--seed", "9", "--log", path)
    assert status == 0
    status, out, err = call("replay", path)
    assert status == 0 and out.count("every line checks") == 3


def test_numbers_out_of_range_say_the_range():
    for argv, words in [
        (
            ("selfplay", "--games", "99999999999999999999"),
            "--games must be a whole number from 1 to",
        ),
        (("selfplay", "--games", "0"), "from 1 to 10000000"),
        (("selfplay", "--games", "2", "--seed", "-5"), "--seed must be a whole number from 0 to"),
        (("selfplay", "--games", "2", "--seed", "4294967296"), "from 0 to 4294967295"),
        (("selfplay", "--games", "2", "--deals", "-4"), "--deals must be a whole number from 2"),
    ]:
        status, out, err = call(*argv)
        assert status == 2 and words in err, (argv, err)
        assert "not '%s'" % argv[-1] in err, err
    assert call("selfplay", "--games", "1", "--seed", "4294967295", "--json")[0] == 0
    assert call("selfplay", "--games", "1", "--seed", "0007", "--json")[0] == 0


def test_every_command_has_its_help():
    for cmd, words in (
        ("score", "STARTER"),
        ("selfplay", "--games"),
        ("replay", "LOGFILE"),
        ("review", "--seat"),
    ):
        status, out, err = call(cmd, "--help")
        assert status == 0 and err == "" and out.startswith("usage: python -m engine " + cmd)
        assert words in out, (cmd, out)


def test_four_cards_are_scored_as_a_five_card_hand_and_say_so():
    status, out, err = call("score", "5H", "5D", "JS", "4C")
    lines = out.strip().split("\n")
    assert status == 0 and lines[0].startswith("a five-card game's hand (V5): 5H 5D JS, starter 4C")
    assert lines[-1] == "total 6"  # 15 two, 15 four, the pair: the jack is not the starter's suit
    five = call("score", "5H", "5D", "JS", "4C", "6S")[1]
    assert "five-card" not in five


def test_selfplay_says_its_players_and_a_sweep_has_an_interval():
    status, out, err = call("selfplay", "--games", "2", "--seed", "1")
    assert status == 0
    lines = out.split("\n")
    assert lines[0].startswith("players: A random, B random") and "default" in lines[0]
    s = json.loads(out.strip().split("\n")[-1])
    assert sorted(s["wins"]) == [0, 2], s  # a sweep at this seed
    lo, hi = s["ci95_a"]
    assert hi - lo > 0.5 and 0 <= lo and hi <= 1  # two games tell little
    assert "A won %d" % s["wins"][0] in lines[1]
    out = call("selfplay", "--games", "2", "--a", "easy", "--b", "random")[1]
    assert not out.startswith("players:")  # both chosen: nothing to say


def test_wilson_interval_against_known_values():
    from engine.selfplay import wilson

    lo, hi = wilson(0, 10)
    assert lo == 0.0 and abs(hi - 0.2775) < 0.0005  # Wilson's upper bound for 0 of 10
    lo, hi = wilson(5, 10)
    assert abs(lo - 0.2366) < 0.0005 and abs(hi - 0.7634) < 0.0005
    lo, hi = wilson(2, 2)
    assert abs(lo - 0.3424) < 0.0005 and hi == 1.0


def test_a_logs_content_error_prints_no_usage():
    name = "cli_test_bad.log"
    with open(name, "w") as f:
        f.write("game 1 target=121 target=61\ndeal A\n")
    try:
        for cmd in ("replay", "review"):
            status, out, err = call(cmd, name)
            assert status == 2 and "twice" in err and "usage" not in err, (cmd, err)
    finally:
        import os

        os.remove(name)
