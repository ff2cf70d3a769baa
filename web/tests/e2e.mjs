// End-to-end checks of the web version in a real headless Chromium (the
// system's, driven by the pinned playwright-core; no browser is downloaded),
// against the site served on 127.0.0.1 (host_tests/test_web_browser.py starts
// the server and runs this):
//
//   node web/tests/e2e.mjs URL CHROMIUM OUTDIR
//
// Prints "ok NAME" or "FAIL NAME: why" per check, then "N passed, N failed";
// exit status 1 when any failed. Leaves OUTDIR/oled.png (a screenshot of the
// canvas) and OUTDIR/oled.hex (the framebuffer the app drew at that moment)
// for the test to compare pixel by pixel.

import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { checks, run, watch } from "./checks.mjs";

export const FLAGS = [
  "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync",
];

// a fresh --user-data-dir (launchPersistentContext passes it) per browser
export async function launch(executablePath, options = {}) {
  const profile = mkdtempSync(join(tmpdir(), "cribbage-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    headless: true,
    chromiumSandbox: false,
    args: FLAGS,
    viewport: { width: 1000, height: 900 },
    deviceScaleFactor: 1,
    hasTouch: true,
    ...options,
  });
  context.profileDir = profile;
  return context;
}

export async function close(context) {
  await context.close();
  rmSync(context.profileDir, { recursive: true, force: true });
}

export async function ready(page, timeout = 30000) {
  await page.waitForFunction(
    () => window.cribbage && (window.cribbage.error || window.cribbage.firstFrameAt !== null),
    null, { timeout },
  );
  const error = await page.evaluate(() => window.cribbage.error);
  if (error) throw new Error("the page failed to start: " + error);
}

// Python in the page; the code leaves its answer in _out (JSON text)
export async function py(page, code) {
  return page.evaluate((c) => {
    window.cribbage.mp.runPython("import json\nfrom firmware import web_runner as _w\n" + c);
    return JSON.parse(window.cribbage.mp.globals.get("_out"));
  }, code);
}

export const STATE = `
_a = _w.runner.app
_t = _a.top() if _a is not None else None
_t = getattr(_t, "play", None) or _t  # a page pushed over the play screen: the play screen
_g = getattr(_t, "game", None)
if not hasattr(_g, "moves"):
    _g = None  # not a play screen's game (the keeper's menu has its own 'game')
_tb = getattr(_t, "table", None) or _t  # the play screen's table model (firmware.play.table)
_k = getattr(getattr(_t, "ki", None), "keeper", None)
_out = json.dumps({
    "mode": _a.mode if _a is not None else None,
    "screen": type(_t).__name__,
    "title": getattr(_t, "title", None),
    "cursor": getattr(_tb, "cursor", None),
    "page": getattr(_tb, "page", None),
    "tmode": getattr(_tb, "mode", None) if _g is not None else None,
    "marked": len(getattr(_tb, "marked", ()) or ()) if _g is not None else 0,
    "seed": _g.seed if _g is not None else None,
    "moves": len(_g.moves) if _g is not None else None,
    "movelist": list(_g.moves) if _g is not None else None,
    "deal": _g.deal_number if _g is not None else None,
    "phase": _g.phase if _g is not None else None,
    "scores": list(_g.scores) if _g is not None else (list(_k.scores) if _k is not None else None),
    "errors": _a.errors if _a is not None else None,
    "crashes": _w.runner.crashes,
})
`;

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// a first visit again (localStorage cleared): it opens on a deal; then the
// page's Main menu button, to the device's menu
export async function freshMenu(page) {
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await ready(page);
  await sleep(200);
  await page.locator("#to-menu").click();
  await page.evaluate(() => document.activeElement.blur()); // Enter is A again
  for (let i = 0; i < 30; i++) {
    await sleep(100);
    const s = await py(page, STATE);
    if (s.title === "Cribbage") return s;
  }
  throw new Error("Main menu did not open the menu");
}

// in the page, before its own script (page.addInitScript): the first screen
// the page draws after a load, as its runner tells it (the screen's text and
// what it shows as pictures: firmware/web_screen.py's spoken), and when
// (ms since the navigation began), in window.cribbage.firstScreen
export function recordFirstScreen() {
  let page;
  Object.defineProperty(window, "cribbage", {
    configurable: true,
    get() { return page; },
    set(p) {
      page = p;
      let step;
      Object.defineProperty(p, "step", {
        configurable: true,
        get() { return step; },
        set(f) {
          step = (buttons, now) => {
            const changed = f(buttons, now);
            if ((changed & 1) && !p.firstScreen) {
              p.firstScreen = { text: p.runner.spoken_text(), at: performance.now() };
            }
            return changed;
          };
        },
      });
    },
  });
}

// firmware/play/table.py's constants
const SHOW_PAGE = 2, NO_PAGE = 0, DISCARD = 1, CONFIRM = 2, PLAY = 3, COUNT = 4;

// press the keys the player would until the deal's show is on screen
export async function playToShow(page, timeoutMs = 90000) {
  const end = Date.now() + timeoutMs;
  let presses = 0;
  while (Date.now() < end) {
    const s = await py(page, STATE);
    if (s.screen === "PlayScreen" && s.page === SHOW_PAGE) return { ...s, presses };
    let key = null;
    if (s.screen !== "PlayScreen") key = "z"; // a message over the game
    else if (s.page !== NO_PAGE) key = "z";
    else if (s.tmode === DISCARD) {
      const want = s.marked ? 1 : 0;
      key = s.cursor === want ? "z" : (s.cursor < want ? "ArrowRight" : "ArrowLeft");
    } else if (s.tmode === CONFIRM || s.tmode === PLAY || s.tmode === COUNT) key = "z";
    if (key) {
      await page.keyboard.press(key);
      presses++;
      await sleep(220); // held 100 ms by the page, then seen released
    } else {
      await sleep(100);
    }
  }
  throw new Error("no show within " + timeoutMs + " ms");
}

async function main() {
  const [url, exe, outDir] = process.argv.slice(2);
  const { check, expect, noErrors, tally } = checks();
  const context = await launch(exe);
  const { page, errors } = await watch(context);
  page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
  page.on("requestfailed", (r) => errors.push("request failed: " + r.url()));

  try {
    await check("a first visit deals a hand at once, the menu one click away", async () => {
      await page.addInitScript(recordFirstScreen);
      await page.goto(url);
      await ready(page);
      await page.evaluate(() => localStorage.clear());
      const t0 = Date.now();
      await page.reload();
      await ready(page);
      // the first screen drawn is the hand, the cut said in its line, not the cut's page
      const first = await page.evaluate(() => window.cribbage.firstScreen);
      expect(first && first.text.includes("Your hand: ") && !first.text.includes("Cut for deal")
        && /Cut \S+\/\S+: (You deal|CPU deals)/.test(first.text),
        "the first screen is not the hand: " + JSON.stringify(first));
      console.log("  the hand on the first screen, " + Math.round(first.at) + " ms after the navigation");
      let s = await py(page, STATE);
      expect(s.mode === "play" && s.screen === "PlayScreen", "not a deal: " + JSON.stringify(s));
      for (let i = 0; i < 40 && !(s.tmode === 1); i++) {
        await sleep(100);
        s = await py(page, STATE);
      }
      expect(s.tmode === 1, "no hand to pick from: " + JSON.stringify(s));
      console.log("  a hand " + (Date.now() - t0) + " ms after the reload began");
      s = await freshMenu(page);
      expect(s.title === "Cribbage", "no start menu: " + JSON.stringify(s));
    });

    await check("page loads to the menu with no console error", async () => {
      await page.reload();
      await ready(page);
      const s = await py(page, STATE);
      expect(s.title === "Cribbage", "no start menu: " + JSON.stringify(s));
      await sleep(300);
      expect(errors.length === 0, "console errors: " + errors.join(" | "));
    });

    await check("canvas screenshot matches the framebuffer", async () => {
      await sleep(200);
      const before = await page.evaluate(() => window.cribbage.runner.frame_hex());
      const shown = await page.evaluate(() => window.cribbage.lastFrameHex);
      const png = await page.locator("#oled").screenshot();
      const after = await page.evaluate(() => window.cribbage.runner.frame_hex());
      expect(before === after && shown === before, "the screen changed during the screenshot");
      writeFileSync(join(outDir, "oled.png"), png);
      writeFileSync(join(outDir, "oled.hex"), before);
      const box = await page.locator("#oled").boundingBox();
      expect(box.width === 128 * Math.round(box.width / 128), "OLED not at an integer scale: " + box.width);
    });

    await check("a tap on the on-screen buttons moves the menu cursor", async () => {
      const c0 = (await py(page, STATE)).cursor;
      await page.locator(".key.down").tap();
      await sleep(300);
      const c1 = (await py(page, STATE)).cursor;
      expect(c1 === c0 + 1, "cursor " + c0 + " -> " + c1);
      await page.locator(".key.up").tap();
      await sleep(300);
      expect((await py(page, STATE)).cursor === c0, "up did not move it back");
    });

    let atShow = null;
    await check("a deal played by key events to the show", async () => {
      await page.keyboard.press("z"); // "Play the computer"
      await sleep(300);
      atShow = await playToShow(page);
      expect(atShow.mode === "play" && atShow.errors === 0, JSON.stringify(atShow));
    });

    await check("a reload resumes the same game", async () => {
      expect(atShow, "no game to resume");
      await page.reload();
      await ready(page);
      await sleep(500);
      const s = await py(page, STATE);
      expect(s.mode === "play" && s.screen === "PlayScreen", "not back in the game: " + JSON.stringify(s));
      expect(s.seed === atShow.seed, "another game: seed " + s.seed + " != " + atShow.seed);
      // resumed from the save made at the player's last decision: the same
      // moves up to there (the computer's replies after it are played again,
      // maybe already further on)
      const n = Math.min(s.moves, atShow.moves);
      const prefix = s.movelist.slice(0, n).every((m, i) => m === atShow.movelist[i]);
      expect(s.moves >= 4 && prefix, JSON.stringify([atShow, s]));
    });

    await check("the score keeper takes awards and an undo", async () => {
      await freshMenu(page);
      await page.keyboard.press("ArrowDown");
      await sleep(220);
      await page.keyboard.press("z"); // "Score keeper"
      await sleep(400);
      let s = await py(page, STATE);
      expect(s.screen === "KeeperScreen", "not in the keeper: " + JSON.stringify(s));
      const start = s.scores.slice();
      for (let i = 0; i < 3; i++) {
        await page.keyboard.press("ArrowUp");
        await sleep(220);
      }
      s = await py(page, STATE);
      expect(s.scores[0] === start[0] + 3 || s.scores[1] === start[1] + 3,
        "3 awards did not add 3: " + JSON.stringify([start, s.scores]));
      const leds = await page.evaluate(() => window.cribbage.lastLedsHex);
      expect(/[1-9a-f]/.test(leds), "the pegboard shows nothing");
      await page.keyboard.press("x"); // B: undo the last award
      await sleep(300);
      const s2 = await py(page, STATE);
      expect(s2.scores[0] + s2.scores[1] === s.scores[0] + s.scores[1] - 1,
        "undo: " + JSON.stringify([s.scores, s2.scores]));
    });

    await check("a long press of the on-screen A gives the dealer 2 (heels)", async () => {
      const before = (await py(page, STATE)).scores;
      const box = await page.locator(".key.a").boundingBox();
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
      await page.mouse.down();
      await sleep(1000);
      await page.mouse.up();
      await sleep(300);
      const after = (await py(page, STATE)).scores;
      expect(after[0] + after[1] === before[0] + before[1] + 2,
        "heels: " + JSON.stringify([before, after]));
    });

    await check("A and B held together open the keeper's menu", async () => {
      await page.keyboard.down("z");
      await page.keyboard.down("x");
      await sleep(250);
      await page.keyboard.up("x");
      await page.keyboard.up("z");
      await sleep(300);
      const s = await py(page, STATE);
      expect(s.screen === "KeeperMenu", "the chord opened " + s.screen);
      await page.keyboard.press("x"); // B: back to the keeper
      await sleep(300);
    });

    await check("a crash shows the error screen, A restarts into the same mode", async () => {
      const before = await py(page, STATE);
      await py(page, "def _boom(now=None):\n    raise RuntimeError('boom')\n"
        + "_w.runner.app.tick = _boom\n_out = '0'");
      await sleep(300);
      let s = await py(page, STATE);
      expect(s.crashes === before.crashes + 1 && s.mode === null, "no crash: " + JSON.stringify(s));
      const shown = await page.evaluate(() => window.cribbage.lastFrameHex);
      expect(/[1-9a-f]/.test(shown), "the error screen is blank");
      await page.keyboard.press("z");
      await sleep(500);
      s = await py(page, STATE);
      expect(s.mode === before.mode && s.screen === before.screen,
        "not restarted into " + before.mode + ": " + JSON.stringify(s));
    });

    await check("the download link gives the last game's log", async () => {
      const text = "cribbage gamelog test\n";
      await page.evaluate((t) => {
        const hex = Array.from(new TextEncoder().encode(t))
          .map((b) => b.toString(16).padStart(2, "0")).join("");
        localStorage.setItem("cribbage/last.log", hex);
      }, text);
      const [download] = await Promise.all([
        page.waitForEvent("download", { timeout: 10000 }),
        page.locator("#download").click(),
      ]);
      const { readFileSync } = await import("node:fs");
      const got = readFileSync(await download.path(), "utf8");
      expect(got === text && download.suggestedFilename() === "last.log",
        "downloaded " + JSON.stringify([download.suggestedFilename(), got]));
    });

    await check("fits a phone in portrait: no sideways scroll, screen and pad in view", async () => {
      await page.setViewportSize({ width: 390, height: 844 });
      await sleep(300);
      const m = await page.evaluate(() => {
        const r = (sel) => document.querySelector(sel).getBoundingClientRect();
        return {
          scroll: document.documentElement.scrollWidth,
          oled: r("#oled").width, pad: r(".pad").right, padBottom: r(".pad").bottom,
          board: r("#board").right,
        };
      });
      expect(m.scroll <= 390 && m.pad <= 390 && m.board <= 390, JSON.stringify(m));
      expect(m.oled >= 256 && m.oled % 128 === 0 && m.padBottom <= 844, JSON.stringify(m));
      await page.setViewportSize({ width: 1000, height: 900 });
    });

    await check("a second tab saving the same storage is said on the page", async () => {
      const other = await context.newPage();
      await other.goto(url);
      await ready(other);
      await other.keyboard.press("ArrowUp"); // the keeper there: +1, saved
      await sleep(500);
      await other.close();
      const warned = await page.evaluate(() => window.cribbage.otherTab === true);
      const text = await page.locator("#status").textContent();
      expect(warned && text.includes("another tab"), "no warning: " + text);
    });

    await check("Learn to play steps through the lesson with the pegs", async () => {
      await freshMenu(page); // a first visit's deal, then the menu
      for (let i = 0; i < 2; i++) {
        // the menu wraps to its last entry (Play a friend), Learn to play above it
        await page.keyboard.press("ArrowUp");
        await sleep(220);
      }
      await page.keyboard.press("z");
      await sleep(600);
      let s = await py(page, STATE);
      expect(s.screen === "LearnScreen" && s.title === "Step 1 of 23", JSON.stringify(s));
      const before = await page.evaluate(() => window.cribbage.lastLedsHex);
      for (let i = 0; i < 2; i++) {
        await page.keyboard.press("ArrowRight");
        await sleep(220);
      }
      await sleep(1200); // Blue's peg walks to his heels
      s = await py(page, STATE);
      expect(s.title === "Step 3 of 23", JSON.stringify(s));
      const after = await page.evaluate(() => window.cribbage.lastLedsHex);
      expect(after !== before, "the pegs did not move for the heels");
      await page.keyboard.press("ArrowLeft");
      await sleep(220);
      s = await py(page, STATE);
      expect(s.title === "Step 2 of 23" && s.errors === 0, JSON.stringify(s));
      for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowRight"); // quicker than frames
      await sleep(1200);
      s = await py(page, STATE);
      expect(s.title === "Step 5 of 23", "three quick taps, each its own press: " + JSON.stringify(s));
      await page.keyboard.press("x"); // B: back to the menu
      await sleep(300);
      s = await py(page, STATE);
      expect(s.title === "Cribbage", JSON.stringify(s));
    });

    await noErrors(errors, "no console error in the whole run");
  } finally {
    await close(context);
  }
  tally();
}

if (process.argv[1] && process.argv[1].endsWith("e2e.mjs")) run("e2e", main);
