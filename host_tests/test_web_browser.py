"""The web version end to end in a real headless Chromium (Debian's, driven by
the pinned playwright-core; web/tests/e2e.mjs) against the site built by
tools/build_web.py and served on 127.0.0.1 by tools/web.py's Server: the page
loads to the menu with no console error, a tap on the on-screen buttons
works, a deal is played by key events to the show, a reload resumes the same
game, the score keeper takes awards and an undo, a long press of the
on-screen A and an A+B chord of keys do what they do on the device, a crash
shows the error screen and A restarts the app into the same mode, the
download link gives the last game's log, the page fits a phone in portrait;
and a screenshot of the canvas shows, pixel for pixel, the framebuffer the
app drew. With localStorage full (web/tests/storage.mjs) every save fails in
words and the page goes on, and a reload resumes the saved game."""

import gzip
import os
import sys

import pytest
import webtools

sys.path.insert(0, os.path.join(webtools.ROOT, "tools"))

import build_web  # noqa: E402
import web as web_server  # noqa: E402

OLED_ON = (190, 225, 255)  # web/app.js


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    return webtools.built(tmp_path_factory, "the browser tests")


@pytest.fixture(scope="module")
def site(built):
    exe, chrome, out = built
    server = web_server.Server(out).start()
    yield exe, chrome, server.url
    server.stop()


def test_site_serves_the_port_as_wasm(site):
    import urllib.request

    exe, chrome, url = site
    with urllib.request.urlopen(url + "micropython.wasm") as r:
        assert r.headers["Content-Type"] == "application/wasm"
    with urllib.request.urlopen(url + "micropython.mjs") as r:
        assert r.headers["Content-Type"] == "text/javascript"


def test_in_chromium(site, tmp_path):
    exe, chrome, url = site
    webtools.checks(exe, "e2e.mjs", [url, chrome, str(tmp_path)], 400)

    # the screenshot of the canvas against the framebuffer it was drawn from
    from PIL import Image

    with open(tmp_path / "oled.hex") as f:
        buf = bytes.fromhex(f.read())
    img = Image.open(tmp_path / "oled.png").convert("RGB")
    scale = img.width // 128
    assert scale >= 1 and img.size == (128 * scale, 64 * scale), img.size
    px = img.load()
    wrong = []
    for y in range(64):
        for x in range(128):
            on = (buf[(y >> 3) * 128 + x] >> (y & 7)) & 1
            want = OLED_ON if on else (0, 0, 0)
            for dy in range(scale):
                for dx in range(scale):
                    got = px[x * scale + dx, y * scale + dy]
                    if max(abs(got[i] - want[i]) for i in range(3)) > 8:
                        wrong.append((x, y, got))
    assert not wrong, "%d screen pixels differ, e.g. %s" % (len(wrong), wrong[:5])
    assert sum(bin(b).count("1") for b in buf) > 200  # the menu, not a blank screen


def test_in_chromium_with_no_room_in_local_storage(site):
    # web/tests/storage.mjs: each save (game, keeper, settings and its .old)
    # with the quota full fails in words and the page goes on; a reload with
    # no room resumes the saved game; non-hex copies are named and kept aside
    exe, chrome, url = site
    webtools.checks(exe, "storage.mjs", [url, chrome], 600)


def test_in_chromium_layout_and_keys(site):
    # web/tests/layout.mjs: the pegboard in view at 1280x800, You / CPU
    # tracks in the pegs' colours, pegs at 3:1 or more, Enter on a focused B
    # is B, m is A+B, the help lists it, a labelled status line, a phone
    # hides the key help and keeps the buttons above the fold on its side
    exe, chrome, url = site
    webtools.checks(exe, "layout.mjs", [url, chrome], 300)


UPDATE = """
import sys
sys.path.insert(0, %r)
import build_web
with open(%r, "a") as f:
    f.write("/* a new version */\\n")
build_web.service_worker(%r)
build_web.compress(%r)
"""


def test_in_chromium_offline_installable_and_gzipped(built, tmp_path):
    # web/tests/offline.mjs on a copy of the site (it changes a file): the
    # service worker keeps the site, an offline reload plays, a changed site
    # is taken; the manifest's icons; gzip on the wire, counted here too
    import shutil

    exe, chrome, out = built
    copy = str(tmp_path / "site")
    shutil.copytree(out, copy)
    server = web_server.Server(copy).start()
    try:
        code = UPDATE % (
            os.path.join(webtools.ROOT, "tools"),
            os.path.join(copy, "style.css"),
            copy,
            copy,
        )
        args = [server.url, chrome, copy, sys.executable, "-c", code]
        webtools.checks(exe, "offline.mjs", args, 300)
    finally:
        server.stop()
    files = build_web.sizes(copy)
    plain = sum(n for n, _ in files.values())
    gz = sum(g for _, g in files.values())
    # four visits (the first, offline, the update, the updated) take about
    # the gzipped site once: each file crosses the network once, an update
    # fetches only what changed
    assert server.httpd.sent < gz * 1.15 and gz < plain * 0.6, (server.httpd.sent, gz, plain)


def test_site_sends_gzip_with_validators(built):
    import urllib.error
    import urllib.request

    exe, chrome, out = built
    server = web_server.Server(out).start()
    try:
        want = build_web.sizes(out)
        for name, kind in (("micropython.wasm", "application/wasm"), ("app.bundle", None)):
            req = urllib.request.Request(server.url + name, headers={"Accept-Encoding": "gzip"})
            with urllib.request.urlopen(req) as r:
                body = r.read()
                h = r.headers
            assert h["Content-Encoding"] == "gzip" and "Accept-Encoding" in h["Vary"]
            assert len(body) == want[name][1] < want[name][0] and h["ETag"]
            assert kind is None or h["Content-Type"] == kind
            assert gzip.decompress(body) == open(os.path.join(out, name), "rb").read()
            again = urllib.request.Request(
                server.url + name, headers={"Accept-Encoding": "gzip", "If-None-Match": h["ETag"]}
            )
            try:
                urllib.request.urlopen(again)
                assert False, "no 304"
            except urllib.error.HTTPError as e:
                assert e.code == 304
        with urllib.request.urlopen(server.url + "app.js") as r:  # no gzip asked: plain
            assert r.headers["Content-Encoding"] is None and r.read()[:2] == b"//"
    finally:
        server.stop()


def test_in_chromium_without_sight_and_by_card_clicks(site):
    # web/tests/a11y.mjs: through Chromium's accessibility tree, named
    # buttons in the device's Tab order, a deal played by keyboard alone told
    # in the live region (scores, hand, crib, count, starter, the show), a
    # menu's selected entry; a card clicked on the canvas, then laid away
    exe, chrome, url = site
    webtools.checks(exe, "a11y.mjs", [url, chrome], 400)
