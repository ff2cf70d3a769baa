// The web version when localStorage has no room, in a real headless
// Chromium (host_tests/test_web_browser.py runs it):
//
//   node web/tests/storage.mjs URL CHROMIUM
//
// The quota is filled for real (filler keys until Chromium refuses one
// more character), and, to reach one write of a save exactly, a write to
// one named key is made to throw Chromium's own QuotaExceededError. Each
// save (the game's two copies, the keeper's two, the settings' .tmp, .rec
// and .old) must then fail as on a full flash: "not saved" on the screen,
// the page going on, the last good record kept; with no room at load, the
// saved game resumes. Non-hex text in both copies of a two-copy record is
// named on the screen and kept aside as .bad. Prints "ok NAME" / "FAIL
// NAME: why", then "N passed, N failed".

import { checks, run, watch } from "./checks.mjs";
import { close, freshMenu, launch, playToShow, py, ready, sleep, STATE } from "./e2e.mjs";

const LINES = "_out = json.dumps(_w.runner.screen_lines())";

// in the page: fill localStorage to the brim / free it again
function fillStorage() {
  let chunk = "x".repeat(1 << 20);
  let i = 0;
  while (chunk.length) {
    try {
      localStorage.setItem("filler/" + i, chunk);
      i++;
    } catch (_) {
      chunk = chunk.slice(0, chunk.length >> 1);
    }
  }
  try {
    localStorage.setItem("filler/probe", "x");
    return -1; // still room: not full
  } catch (_) {
    return i;
  }
}

function freeStorage() {
  for (const k of Object.keys(localStorage)) if (k.startsWith("filler/")) localStorage.removeItem(k);
}

// in the page: writes to these keys throw Chromium's QuotaExceededError
function failWrites(keys) {
  if (!window.__plainSetItem) window.__plainSetItem = Storage.prototype.setItem;
  const plain = window.__plainSetItem;
  const set = new Set(keys);
  Storage.prototype.setItem = function (k, v) {
    if (set.has(k)) {
      throw new DOMException("Failed to execute 'setItem' on 'Storage': exceeded the quota.",
        "QuotaExceededError");
    }
    return plain.call(this, k, v);
  };
}

async function main() {
  const [url, exe] = process.argv.slice(2);
  const { check, expect, noErrors, tally } = checks();
  const context = await launch(exe);
  const { page, errors } = await watch(context);
  const lines = async () => (await py(page, LINES)).join(" / ");
  const keys = () => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("cribbage/")).sort());
  const alive = async () => {
    const a = await page.evaluate(() => [window.cribbage.error, window.cribbage.steps]);
    await sleep(200);
    const b = await page.evaluate(() => window.cribbage.steps);
    expect(a[0] === null && b > a[1], "the page stopped: " + JSON.stringify([a, b]));
  };
  const press = async (k, ms = 250) => { await page.keyboard.press(k); await sleep(ms); };
  // press keys until the screen says `words`; the lines then
  async function pressUntilSaid(words, key, n = 40) {
    for (let i = 0; i < n; i++) {
      const l = await lines();
      if (l.toLowerCase().includes(words)) return l;
      if (typeof key === "function") await key(); else await press(key);
    }
    throw new Error("never said '" + words + "': " + (await lines()));
  }
  async function fresh() {
    await page.evaluate(freeStorage);
    await page.evaluate(() => { if (window.__plainSetItem) Storage.prototype.setItem = window.__plainSetItem; });
    await freshMenu(page); // a first visit deals (and saves) a game: forgotten here
    await page.evaluate(() => localStorage.clear());
  }
  // every line the screen shows in the next `ms` (a message may run on)
  async function seen(ms) {
    const all = new Set();
    for (const end = Date.now() + ms; Date.now() < end;) {
      for (const l of await py(page, LINES)) all.add(l);
      await sleep(150);
    }
    return [...all].join(" / ");
  }
  // one press of what playToShow would press
  async function playStep() {
    const s = await py(page, STATE);
    let key = "z";
    if (s.screen === "PlayScreen" && s.page === 0 && s.tmode === 1) {
      const want = s.marked ? 1 : 0;
      key = s.cursor === want ? "z" : (s.cursor < want ? "ArrowRight" : "ArrowLeft");
    }
    await press(key, 220);
  }

  try {
    await page.goto(url);
    await ready(page);

    await check("a game with no room: Not saved on screen, the game goes on", async () => {
      await fresh();
      const n = await page.evaluate(fillStorage);
      expect(n > 0, "localStorage not filled");
      await press("z", 300); // Play the computer
      const said = await pressUntilSaid("not saved", playStep, 60);
      expect(said.includes("storage full"), said);
      await alive();
      const s = await playToShow(page);
      expect(s.mode === "play" && s.errors === 0, JSON.stringify(s));
      expect((await keys()).every((k) => !k.startsWith("cribbage/game")), "a game was stored: " + (await keys()));
      await page.evaluate(freeStorage);
      await press("z", 400); // past the show: the next decision saves
      for (let i = 0; i < 30 && !(await keys()).includes("cribbage/game.rec"); i++) await playStep();
      expect((await keys()).includes("cribbage/game.rec"), "not saved once there was room: " + (await keys()));
    });

    await check("a reload with no room resumes the saved game, and saving fails in words", async () => {
      await fresh();
      await press("z", 300);
      for (let i = 0; i < 40 && !(await keys()).includes("cribbage/game.rec"); i++) await playStep();
      const before = await py(page, STATE);
      expect(before.seed !== null, "no game: " + JSON.stringify(before));
      expect((await page.evaluate(fillStorage)) > 0, "not filled");
      await page.reload();
      await ready(page);
      await sleep(500);
      const s = await py(page, STATE);
      expect(s.mode === "play" && s.seed === before.seed, "not resumed: " + JSON.stringify(s));
      expect(await page.evaluate(() => window.cribbage.storage === "localStorage"), "ran on memory");
      await pressUntilSaid("not saved", playStep, 80);
      await alive();
    });

    await check("the keeper with no room: not saved, nothing changed, then saved", async () => {
      await fresh();
      await press("ArrowDown");
      await press("z", 400); // Score keeper
      await press("ArrowUp", 300); // +1: keeper.rec
      let s = await py(page, STATE);
      const start = s.scores.slice();
      expect(await page.evaluate(fillStorage) > 0, "not filled");
      await press("ArrowUp", 300); // the other copy: no room
      const said = await lines();
      expect(said.toLowerCase().includes("not saved"), said);
      s = await py(page, STATE);
      expect(JSON.stringify(s.scores) === JSON.stringify(start), "changed: " + JSON.stringify([start, s.scores]));
      await alive();
      await page.evaluate(freeStorage);
      await press("ArrowUp", 300);
      s = await py(page, STATE);
      expect(s.scores[0] + s.scores[1] === start[0] + start[1] + 1, JSON.stringify([start, s.scores]));
      expect((await keys()).includes("cribbage/keeper.old"), "second copy not written: " + (await keys()));
    });

    for (const key of ["keeper.rec", "keeper.old"]) {
      await check("the keeper's write to " + key + " refused: not saved, then saved", async () => {
        await fresh();
        await press("ArrowDown");
        await press("z", 400);
        if (key === "keeper.old") await press("ArrowUp", 300); // keeper.rec first
        const start = (await py(page, STATE)).scores;
        await page.evaluate(failWrites, ["cribbage/" + key]);
        await press("ArrowUp", 300);
        const said = await lines();
        expect(said.toLowerCase().includes("not saved"), said);
        expect(JSON.stringify((await py(page, STATE)).scores) === JSON.stringify(start), "changed");
        await alive();
        await page.evaluate(failWrites, []);
        await press("ArrowUp", 300);
        const s = await py(page, STATE);
        expect(s.scores[0] + s.scores[1] === start[0] + start[1] + 1, JSON.stringify([start, s.scores]));
      });
    }

    for (const key of ["game.rec", "game.old"]) {
      await check("the game's write to " + key + " refused: Not saved, the game goes on", async () => {
        await fresh();
        await press("z", 300);
        if (key === "game.old") {
          for (let i = 0; i < 40 && !(await keys()).includes("cribbage/game.rec"); i++) await playStep();
        }
        await page.evaluate(failWrites, ["cribbage/" + key]);
        await pressUntilSaid("not saved", playStep, 60);
        await alive();
        const s = await playToShow(page);
        expect(s.errors === 0, JSON.stringify(s));
      });
    }

    for (const key of ["settings.tmp", "settings.rec", "settings.old", null]) {
      const what = key ? "its write to " + key + " refused" : "no room at all";
      await check("settings, " + what + ": settings not saved, the page goes on", async () => {
        await fresh();
        for (let i = 0; i < 3; i++) await press("ArrowDown");
        await press("z", 400); // Settings
        if (key === "settings.old") { // a first save makes settings.rec
          await press("ArrowRight");
          await press("x", 400);
          expect((await keys()).includes("cribbage/settings.rec"), "no first save: " + (await keys()));
          await press("z", 400);
        }
        if (key) await page.evaluate(failWrites, ["cribbage/" + key]);
        else expect(await page.evaluate(fillStorage) > 0, "not filled");
        await press("ArrowRight");
        await press("x", 400); // leaving saves
        const said = await lines();
        expect(said.toLowerCase().includes("not saved"), said);
        await alive();
        await press("z", 400);
        const s = await py(page, STATE);
        expect(s.title === "Cribbage", "not back at the menu: " + JSON.stringify(s));
      });
    }

    await check("non-hex text in both copies of the game is named and kept as .bad", async () => {
      await fresh();
      await press("z", 300);
      for (let i = 0; i < 40 && !(await keys()).includes("cribbage/game.old"); i++) await playStep();
      await page.evaluate(() => {
        localStorage.setItem("cribbage/game.rec", "this is not hex");
        localStorage.setItem("cribbage/game.old", "nor is this");
      });
      await page.reload();
      await ready(page);
      await sleep(300);
      const said = await seen(3000);
      expect(said.includes("game.rec") && said.includes("game.bad"), said);
      for (let i = 0; i < 40 && !(await keys()).includes("cribbage/game.bad"); i++) await playStep();
      const bad = await page.evaluate(() => localStorage.getItem("cribbage/game.bad"));
      expect(bad === "this is not hex" || bad === "nor is this", "kept aside: " + bad);
    });

    await check("non-hex text in both copies of the keeper is named and kept as .bad", async () => {
      await fresh();
      await press("ArrowDown");
      await press("z", 400);
      await press("ArrowUp", 300);
      await press("ArrowUp", 300);
      await page.evaluate(() => {
        localStorage.setItem("cribbage/keeper.rec", "zz: some text, not hex");
        localStorage.setItem("cribbage/keeper.old", "not hex either");
      });
      await page.reload();
      await ready(page);
      await sleep(300);
      const said = await seen(3000);
      // told whole over the keeper (more than its two lines hold), line after line
      const told = said.split(" / ").join(" ");
      for (const words of ["keeper.rec is not a CBKP record", "keeper.old is not a CBKP record",
        "starting afresh", "kept as keeper.bad"]) expect(told.includes(words), said);
      for (let i = 0; i < 5 && !(await keys()).includes("cribbage/keeper.bad"); i++) {
        if ((await py(page, STATE)).screen !== "KeeperScreen") await press("z", 300);
        else await press("ArrowUp", 300);
      }
      const bad = await page.evaluate(() => localStorage.getItem("cribbage/keeper.bad"));
      expect(bad === "zz: some text, not hex" || bad === "not hex either", "kept aside: " + bad);
    });

    await noErrors(errors);
  } finally {
    await close(context);
  }
  tally();
}

run("storage", main);
