"""Two browser pages play each other through the table server, end to end:
two headless Chromiums (Debian's, driven by the pinned playwright-core;
web/tests/friend.mjs) on the site built by tools/build_web.py and served by
tools/web.py's Server, both linked by WebSocket to tools/table_server.py
(run here in a thread). One page opens a table from the menu, the other
opens the link it shows; they play a whole game to 61 by key presses, the
second page reloaded mid-game (the first pauses, the second resumes its
saved side), and both logs are the same and replay clean. The built bundle
holds the table's modules. CPython only (threads, subprocess)."""

import os
import sys

import pytest
import webtools
from wsclient import serve

from engine import logcheck
from engine.logread import text_lines

sys.path.insert(0, os.path.join(webtools.ROOT, "tools"))

import build_web  # noqa: E402
import web as web_server  # noqa: E402

TABLE_FILES = (
    "engine/table/peer.mpy",
    "engine/table/sra.mpy",
    "engine/table/resume.mpy",
    "firmware/screens/friend.mpy",
    "firmware/screens/friend_table.mpy",
    "firmware/screens/friend_link.mpy",
    "firmware/hw/web_table.mpy",
    "firmware/web_friend.mpy",
)


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    exe, chrome, out = webtools.built(tmp_path_factory, "the friend browser test")
    server = web_server.Server(out).start()
    yield exe, chrome, server.url, out
    server.stop()


def test_the_bundle_holds_the_table(site):
    out = site[3]
    with open(os.path.join(out, "app.bundle"), "rb") as f:
        names = [n for n, _ in build_web.unpack_bundle(f.read())]
    for name in TABLE_FILES:
        assert name in names


@pytest.mark.slow
def test_two_pages_play_a_game_through_the_table_server(site, tmp_path):
    exe, chrome, url, _ = site
    port = serve()
    args = [url, chrome, "ws://127.0.0.1:%d" % port, str(tmp_path)]
    print(webtools.checks(exe, "friend.mjs", args, 1200))
    a = (tmp_path / "a.log").read_text()
    assert a == (tmp_path / "b.log").read_text()
    games = list(logcheck.replay_lines(text_lines(a)))
    assert len(games) == 1 and games[0].winner is not None
    assert max(games[0].scores) >= 61
