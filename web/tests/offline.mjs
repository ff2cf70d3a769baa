// The web version offline, installable and small on the wire, in a real
// headless Chromium (host_tests/test_web_browser.py runs it):
//
//   node web/tests/offline.mjs URL CHROMIUM SITE_DIR UPDATE_COMMAND...
//
// A first visit installs the service worker, which keeps the site; with the
// network gone a reload still runs the page and plays; the large files come
// gzipped (Content-Encoding); the manifest names icons that load at their
// sizes. Then the site changes (UPDATE_COMMAND, run here, changes a file
// and writes the build's sw.js again): a visit online takes the new version
// and the one after runs it. Prints "ok NAME" / "FAIL NAME: why" and
// "N passed, N failed".

import { execFileSync } from "node:child_process";
import { checks, run, watch } from "./checks.mjs";
import { close, launch, py, ready, sleep, STATE } from "./e2e.mjs";

async function main() {
  const [url, exe, , ...update] = process.argv.slice(2);
  const { check, expect, noErrors, tally } = checks();
  const context = await launch(exe);
  const { page, errors } = await watch(context);
  const via = {}; // file -> "worker" when the service worker answered, else its encoding
  page.on("response", (r) => {
    const name = new URL(r.url()).pathname.split("/").pop() || "index.html";
    via[name] = r.fromServiceWorker() ? "worker" : r.headers()["content-encoding"] || "plain";
  });
  const controlled = () => page.waitForFunction(() => !!navigator.serviceWorker.controller, null, { timeout: 20000 });

  try {
    await check("a first visit: gzipped on the wire, the service worker keeps the site", async () => {
      await page.goto(url);
      await ready(page);
      // the page's small files gzipped; the large ones through the worker,
      // which fetched them once (the server counts the bytes)
      for (const f of ["app.js", "index.html"]) expect(via[f] === "gzip", f + " came " + via[f]);
      for (const f of ["micropython.wasm", "app.bundle", "micropython.mjs"]) {
        expect(via[f] === "worker", f + " came " + via[f]);
      }
      await controlled();
      const cached = await page.evaluate(async () => {
        const names = await caches.keys();
        const c = await caches.open(names[0]);
        return [names, (await c.keys()).length];
      });
      expect(cached[0].length === 1 && cached[1] >= 12, "cache: " + JSON.stringify(cached));
    });

    await check("installable: the manifest's icons load at their sizes", async () => {
      const icons = await page.evaluate(async () => {
        const href = document.querySelector('link[rel="manifest"]').href;
        const m = await (await fetch(href)).json();
        const out = [];
        for (const i of m.icons) {
          const img = new Image();
          img.src = new URL(i.src, href).href;
          await img.decode();
          out.push([i.sizes, img.naturalWidth, img.naturalHeight]);
        }
        return { name: m.name, display: m.display, start: m.start_url, icons: out };
      });
      expect(icons.display === "standalone" && icons.name && icons.start, JSON.stringify(icons));
      expect(icons.icons.length >= 2 && icons.icons.every(([s, w, h]) => s === w + "x" + h),
        JSON.stringify(icons));
      expect(icons.icons.some(([, w]) => w >= 512) && icons.icons.some(([, w]) => w === 192), JSON.stringify(icons));
    });

    await check("offline: a reload runs the page and a key plays", async () => {
      await context.setOffline(true);
      await page.reload();
      await ready(page);
      await sleep(300);
      const s0 = await py(page, STATE);
      const steps0 = await page.evaluate(() => window.cribbage.steps);
      await page.keyboard.press("z");
      // one press, its answer awaited for up to 5 s: a loaded machine's page
      // steps slowly, and a press it lost stays lost however long it waits
      let s1 = s0;
      for (let waited = 0; waited < 5000 && JSON.stringify(s1) === JSON.stringify(s0); waited += 100) {
        await sleep(100);
        s1 = await py(page, STATE);
      }
      const steps = (await page.evaluate(() => window.cribbage.steps)) - steps0;
      const top = await py(page, "_out = json.dumps([type(s).__name__ for s in _w.runner.app.stack])");
      expect(s1.errors === 0 && JSON.stringify(s0) !== JSON.stringify(s1),
        JSON.stringify([s0, s1]) + " after " + steps + " page steps; the stack " + JSON.stringify(top));
      const down = await page.evaluate(() => fetch("app.js", { cache: "no-store" }).then(() => "cached", () => "failed"));
      expect(down === "cached", "app.js offline: " + down);
    });

    await check("a changed site: the next visit takes it, the one after runs it", async () => {
      await context.setOffline(false);
      const before = await page.evaluate(() => caches.keys());
      execFileSync(update[0], update.slice(1), { stdio: "inherit" });
      await page.reload();
      await ready(page);
      await page.waitForFunction(() => window.cribbage.updated === true, null, { timeout: 20000 });
      const status = await page.locator("#status").textContent();
      expect(/new version/.test(status), status);
      await page.reload();
      await ready(page);
      const after = await page.evaluate(async () => [await caches.keys(),
        await (await fetch("style.css")).text()]);
      expect(after[0].length === 1 && after[0][0] !== before[0], "caches: " + JSON.stringify([before, after[0]]));
      expect(after[1].includes("a new version"), "style.css is the old one");
    });

    await noErrors(errors);
  } finally {
    await close(context);
  }
  tally();
}

run("offline", main);
