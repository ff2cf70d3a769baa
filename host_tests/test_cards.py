# portable: runs under MicroPython too
"""R1: card notation and values."""

from engine.cards import parse, parse_many, text, value


def test_every_card_round_trips_through_text():
    seen = []
    for c in range(52):
        t = text(c)
        assert len(t) == 2
        assert parse(t) == c
        assert parse(t.lower()) == c
        seen.append(t)
    assert len(set(seen)) == 52


def test_ten_accepts_10_and_t():
    assert parse("10H") == parse("TH")
    assert text(parse("10d")) == "TD"


def test_values_r1_ace_low_faces_ten():
    assert value(parse("AS")) == 1
    assert value(parse("9C")) == 9
    for w in ("TC", "JD", "QH", "KS"):
        assert value(parse(w)) == 10


def test_bad_cards_are_refused_with_a_message():
    for bad in ("", "1H", "11H", "5X", "ZZ", "5HH", "H5", None, 7):
        try:
            parse(bad)
        except ValueError as e:
            assert "not a card" in str(e)
        else:
            assert False, "accepted %r" % (bad,)
    for bad in (-1, 52, "5H", None):
        try:
            text(bad)
        except ValueError:
            pass
        else:
            assert False, "text accepted %r" % (bad,)


def test_duplicates_refused():
    try:
        parse_many("5H 5D 5h")
    except ValueError as e:
        assert "twice" in str(e)
    else:
        assert False


def test_only_ascii_cards_on_every_interpreter():
    # issue 11.7: CPython read '5\u017f' as 5S (upper() of a long s) and
    # stripped a no-break space; MicroPython refused both
    for word in ("5\u017f", "\u00a05S", "5S\u00a0", "\u0665S", "\uff15S"):
        try:
            parse(word)
        except ValueError as e:
            assert "not a card" in str(e)
        else:
            assert False, word
    assert parse(" 5s ") == parse("5S")
