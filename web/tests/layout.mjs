// The web page's layout and its keys in a real headless Chromium
// (host_tests/test_web_browser.py runs it):
//
//   node web/tests/layout.mjs URL CHROMIUM
//
// At 1280x800 the whole pegboard is in view; the tracks say You / CPU in
// the colours of the pegs on them; every peg drawn stands out from the
// board by at least 3:1 (WCAG's contrast ratio, computed here on its own);
// Enter on a focused B button is B; "m" is the A+B chord; the key help
// lists the chord; the status line has a label; on a phone the keyboard
// help is hidden and on its side the buttons stay above the fold. Prints
// "ok NAME" / "FAIL NAME: why", then "N passed, N failed".

import { checks, run, watch } from "./checks.mjs";
import { close, freshMenu, launch, py, ready, sleep, STATE } from "./e2e.mjs";

const BOARD_BG = [46, 30, 18]; // web/app.js's board

function luminance(rgb) {
  const lin = rgb.map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2];
}
const ratio = (a, b) => {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
};

async function main() {
  const [url, exe] = process.argv.slice(2);
  const { check, expect, noErrors, tally } = checks();
  const press = async (page, k, ms = 250) => { await page.keyboard.press(k); await sleep(ms); };

  const desk = await launch(exe, { viewport: { width: 1280, height: 800 }, hasTouch: false });
  const { page, errors } = await watch(desk);
  try {
    await page.goto(url);
    await ready(page);
    await freshMenu(page);

    await check("1280x800: the whole pegboard in view, the screen at an integer scale", async () => {
      const m = await page.evaluate(() => {
        const r = (q) => document.querySelector(q).getBoundingClientRect();
        return { board: r("#board").bottom, pad: r(".pad").bottom, oled: r("#oled").width, h: innerHeight };
      });
      expect(m.board <= m.h && m.pad <= m.h, JSON.stringify(m));
      expect(m.oled >= 256 && m.oled % 128 === 0, JSON.stringify(m));
    });

    await check("the status line has a label", async () => {
      const t = await page.locator(".status-line").innerText();
      expect(/^Page:/.test(t.trim()), t);
    });

    await check("the key help lists the A+B chord and its key", async () => {
      const t = await page.locator(".help").innerText();
      expect(/A\+B/.test(t) && /\bm\b/.test(t) && /menu/.test(t), t);
    });

    await check("tracks say You / CPU in the pegs' colours, every peg at least 3:1", async () => {
      await press(page, "z", 300); // Play the computer
      // on until the board shows both players' front pegs: the game's scores
      // run ahead of the board, which pegs each score as its event is shown
      // (a hand's count waits on a key), and a peg walks to its hole
      const board = () => page.evaluate(() => ({ labels: window.cribbage.trackLabels, pegs: window.cribbage.pegsDrawn }));
      const fronts = (b) => b.pegs.filter((p) => p[0] === "front");
      let s = await py(page, STATE);
      let d = await board();
      const both = () => s.scores && s.scores[0] > 0 && s.scores[1] > 0 && fronts(d).length >= 2;
      for (let i = 0; i < 150 && !both(); i++) {
        let key = "z";
        if (s.screen === "PlayScreen" && s.page === 0 && s.tmode === 1) {
          const want = s.marked ? 1 : 0;
          key = s.cursor === want ? "z" : (s.cursor < want ? "ArrowRight" : "ArrowLeft");
        }
        await press(page, key, 250);
        s = await py(page, STATE);
        d = await board();
      }
      expect(s.scores[0] > 0 && s.scores[1] > 0, "nobody scored: " + JSON.stringify(s));
      expect(d.labels.map((l) => l[0]).join() === "You,CPU", JSON.stringify(d.labels));
      expect(fronts(d).length >= 2, "front pegs: " + JSON.stringify(d.pegs));
      for (const [, colour] of d.labels) {
        expect(fronts(d).some((p) => p[1].join() === colour.join()), "a label not in a peg's colour: " + JSON.stringify(d));
      }
      for (const [kind, c] of d.pegs) {
        expect(ratio(c, BOARD_BG) >= 3, kind + " peg " + c + " at " + ratio(c, BOARD_BG).toFixed(2) + ":1");
      }
      // and the canvas's own pixels: the brightest of each track's label
      expect(ratio(d.labels[0][1], BOARD_BG) >= 3 && ratio(d.labels[1][1], BOARD_BG) >= 3, "labels");
    });

    await check("Enter on a focused B button is B (the keeper's undo)", async () => {
      await freshMenu(page);
      await press(page, "ArrowDown");
      await press(page, "z", 400); // Score keeper
      await press(page, "ArrowUp", 300);
      await press(page, "ArrowUp", 300);
      const before = (await py(page, STATE)).scores;
      await page.locator(".key.b").focus();
      await press(page, "Enter", 400);
      const after = (await py(page, STATE)).scores;
      expect(after[0] + after[1] === before[0] + before[1] - 1, "Enter on B: " + JSON.stringify([before, after]));
      const ring = await page.evaluate(() => getComputedStyle(document.querySelector(".key.b")).outlineStyle);
      expect(ring !== "none", "no visible focus: " + ring);
      await page.locator(".key.b").blur();
    });

    await check("m is the A+B chord (the keeper's menu)", async () => {
      await press(page, "m", 400);
      const s = await py(page, STATE);
      expect(s.screen === "KeeperMenu", "m opened " + s.screen);
      await press(page, "x", 300);
    });
  } finally {
    await close(desk);
  }

  const phone = await launch(exe, {
    viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 3,
  });
  const ph = phone.pages()[0] || (await phone.newPage());
  ph.on("pageerror", (e) => errors.push(String(e)));
  try {
    await ph.goto(url);
    await ready(ph);
    await check("a phone: no keyboard help", async () => {
      expect(!(await ph.locator(".help .keys").isVisible()), "the key help shows on a phone");
    });
    await check("a phone on its side: the screen and the buttons above the fold", async () => {
      await ph.setViewportSize({ width: 844, height: 390 });
      await sleep(400);
      const m = await ph.evaluate(() => {
        const r = (q) => document.querySelector(q).getBoundingClientRect();
        return { pad: r(".pad").bottom, oled: r(".oled-frame").bottom, right: document.documentElement.scrollWidth, h: innerHeight };
      });
      expect(m.pad <= m.h && m.oled <= m.h && m.right <= 844, JSON.stringify(m));
    });
  } finally {
    await close(phone);
  }
  await sleep(0);
  await noErrors(errors, "no page error on either page");
  tally();
}

run("layout", main);
