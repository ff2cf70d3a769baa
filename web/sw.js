// The web version's service worker: keeps the whole site (FILES) in a cache
// named for this build's VERSION, written here by tools/build_web.py (a hash
// of every file), so later visits work offline. Each request is answered
// from that cache when it holds the file, else from the network. A changed
// site is a changed sw.js: the browser installs it, it fetches the new files
// into a new cache, takes over at once (skipWaiting, clients.claim) and
// drops the old caches; the page says so, and its next load runs the new
// files.

const VERSION = "__VERSION__";
const FILES = __FILES__;
const CACHE = "cribbage-" + VERSION;

self.addEventListener("install", (e) => {
  e.waitUntil(
    caches.open(CACHE)
      .then((c) => c.addAll(FILES.map((f) => new Request(f, { cache: "no-cache" }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (e) => {
  e.waitUntil(
    caches.keys()
      .then((names) => Promise.all(
        names.filter((n) => n.startsWith("cribbage-") && n !== CACHE).map((n) => caches.delete(n)),
      ))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener("fetch", (e) => {
  const req = e.request;
  if (req.method !== "GET" || new URL(req.url).origin !== self.location.origin) return;
  e.respondWith(
    caches.open(CACHE)
      .then((c) => c.match(req, { ignoreSearch: true }))
      .then((hit) => hit || fetch(req)),
  );
});
