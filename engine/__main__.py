"""Command line, on CPython and MicroPython alike:

    python -m engine score 5H 5D JS 4C 6S [--crib]
    python -m engine score 5H 5D JS 6S              (a five-card game's hand, V5)
    python -m engine selfplay --games N --seed S [--target 121|61] [--log PATH]
                              [--variant six|five] [--deals N]
                              [--a NAME] [--b NAME] [--json]
    python -m engine replay PATH
    python -m engine review PATH [--seat A|B]

Bad arguments or cards give a message on stderr and exit status 2. Argument
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
review: the seat's discards and plays against the computer's best (default A)"""


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
    # takes other scripts' digits and '_')
    word = opts[name]
    if (
        not isinstance(word, str)
        or not word
        or len(word) > 12
        or not all([c in "0123456789" for c in word])
    ):
        raise UsageError("--%s needs a whole number, not %s" % (name, _clip(word)))
    value = int(word)
    if not lo <= value <= hi:
        raise UsageError("--%s must be between %d and %d" % (name, lo, hi))
    return value


def cmd_score(args, out):
    from engine.cards import parse_many
    from engine.breakdown import hand_breakdown
    from engine.score import describe, show_score

    opts, words = _options(args, {"crib": False})
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
    opts, rest = _options(args, spec)
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
            raise UsageError("cannot write the log %s: %s" % (_clip(opts["log"]), e))
    try:
        tally = selfplay.play(games, seed, opts["a"], opts["b"], target, log, variant, deals)
        if log is not None:
            log.close()  # a full disk may only show here
    except OSError as e:
        raise UsageError("cannot write the log %s: %s" % (_clip(opts["log"]), e))
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
        for text_line in selfplay.describe(summary):
            out.write(text_line + "\n")
    out.write(json.dumps(summary) + "\n")


def cmd_replay(args, out):
    from engine import logcheck

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

    opts, rest = _options(args, {"seat": "A"})
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
