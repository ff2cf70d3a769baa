"""The web version's figures for the README, measured in a real headless
Chromium (Debian's ``chromium``, driven by web/tests/bench.mjs with the
pinned playwright-core) against the site built by tools/build_web.py and
served on 127.0.0.1:

    python3 tools/bench_web.py [--loads 7] [--demo-ms 10000] [--json]

  - page load to the first frame (navigation start to the first screen
    drawn: port, bundle, app start): the first load in a fresh profile (it
    waits for the service worker to hold the site), and the median of
    ``loads`` more (from the service worker's copy)
  - the bytes tools/web.py sent in the whole run (gzipped; the first visit
    takes the site once, the later loads next to nothing)
  - frame time in the page (Runner.step plus drawing the OLED and LEDs),
    median, 99th percentile and worst over ``demo-ms`` of the demo
  - the hard computer's discard, in the page (median of 41 discards, each
    timed over ten runs as the port's clock counts whole milliseconds)
  - the site's size, each file as sent gzipped (-9) and in all
Aims (issue 14): load <= 1.5 s, frame median <= 2 ms and p99 <= 16 ms, site
<= 400 KB gzipped. Needs Node, npm and Chromium (apt-get install nodejs npm
chromium); exit status 2 without them. Timing on a loaded machine is noisy.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import bootstrap  # noqa: E402

CHROMIUM = ("/usr/bin/chromium", "/usr/bin/chromium-browser")


def median(xs):
    xs = sorted(xs)
    n = len(xs)
    return (xs[n // 2] + xs[(n - 1) // 2]) / 2 if n else 0.0


def percentile(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(len(xs) * p / 100))] if xs else 0.0


def main(argv=None):
    import build_web
    import web

    ap = argparse.ArgumentParser(description="The web version's figures in headless Chromium.")
    ap.add_argument("--loads", type=int, default=7)
    ap.add_argument("--demo-ms", type=int, default=10000)
    ap.add_argument("--json", action="store_true", help="one JSON line instead of the table")
    args = ap.parse_args(argv)
    node = shutil.which("node") or shutil.which("nodejs")
    chrome = next((p for p in CHROMIUM if os.path.exists(p)), None)
    if node is None or chrome is None:
        print("bench_web.py needs Node and Chromium: apt-get install nodejs npm chromium",
              file=sys.stderr)  # fmt: skip
        return 2
    with tempfile.TemporaryDirectory() as out:
        try:
            sizes = build_web.build(out)
        except build_web.BuildError as e:
            print("bench_web.py: %s" % e, file=sys.stderr)
            return 2
        server = web.Server(out).start()
        try:
            proc = subprocess.run(
                [node, os.path.join(build_web.WEB, "tests", "bench.mjs"), server.url, chrome,
                 str(args.loads), str(args.demo_ms)],
                cwd=build_web.WEB, capture_output=True, text=True, timeout=900,
            )  # fmt: skip
        finally:
            server.stop()
        sent = server.httpd.sent
    if proc.returncode != 0:
        print(
            "bench_web.py: the browser run failed:\n" + proc.stdout + proc.stderr, file=sys.stderr
        )
        return 1
    r = json.loads(proc.stdout.strip().split("\n")[-1])
    frames = r["frames"]
    res = {
        "browser": r.get("userAgent", ""),
        "load_ms_cold": round(r["coldLoad"], 1),
        "load_ms_median": round(median(r["loads"]), 1),
        "load_ms": [round(x, 1) for x in r["loads"]],
        "frames": len(frames),
        "frame_ms_median": round(median(frames), 3),
        "frame_ms_p99": round(percentile(frames, 99), 3),
        "frame_ms_worst": round(max(frames), 3) if frames else 0,
        "hard_discard_ms_median": round(median(r["hardDiscardMs"]), 2),
        "hard_discard_ms_worst": round(max(r["hardDiscardMs"]), 2),
        "site_bytes": sum(v[0] for v in sizes.values()),
        "site_gzip_bytes": sum(v[1] for v in sizes.values()),
        "sent_bytes": sent,
        "files_gzip_bytes": {k: v[1] for k, v in sizes.items()},
        "console_errors": r["errors"],
    }
    if args.json:
        print(json.dumps(res))
        return 0
    print("browser: %s" % res["browser"])
    print("page load to the first frame: %.0f ms median (%s); first load %.0f ms" % (
        res["load_ms_median"], ", ".join("%.0f" % x for x in res["load_ms"]),
        res["load_ms_cold"]))  # fmt: skip
    print("frame time over %d demo frames: median %.2f ms, p99 %.2f ms, worst %.1f ms" % (
        res["frames"], res["frame_ms_median"], res["frame_ms_p99"],
        res["frame_ms_worst"]))  # fmt: skip
    print("hard computer's discard in the page: median %.2f ms, worst %.2f ms" % (
        res["hard_discard_ms_median"], res["hard_discard_ms_worst"]))  # fmt: skip
    print("site: %d bytes, %d gzipped (%s)" % (
        res["site_bytes"], res["site_gzip_bytes"],
        ", ".join("%s %d" % kv for kv in res["files_gzip_bytes"].items())))  # fmt: skip
    print("bytes sent in the run (a first visit, %d loads, the demo): %d" % (
        len(res["load_ms"]), res["sent_bytes"]))  # fmt: skip
    if res["console_errors"]:
        print("console errors: %s" % " | ".join(res["console_errors"]))
    return 0


if __name__ == "__main__":
    bootstrap.ensure()
    sys.exit(main())
