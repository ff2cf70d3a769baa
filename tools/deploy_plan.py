"""What a deploy does, for both targets (tools/deploy.py for MicroPython,
tools/cp_deploy.py for CircuitPython): the ``Plan`` (the board's files,
the build folder build/deploy/<board>-<target>/, then the commands to run),
which ``--dry-run`` prints with ``describe()``, and ``Fail``, the clear
message and exit status that stop a deploy on the way.

CPython only. Imports device_files from tools/.
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import device_files  # noqa: E402

ROOT = device_files.ROOT


class Fail(Exception):
    """A clear message for the user and an exit status."""

    def __init__(self, message, status=2):
        Exception.__init__(self, message)
        self.status = status


def build_dir(board, target):
    return os.path.join(ROOT, "build", "deploy", "%s-%s" % (board, target))


class Plan:
    """What a deploy does: files to produce, then commands to run."""

    def __init__(self, args):
        self.args = args
        self.out = build_dir(args.board, args.target)
        self.sources = [] if args.frozen else device_files.files(args.target, args.board)
        self.steps = []  # (description, command list or None)

    def mpremote(self, *words):
        return ["mpremote", "connect", self.args.port] + list(words)

    def describe(self):
        lines = [
            "deploy %s to a %s board (%s)"
            % ("frozen app" if self.args.frozen else "the game", self.args.board, self.args.target)
        ]
        if self.sources:
            if self.args.target == "mp":
                verb = "compile with mpy-cross"
            elif self.args.source:
                verb = "copy as source"
            else:
                verb = "compile with CircuitPython's mpy-cross"
            lines.append("files (%d, %s, into %s):" % (len(self.sources), verb, rel(self.out)))
            for path in self.sources:
                lines.append("  " + self.device_name(path))
        lines.append("commands:")
        for text, cmd in self.steps:
            lines.append("  # " + text)
            if cmd is not None:
                words = [w.replace(ROOT + os.sep, "") for w in cmd]
                lines.append("  " + " ".join(quote(w) for w in words))
        return "\n".join(lines)

    def device_name(self, path):
        if self.args.target == "mp" or not self.args.source:
            return path[:-3] + ".mpy"
        return path


def quote(word):
    if not word or any(c in word for c in " \n'\"();"):
        return "'" + word.replace("'", "'\\''") + "'"
    return word


def rel(path):
    return os.path.relpath(path, os.getcwd())
