"""A fake of MicroPython's ``time`` ticks functions (tests only): time moves
only by ``sleep_ms``/``advance``; ticks wrap at 2**30 like the rp2 port."""

_PERIOD = 1 << 30
now = [0]


def ticks_ms():
    return now[0] & (_PERIOD - 1)


def ticks_add(t, delta):
    return (t + delta) & (_PERIOD - 1)


def ticks_diff(a, b):
    d = (a - b) & (_PERIOD - 1)
    if d >= _PERIOD >> 1:
        d -= _PERIOD
    return d


def sleep_ms(n):
    now[0] += n


def advance(n):
    now[0] += n
