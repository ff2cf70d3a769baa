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
