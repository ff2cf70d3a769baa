"""The simulator's script language: a line of tokens (``down*3 a:900 wait
shot:x.png``) read into the steps ``tools/sim.py``'s ``Sim.run_script``
plays on its simulated clock, with a ``ScriptError`` that names the bad
token or says the script would run too long. CPython only; imports
firmware.hal (the button bits).
"""

from firmware.hal import A, B, DOWN, LEFT, RIGHT, UP

FRAME_MS = 20
TAP_MS = 100
MOST_TIMES = 1000  # a token's repeat count at most (NAME*N)
MOST_MS = 600000  # a hold or a wait at most (10 minutes)
MOST_SCRIPT_MS = 3600000  # a whole script's simulated time at most (an hour)

NAMES = {
    "up": UP,
    "u": UP,
    "down": DOWN,
    "d": DOWN,
    "left": LEFT,
    "l": LEFT,
    "right": RIGHT,
    "r": RIGHT,
    "a": A,
    "z": A,
    "b": B,
    "x": B,
    "ab": A | B,
}


class ScriptError(ValueError):
    pass


def parse_script(text):
    """Tokens -> list of steps: ("press", bit, hold_ms, times), ("wait", ms),
    ("shot", path), ("battery", mv), ("quit",). ScriptError names a bad token,
    or says the script would run too long: a count past ``MOST_TIMES``, a time
    past ``MOST_MS``, or more than ``MOST_SCRIPT_MS`` simulated in all."""
    steps = []
    total = 0
    for i in range(len(text)):  # one grammar: ASCII, as on the device's tools
        if text[i] > "~":
            raise ScriptError("the script is not plain ASCII text (character %d)" % (i + 1))
    for raw in text.replace(",", " ").split():
        tok = raw.strip()
        low = tok.lower()
        if low in ("quit", "q"):
            steps.append(("quit",))
            continue
        if low.startswith("shot:"):
            if not low.endswith(".png") or len(tok) < 10:
                raise ScriptError(
                    "shot needs a .png file name: shot:screen.png, not %s" % _clip(raw)
                )
            steps.append(("shot", tok[5:]))
            continue
        if low == "wait" or low.startswith("wait:"):
            ms = _ms(low[5:], raw) if ":" in low else 500
            steps.append(("wait", ms))
            total = _add_time(total, ms)
            continue
        if low.startswith("battery:"):
            steps.append(("battery", _number(low[8:], raw)))
            continue
        times = 1
        if "*" in low:
            low, n = low.split("*", 1)
            times = _number(n, raw)
            if times > MOST_TIMES:
                raise ScriptError("repeat count in %s is over %d" % (_clip(raw), MOST_TIMES))
        hold = TAP_MS
        if ":" in low:
            low, ms = low.split(":", 1)
            hold = _ms(ms, raw)
        if low not in NAMES:
            raise ScriptError(
                "unknown script token %s (use up/down/left/right/a/b/ab, NAME*N, NAME:MS, "
                "wait:MS, shot:FILE, battery:MV, quit)" % _clip(raw)
            )
        steps.append(("press", NAMES[low], hold, times))
        total = _add_time(total, times * (max(hold, FRAME_MS) + TAP_MS))
    return steps


def _ms(text, token):
    ms = _number(text, token)
    if ms > MOST_MS:
        raise ScriptError("time in %s must be at most %d ms" % (_clip(token), MOST_MS))
    return ms


def _add_time(total, ms):
    total += ms
    if total > MOST_SCRIPT_MS:
        raise ScriptError(
            "the script would run over %d minutes of simulated time; split it"
            % (MOST_SCRIPT_MS // 60000)
        )
    return total


def _clip(text):
    """``text`` quoted for a message, at most 60 characters of it."""
    return repr(text[:60]) + "..." if len(text) > 60 else repr(text)


def _number(text, token):
    if not text or len(text) > 9 or not all(c in "0123456789" for c in text):
        raise ScriptError("bad number in script token %s" % _clip(token))
    return int(text)
