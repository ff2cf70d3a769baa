"""Command line, on CPython and MicroPython alike:

    python -m engine score 5H 5D JS 4C 6S [--crib]
    python -m engine score 5H 5D JS 6S              (a five-card game's hand, V5)
    python -m engine selfplay --games N --seed S [--target 121|61] [--log PATH]
                              [--variant six|five] [--deals N]
                              [--a NAME] [--b NAME] [--json]
    python -m engine replay PATH
    python -m engine review PATH [--seat A|B]

Bad arguments or cards give a message on stderr and exit status 2, with the
usage; a log whose content does not check, or that breaks off while it is
read or written, gives the message alone. ``COMMAND --help`` gives a
command's own usage. Argument
parsing is by hand: MicroPython has no argparse. Imports, in the command
that needs each, engine.cards, engine.score and engine.breakdown (score), engine.selfplay and
engine.players (selfplay), engine.logcheck (replay), engine.review (review).
"""

import sys

USAGE = """usage:
  python -m engine score CARD CARD CARD [CARD] STARTER [--crib]
  python -m engine selfplay --games N --seed S [--target 121|61] [--log PATH]
                            [--variant six|five] [--deals N]
                            [--a PLAYER] [--b PLAYER] [--json]
  python -m engine replay LOGFILE
  python -m engine review LOGFILE [--seat A|B]
cards: rank A23456789TJQK (or 10) + suit CDHS, e.g. 5H TD 10D JS
score: four cards and the starter, or three and the starter (five-card, V5)
selfplay: --variant five plays five-card cribbage to 61 (V5); --deals N
  (even) plays N deals and compares totals (V6), instead of a target
review: the seat's discards and plays against the computer's best (default A)
each command's own help: python -m engine COMMAND --help"""


_SCORE_HELP = """usage: python -m engine score CARD CARD CARD CARD STARTER [--crib]
       python -m engine score CARD CARD CARD STARTER        (a five-card game's hand, V5)
the starter is always the last card; --crib counts a crib (a flush needs the starter's suit)
cards: rank A23456789TJQK (or 10) + suit CDHS, e.g. 5H TD 10D JS"""

_SELFPLAY_HELP = """usage: python -m engine selfplay --games N [--seed S] [--target 121|61]
                                 [--variant six|five] [--deals N] [--log PATH]
                                 [--a PLAYER] [--b PLAYER] [--json]
--games 1..10000000; --seed 0..4294967295 (default 1); --a and --b: random (the
default), easy, medium, hard, expert, greedy; --deals N (even, 2..98) plays N deals (V6)"""

_REPLAY_HELP = """usage: python -m engine replay LOGFILE
checks every game of a log (docs/gamelog.md) against the rules; exit 2 names the first wrong line"""

_REVIEW_HELP = """usage: python -m engine review LOGFILE [--seat A|B]
the seat's discards and plays (default A) against the computer's best, every game of the log"""


class UsageError(Exception):
    """A wrong command line: the message, then the usage."""


class InputError(UsageError):
    """Input the command line named but cannot take (a log that does not
    check, a file that cannot be read): the message alone, exit status 2."""


def _options(args, spec):
    # spec: name -> default; a bool default marks a flag.
    opts = dict(spec)
    rest = []
    i = 0
    while i < len(args):
        a = args[i]
        if a.startswith("--"):
            name = a[2:]
            if name not in spec:
                raise UsageError("unknown option %s" % _clip(a))
            if isinstance(spec[name], bool):
                opts[name] = True
            else:
                if i + 1 >= len(args):
                    raise UsageError("%s needs a value" % a)
                opts[name] = args[i + 1]
                i += 1
        else:
            rest.append(a)
        i += 1
    return opts, rest


def _clip(s):
    """``s`` quoted for a message, at most 60 characters of it."""
    s = str(s)
    return repr(s[:60]) + "..." if len(s) > 60 else repr(s)


def _int(opts, name, lo, hi):
    # ASCII digits only, the same on every interpreter (CPython's int() also
    # takes other scripts' digits and '_'); a sign or too many digits is a
    # whole number out of the range
    word = opts[name]
    out = "--%s must be a whole number from %d to %d, not %s" % (name, lo, hi, _clip(word))
    digits = word[1:] if isinstance(word, str) and word[:1] in ("-", "+") else word
    if not isinstance(word, str) or not digits or not all([c in "0123456789" for c in digits]):
        raise UsageError(out)
    if word[0] == "-" or len(digits.lstrip("0")) > len(str(hi)):
        raise UsageError(out)
    value = int(digits)
    if not lo <= value <= hi:
        raise UsageError(out)
    return value


def cmd_score(args, out):
    from engine.cards import parse_many
    from engine.breakdown import hand_breakdown
    from engine.score import describe, show_score

    opts, words = _options(args, {"crib": False, "help": False})
    if opts["help"]:
        out.write(_SCORE_HELP + "\n")
        return
    if len(words) != 5 and len(words) != 4:
        raise UsageError(
            "score needs four hand cards and the starter (5 cards), or three and the"
            " starter for a five-card game's hand (4 cards), got %d" % len(words)
        )
    if len(words) == 4 and opts["crib"]:
        raise UsageError("a crib has four cards and the starter (5 cards), also in five-card")
    try:
        cards = parse_many(words)
    except ValueError as e:
        raise UsageError(str(e))
    hand, starter = cards[:-1], cards[-1]
    if len(hand) == 3:  # four cards: say how they were taken (the starter may be missing)
        out.write(
            "a five-card game's hand (V5): %s, starter %s"
            " (a six-card game's hand is four cards and the starter)\n"
            % (" ".join(words[:3]), words[3])
        )
    for item in hand_breakdown(hand, starter, opts["crib"]):
        out.write(describe(item) + "\n")
    out.write("total %d\n" % show_score(hand, starter, opts["crib"]))


def cmd_selfplay(args, out):
    import json

    from engine import selfplay
    from engine.players import make

    spec = {"games": None, "seed": "1", "target": None, "log": None, "a": "random", "b": "random"}
    spec["json"] = False
    spec["variant"] = "six"
    spec["deals"] = None
    spec["help"] = False
    opts, rest = _options(args, spec)
    if opts["help"]:
        out.write(_SELFPLAY_HELP + "\n")
        return
    if rest:
        raise UsageError("unexpected argument %s" % _clip(rest[0]))
    if opts["games"] is None:
        raise UsageError("selfplay needs --games N")
    games = _int(opts, "games", 1, 10000000)
    seed = _int(opts, "seed", 0, 0xFFFFFFFF)
    variant = opts["variant"]
    if variant not in ("six", "five"):
        raise UsageError("--variant must be six or five, not %s" % _clip(variant))
    deals = 0
    if opts["deals"] is not None:
        deals = _int(opts, "deals", 2, 98)
        if deals % 2:
            raise UsageError("--deals must be even, so both players deal equally often (V6)")
        if opts["target"] is not None:
            raise UsageError("--deals plays a number of deals instead of a target: not both")
    target = None
    if opts["target"] is not None:
        target = _int(opts, "target", 61, 121)
        if target not in (61, 121):
            raise UsageError("--target must be 121 or 61")
        if variant == "five" and target != 61:
            raise UsageError("five-card cribbage is played to 61 (V5)")
    for side in ("a", "b"):
        try:
            make(opts[side])
        except ValueError as e:
            raise UsageError(str(e))
    log = None
    if opts["log"] is not None:
        try:
            log = open(opts["log"], "w")
        except OSError as e:
            raise InputError("cannot write the log %s: %s" % (_clip(opts["log"]), e))
    try:
        tally = selfplay.play(games, seed, opts["a"], opts["b"], target, log, variant, deals)
        if log is not None:
            log.close()  # a full disk may only show here
    except OSError as e:
        raise InputError("cannot write the log %s: %s" % (_clip(opts["log"]), e))
    finally:
        if log is not None:
            try:
                log.close()
            except OSError:
                pass
    summary = tally.summary()
    summary["seed"] = seed
    summary["target"] = tally.target
    summary["variant"] = variant
    summary["fixed_deals"] = deals
    if not opts["json"]:
        if "--a" not in args or "--b" not in args:
            out.write(
                "players: A %s, B %s (--a and --b choose them; the default is random)\n"
                % (opts["a"], opts["b"])
            )
        for text_line in selfplay.describe(summary):
            out.write(text_line + "\n")
    out.write(json.dumps(summary) + "\n")


def cmd_replay(args, out):
    from engine import logcheck

    if args in (["--help"], ["-h"]):
        out.write(_REPLAY_HELP + "\n")
        return
    if len(args) != 1:
        raise UsageError("replay needs one log file")
    try:
        f = open(args[0], "rb")
    except OSError as e:
        raise UsageError("cannot read %s: %s" % (_clip(args[0]), e))
    n = 0
    try:
        # a line at a time: a log of any size is checked in constant memory
        for game in logcheck.replay_file(f):
            n += 1
            if game.winner is None:
                out.write(
                    "game %d: in progress, %d-%d, every line checks\n"
                    % (n, game.scores[0], game.scores[1])
                )
            elif game.winner == 2:  # V6
                out.write(
                    "game %d: a tie %d-%d, every line checks\n"
                    % (n, game.scores[0], game.scores[1])
                )
            else:
                result = " (%s)" % game.skunk if game.skunk else ""
                out.write(
                    "game %d: %s won %d-%d%s, every line checks\n"
                    % (n, "AB"[game.winner], game.scores[0], game.scores[1], result)
                )
    except logcheck.LogError as e:
        raise InputError("game %d: %s" % (n + 1, e) if n else str(e))
    except OSError as e:
        raise InputError("cannot read %s: %s" % (_clip(args[0]), e))
    finally:
        f.close()


def cmd_review(args, out):
    from engine import logcheck
    from engine.review import review_file

    opts, rest = _options(args, {"seat": "A", "help": False})
    if opts["help"]:
        out.write(_REVIEW_HELP + "\n")
        return
    if len(rest) != 1:
        raise UsageError("review needs one log file")
    if opts["seat"] not in ("A", "B"):
        raise UsageError("--seat must be A or B, not %s" % _clip(opts["seat"]))
    try:
        f = open(rest[0], "rb")
    except OSError as e:
        raise UsageError("cannot read %s: %s" % (_clip(rest[0]), e))
    try:
        # a line at a time, each game weighed as it is replayed: constant memory
        for text_line in review_file(f, "AB".index(opts["seat"])):
            out.write(text_line + "\n")
    except logcheck.LogError as e:
        raise InputError(str(e))
    except OSError as e:
        raise InputError("cannot read %s: %s" % (_clip(rest[0]), e))
    finally:
        f.close()


COMMANDS = {
    "score": cmd_score,
    "selfplay": cmd_selfplay,
    "replay": cmd_replay,
    "review": cmd_review,
}


def main(argv, out=sys.stdout, err=sys.stderr):
    """Run the command line; returns the exit status."""
    if not argv or argv[0] in ("-h", "--help", "help"):
        out.write(USAGE + "\n")
        return 0 if argv else 2
    cmd = COMMANDS.get(argv[0])
    try:
        if cmd is None:
            raise UsageError("unknown command %s" % _clip(argv[0]))
        cmd(argv[1:], out)
    except InputError as e:
        err.write("error: %s\n" % e)
        return 2
    except UsageError as e:
        err.write("error: %s\n%s\n" % (e, USAGE))
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
