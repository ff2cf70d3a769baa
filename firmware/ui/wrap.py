"""Breaking text into lines of a fixed number of characters, for the screens
and for the crash screen (which must not need the app). Imports nothing.
"""


def wrap(text, cols=21):
    """``text`` as lines of at most ``cols`` characters, broken at spaces
    (a new list: call it when the text changes, not per frame)."""
    lines = []
    for para in text.split("\n"):
        line = ""
        for word in para.split(" "):
            while len(word) > cols:
                if line:
                    lines.append(line)
                    line = ""
                lines.append(word[:cols])
                word = word[cols:]
            if not line:
                line = word
            elif len(line) + 1 + len(word) <= cols:
                line += " " + word
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines
