// The web version without sight, and by pointer on the screen, in a real
// headless Chromium (host_tests/test_web_browser.py runs it):
//
//   node web/tests/a11y.mjs URL CHROMIUM
//
// Read through Chromium's own accessibility tree (the DevTools protocol's
// Accessibility.getFullAXTree): every button has a name, Tab goes through
// them in the device's order with a visible focus ring, and a deal played
// with the keyboard alone is told in the live region as it goes: the
// title, the scores, the hand with the cursor and the crib's cards, the
// count, the show's lines; a list's selected entry. A click on a card of
// the hand on the canvas puts the cursor on it, a second click lays it
// away. Prints "ok NAME" / "FAIL NAME: why", then "N passed, N failed".

import { checks, run, watch } from "./checks.mjs";
import { close, freshMenu, launch, py, ready, sleep, STATE } from "./e2e.mjs";

async function main() {
  const [url, exe] = process.argv.slice(2);
  const { check, expect, noErrors, tally } = checks();
  const context = await launch(exe, { hasTouch: false });
  const { page, errors } = await watch(context);
  const cdp = await context.newCDPSession(page);
  await cdp.send("Accessibility.enable");

  // the accessibility tree: [role, name] of every node not ignored
  async function tree() {
    const { nodes } = await cdp.send("Accessibility.getFullAXTree");
    return nodes.filter((n) => !n.ignored).map((n) => [n.role && n.role.value, n.name ? String(n.name.value) : "",
      (n.properties || []).find((p) => p.name === "live")]);
  }
  // the live region's text as the tree holds it
  async function told(wait = 400) {
    await sleep(wait);
    const nodes = await tree();
    return nodes.filter(([role]) => role === "StaticText").map(([, name]) => name).join(" | ");
  }
  const press = async (k, ms = 250) => { await page.keyboard.press(k); await sleep(ms); };

  try {
    await page.goto(url);
    await ready(page);

    await check("every button has a name in the accessibility tree, a live region is there", async () => {
      const nodes = await tree();
      const buttons = nodes.filter(([role]) => role === "button");
      expect(buttons.length >= 8 && buttons.every(([, name]) => name.trim()), JSON.stringify(buttons));
      expect(nodes.some(([, , live]) => live && live.value.value === "polite"), "no polite live region");
    });

    await check("Tab goes through the buttons in the device's order, focus visible", async () => {
      await page.locator("h1").click();
      const order = [];
      for (let i = 0; i < 7; i++) {
        await page.keyboard.press("Tab");
        order.push(await page.evaluate(() => {
          const el = document.activeElement;
          const ring = getComputedStyle(el).outlineStyle;
          return (el.getAttribute("aria-label") || el.textContent) + (ring === "none" ? " (no ring)" : "");
        }));
      }
      const want = ["up", "left", "right", "down", "B: back", "A: choose", "A and B together: the menu"];
      expect(JSON.stringify(order) === JSON.stringify(want), JSON.stringify(order));
      await page.evaluate(() => document.activeElement.blur());
    });

    await check("Enter on the focused Main menu button opens the menu", async () => {
      await page.evaluate(() => localStorage.clear());
      await page.reload();
      await ready(page);
      await sleep(300);
      expect((await py(page, STATE)).mode === "play", "a first visit is not a deal");
      await page.locator("#to-menu").focus();
      await press("Enter", 600);
      const s = await py(page, STATE);
      expect(s.title === "Cribbage", "not the menu: " + JSON.stringify(s));
      await page.evaluate(() => document.activeElement.blur());
    });

    await check("the menu is told with its selected entry", async () => {
      await freshMenu(page);
      await press("ArrowDown", 500);
      const t = await told();
      expect(t.includes("Cribbage") && t.includes("Selected: Score keeper"), t);
    });

    await check("a deal with the keyboard alone, told as it goes", async () => {
      await page.evaluate(() => localStorage.clear());
      await press("ArrowUp", 200);
      await press("Enter", 600); // Play the computer (Enter on no button: A)
      const heard = new Set();
      let show = null;
      for (let i = 0; i < 200 && !show; i++) {
        const t = await told(150);
        for (const part of t.split(" | ")) heard.add(part);
        const s = await py(page, STATE);
        if (s.screen === "PlayScreen" && s.page === 2) { show = t; break; }
        let key = null;
        if (s.screen !== "PlayScreen" || s.page !== 0) key = "Enter";
        else if (s.tmode === 1) {
          const want = s.marked ? 1 : 0;
          key = s.cursor === want ? "Enter" : (s.cursor < want ? "ArrowRight" : "ArrowLeft");
        } else if (s.tmode >= 2) key = "Enter";
        if (key) await press(key, 220);
      }
      expect(show, "no show");
      const all = [...heard].join(" | ");
      expect(/You \d+/.test(all) && /CPU \d+/.test(all), "scores: " + all);
      expect(/Your hand: (\S+ ){3}/.test(all) && /on \S+/.test(all), "hand: " + all);
      expect(/for the crib: /.test(all), "the crib's cards: " + all);
      expect(/Count \d+: /.test(all) && /Starter /.test(all), "count and starter: " + all);
      // the show's lines, as the screen has them, in the tree within a moment
      const lines = (await py(page, "_out = json.dumps(_w.runner.screen_lines())"));
      for (let i = 0; i < 10 && !lines.every((l) => show.includes(l)); i++) show = await told(200);
      expect(lines.length >= 2 && lines.every((l) => show.includes(l)), "the show: " + JSON.stringify([lines, show]));
    });

    await check("a click on a card selects it, a second lays it away", async () => {
      await freshMenu(page);
      await page.evaluate(() => localStorage.clear());
      await press("z", 300);
      let s = await py(page, STATE);
      for (let i = 0; i < 60 && s.tmode !== 1; i++) {
        await press("z", 200);
        s = await py(page, STATE);
      }
      expect(s.tmode === 1 && s.marked === 0, "no hand to pick from: " + JSON.stringify(s));
      const [n, x0, y0] = await py(page, "_w.runner.screen_lines()\n_out = json.dumps(_w.runner.hand_drawn)");
      const box = await page.locator("#oled").boundingBox();
      const k = box.width / 128;
      const target = s.cursor === n - 1 ? 0 : n - 1; // not the card under the cursor
      const pitch = Math.floor((128 - 13 - 2 * x0) / (n - 1));
      const px = box.x + (x0 + target * pitch + (target === n - 1 ? 8 : 3)) * k;
      const py_ = box.y + (y0 + 9) * k;
      await page.mouse.click(px, py_);
      await sleep(300);
      s = await py(page, STATE);
      expect(s.cursor === target && s.marked === 0, "first click: " + JSON.stringify(s));
      await page.mouse.click(px, py_);
      await sleep(400);
      s = await py(page, STATE);
      expect(s.marked === 1, "second click did not lay it away: " + JSON.stringify(s));
      const t = await told();
      expect(t.includes("for the crib"), t);
    });

    await noErrors(errors);
  } finally {
    await close(context);
  }
  tally();
}

run("a11y", main);
