// The web version's figures in a real headless Chromium (tools/bench_web.py
// serves the site and runs this; it prints the README's table):
//
//   node web/tests/bench.mjs URL CHROMIUM [LOADS] [DEMO_MS]
//
// Prints one JSON line: page load to the first menu frame (ms: the first
// load in a fresh profile, then each of LOADS loads, revalidating the cache), the time of every frame (step + drawing, ms) over DEMO_MS of the
// demo (the computer playing itself, LEDs and all), and the hard computer's
// discard time measured in the page.

import { launch, close, ready, py, sleep, STATE } from "./e2e.mjs";

const HARD = `
import time
from engine import game, opponent
_times = []
class _Timed:
    def __init__(self, seed):
        self.p = opponent.make("hard", seed)
    def discard(self, v):
        t = time.ticks_ms()
        for _ in range(10):  # ticks_ms is all the port has: ten runs per figure
            d = self.p.discard(v)
        _times.append(time.ticks_diff(time.ticks_ms(), t) / 10)
        return d
    def play(self, v):
        return self.p.play(v) if v.playable() else None
_k = 0
while len(_times) < 41:
    game.run(game.Game(seed=1000 + _k), [_Timed(_k), _Timed(_k + 1)])
    _k += 1
_out = json.dumps(_times)
`;

async function main() {
  const [url, exe, loadsArg, demoArg] = process.argv.slice(2);
  const loads = Number(loadsArg || 7);
  const demoMs = Number(demoArg || 10000);
  const context = await launch(exe);
  const page = context.pages()[0] || (await context.newPage());
  const errors = [];
  page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
  const out = { loads: [], frames: [], hardDiscardMs: [], errors };
  try {
    await page.goto(url);
    await ready(page);
    out.coldLoad = await page.evaluate(() => window.cribbage.firstFrameAt); // fresh profile
    await page.evaluate(() => localStorage.clear());
    for (let i = 0; i < loads; i++) {
      await page.goto(url + "?load=" + i);
      await ready(page);
      out.loads.push(await page.evaluate(() => window.cribbage.firstFrameAt));
    }
    await page.locator("#to-menu").click(); // a first visit opened on a deal
    await sleep(400);
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press("ArrowDown");
      await sleep(200);
    }
    await page.keyboard.press("z"); // Demo
    await sleep(500);
    const first = await page.evaluate(() => window.cribbage.steps);
    await sleep(demoMs);
    out.frames = await page.evaluate((s0) => {
      const c = window.cribbage;
      const n = c.stepMs.length;
      const got = [];
      for (let i = Math.max(s0, c.steps - n); i < c.steps; i++) got.push(c.stepMs[i % n]);
      return got;
    }, first);
    out.mode = (await py(page, STATE)).mode;
    if (out.mode !== "demo") throw new Error("the demo did not start: " + out.mode);
    out.hardDiscardMs = await py(page, HARD);
    out.userAgent = await page.evaluate(() => navigator.userAgent);
  } finally {
    await close(context);
  }
  console.log(JSON.stringify(out));
}

main().catch((e) => {
  console.error(String(e && e.stack ? e.stack : e).slice(0, 3000));
  process.exitCode = 1;
});
