"""Rule ids resolve (issue 10.11): docs/rules.md defines R1-R16, V1-V6 and
V5.1-V5.4, and every id cited anywhere in the code, the tests, the boards,
the README or the docs (one id, or a range such as R6-R9) is one it defines.
The example log in docs/gamelog.md is what the engine writes. Also no file
names a RULES.md or GAMELOG.md: the rules and the log format are
docs/rules.md and docs/gamelog.md (host_tests/test_no_outside_folder.py keeps
every file from pointing outside the clone). CPython only."""

import glob
import io
import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFINED = re.compile(r"^\s*(?:- )?\*\*([RV]\d+(?:\.\d+)?)\*\*", re.M)
CITED = re.compile(r"(?<![\w.])([RV])(\d{1,2})(\.\d+)?(?:-([RV]?)(\d{1,2}))?(?![\w.]*\w)")
WANTED = (
    ["R%d" % i for i in range(1, 17)]
    + ["V%d" % i for i in range(1, 7)]
    + ["V5.%d" % i for i in range(1, 5)]
)


def read(path):
    with io.open(path, encoding="utf-8") as f:
        return f.read()


def defined():
    return DEFINED.findall(read(os.path.join(ROOT, "docs", "rules.md")))


def sources():
    paths = []
    for folder in ("engine", "firmware", "tools", "boards", "host_tests"):
        paths += glob.glob(os.path.join(ROOT, folder, "**", "*.py"), recursive=True)
    paths += glob.glob(os.path.join(ROOT, "docs", "*.md")) + [os.path.join(ROOT, "README.md")]
    return sorted(p for p in paths if os.path.basename(p) != "test_rule_ids.py")  # not this


def citations(text):
    """The rule ids ``text`` cites, ranges spelled out."""
    out = []
    for letter, first, sub, letter2, last in CITED.findall(text):
        if last:
            if letter2 not in ("", letter):
                continue
            out += ["%s%d" % (letter, i) for i in range(int(first), int(last) + 1)]
        else:
            out.append(letter + first + sub)
    return out


def test_rules_md_defines_every_id_once():
    got = defined()
    assert sorted(got) == sorted(WANTED), got
    assert len(set(got)) == len(got)


def test_the_citation_finder_reads_ids_and_ranges():
    text = "R2-R15, V1 and (V5.3); R6-R7. not 'R2D2', 'XR1', 'v6', 'V5.x9' or 'R12a'"
    assert citations(text)[:3] == ["R2", "R3", "R4"]
    assert citations(text)[14:] == ["V1", "V5.3", "R6", "R7"]
    assert citations("R99 in a comment") == ["R99"]  # an unknown id is still seen


def test_every_cited_rule_id_is_defined_in_docs_rules_md():
    known = set(defined())
    missing = []
    count = 0
    for path in sources():
        for n, line in enumerate(read(path).splitlines(), 1):
            for rule in citations(line):
                count += 1
                if rule not in known:
                    missing.append("%s:%d: %s" % (os.path.relpath(path, ROOT), n, rule))
    assert not missing, missing
    assert count > 80  # the code and tests cite the rules


def test_nothing_names_an_upper_case_rules_or_log_file():
    for path in sources():
        text = read(path)
        assert not re.search(r"(?<![/\w])(RULES|GAMELOG)\.md", text), path  # docs/rules.md
    readme = read(os.path.join(ROOT, "README.md"))
    assert "docs/rules.md" in readme and "docs/gamelog.md" in readme


def test_the_example_log_is_what_selfplay_writes():
    from engine import selfplay

    doc = read(os.path.join(ROOT, "docs", "gamelog.md"))
    example = doc.split("## Example", 1)[1].split("```\n", 2)[1].rstrip("\n").split("\n")
    log = io.StringIO()
    selfplay.play(1, seed=3, target=61, log=log)
    assert log.getvalue().split("\n")[: len(example)] == example


def test_every_rule_the_lesson_names_is_defined():
    from engine import lesson

    have = set(defined())
    for k in range(lesson.N):
        st = lesson.step(k)
        assert st.rules, k
        for rule in st.rules:
            assert rule in have, "step %d names %s, which docs/rules.md does not define" % (
                k + 1,
                rule,
            )
