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

// FILES: [name, hash of its bytes]; a file the previous cache holds with the
// same hash is copied from it, so an update fetches only what changed
const HASH = "x-cribbage-hash";

async function fill(cache) {
  const names = (await caches.keys()).filter((n) => n.startsWith("cribbage-") && n !== CACHE);
  const older = await Promise.all(names.map((n) => caches.open(n)));
  await Promise.all(FILES.map(async ([name, hash]) => {
    const url = new URL(name, self.location).href;
    for (const old of older) {
      const hit = await old.match(url);
      if (hit && hit.headers.get(HASH) === hash) {
        await cache.put(url, hit);
        return;
      }
    }
    const r = await fetch(url, { cache: "no-cache" });
    if (!r.ok) throw new Error(name + ": " + r.status);
    const headers = new Headers(r.headers);
    headers.delete("content-encoding"); // the body is kept decoded
    headers.delete("content-length");
    headers.set(HASH, hash);
    await cache.put(url, new Response(await r.arrayBuffer(), { status: 200, headers }));
  }));
}

self.addEventListener("install", (e) => {
  e.waitUntil(caches.open(CACHE).then(fill).then(() => self.skipWaiting()));
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
