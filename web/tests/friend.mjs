// Two browsers play each other through the table server (tools/table_server.py,
// its WebSocket front): two headless Chromiums, each its own profile (its own
// localStorage, as two people's browsers), on the site served on 127.0.0.1
// (host_tests/test_web_friend_browser.py starts both servers and runs this):
//
//   node web/tests/friend.mjs URL CHROMIUM TABLE_WS OUTDIR
//
// Page A opens a table from the device's menu ("Play a friend", "Open a
// table", a game to 61); the page shows the link to send; page B opens that
// link, which opens the table as its second seat. Both play by key presses
// (A again and again, as the player would) to the end of the game. Mid-game
// page B is reloaded: page A pauses ("Link lost: paused") while B is gone,
// and B resumes its saved side and the game goes on. Both pages' logs of the
// match must be the same; they are written to OUTDIR/a.log and b.log for the
// test to replay. Prints "ok NAME" or "FAIL NAME: why" per check, then
// "N passed, N failed"; exit status 1 when any failed. Uses e2e.mjs's
// launch, close, ready, py and freshMenu.

import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { checks, run } from "./checks.mjs";
import { close, freshMenu, launch, py, ready, sleep } from "./e2e.mjs";

const [, , URL, CHROMIUM, TABLE, OUTDIR] = process.argv;
const GAME_S = Number(process.env.FRIEND_GAME_S || 900); // the whole game's limit

// the friend screen's side as the page runs it (firmware/screens/friend_table.py)
const SIDE = `
_a = _w.runner.app
_t = _a.top() if _a is not None else None
_p = getattr(_t, "peer", None)
_l = getattr(_t, "link", None)
_g = getattr(_p, "game", None)
_out = json.dumps({
    "screen": type(_t).__name__,
    "title": getattr(_t, "title", None),
    "seat": getattr(_p, "seat", None),
    "waiting": bool(_p is not None and _p.waiting()),
    "phase": getattr(_g, "phase", None),
    "scores": list(_g.scores) if _g is not None else None,
    "over": bool(getattr(_p, "over", False)),
    "broken": getattr(_p, "broken", None),
    "journal": len(_p.journal) if _p is not None else 0,
    "game_no": getattr(_p, "game_no", None),
    "deal": getattr(_g, "deal_number", None),
    "secret": bytes(_p.secret[:6]).hex() if _p is not None else None,
    "connected": getattr(_l, "connected", None),
    "room": getattr(_l, "room", None),
    "status": _t._status() if hasattr(_t, "_status") else None,
    "notes": list(_p.notes[-3:]) if _p is not None else [],
    "log": list(_p.log) if _p is not None and _p.over else None,
    "crashes": _w.runner.crashes,
    "errors": _a.errors if _a is not None else None,
})
`;

const { check, expect, noErrors, tally } = checks();

// where a side is in the match: its game, its deal, its deal's journal
function atOrAfter(x, before) {
  const a = [x.game_no, x.deal, x.journal];
  const b = [before.game_no, before.deal, before.journal];
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i] > b[i];
  return true;
}

async function waitFor(page, test, ms, why) {
  const end = Date.now() + ms;
  let s = null;
  while (Date.now() < end) {
    s = await py(page, SIDE);
    if (test(s)) return s;
    await sleep(150);
  }
  throw new Error(why + ": " + JSON.stringify(s));
}

async function main() {
  const a = await launch(CHROMIUM);
  const b = await launch(CHROMIUM);
  const errors = [];
  try {
    const pa = a.pages()[0] || (await a.newPage());
    const pb = b.pages()[0] || (await b.newPage());
    for (const [who, p] of [["A", pa], ["B", pb]]) {
      p.on("console", (m) => { if (m.type() === "error") errors.push(who + ": " + m.text()); });
      p.on("pageerror", (e) => errors.push(who + ": " + String(e)));
    }
    const base = URL + "?table=" + encodeURIComponent(TABLE);
    let link = null;

    await check("page A opens a table from the menu and shows the link to send", async () => {
      await pa.goto(base);
      await ready(pa);
      await freshMenu(pa);
      // a game to 61 (the settings' Game), then the menu's last entry
      await py(pa, "_s = _w.runner.app.settings\n_s.index[1] = 1\n_s._apply()\n_out = json.dumps(_s.target)");
      await pa.keyboard.press("ArrowUp"); // the menu wraps to its last entry, Play a friend
      await sleep(250);
      await pa.keyboard.press("z");
      await sleep(400);
      let s = await py(pa, SIDE);
      expect(s.title === "Play a friend", JSON.stringify(s));
      await pa.keyboard.press("z"); // Open a table
      s = await waitFor(pa, (x) => x.room, 15000, "no room from the server");
      expect(s.seat === 0 && /^[A-Z]{4}$/.test(s.room), JSON.stringify(s));
      await pa.waitForFunction(() => !document.getElementById("friend-link").hidden, null, { timeout: 5000 });
      link = await pa.locator("#friend-link").getAttribute("href");
      const text = await pa.locator("#friend-text").textContent();
      expect(link.includes("room=" + s.room) && text.includes(s.room), link + " " + text);
      expect(pa.url().includes("room=" + s.room) && pa.url().includes("seat=a"), pa.url());
    });

    await check("page B opens the link and both sit at the table", async () => {
      await pb.goto(link);
      await ready(pb);
      const s = await waitFor(pb, (x) => x.connected, 20000, "B never linked");
      expect(s.screen === "FriendTable" && s.seat === 1, JSON.stringify(s));
      await waitFor(pa, (x) => x.connected, 20000, "A never saw B");
    });

    let reloaded = false;
    let pausedSeen = false;
    let presses = 0;
    let sa = null;
    let sb = null;
    await check("both pages play a whole game to 61, B reloaded mid-game resumes", async () => {
      const started = Date.now();
      const end = started + GAME_S * 1000;
      while (Date.now() < end) {
        sa = await py(pa, SIDE);
        sb = await py(pb, SIDE);
        if (sa.broken || sb.broken) throw new Error("broken: " + sa.broken + " / " + sb.broken);
        if (sa.over && sb.over) break;
        if (!reloaded && sb.scores && Math.max(...sb.scores) >= 20 && sb.phase === "play") {
          reloaded = true;
          const before = sb;
          await pb.reload();
          // while B is gone A pauses: the server says its friend left
          const end2 = Date.now() + 8000;
          while (Date.now() < end2 && !pausedSeen) {
            const s = await py(pa, SIDE);
            pausedSeen = s.connected === false && s.status === "Link lost: paused";
            if (!pausedSeen) await sleep(50);
          }
          await ready(pb);
          await waitFor(pb, (x) => x.screen === "FriendTable", 10000, "B's table did not open");
          // the side saved (friend.tbl): the same secret, its deal's journal
          // fed again a step a frame until it is where it was or later: the
          // journal is a deal's, so a reload after the deal's last card
          // comes back in the next deal (the reveals and the show need no
          // press), its journal that deal's
          const s = await waitFor(pb, (x) => x.screen === "FriendTable" && atOrAfter(x, before), 30000, "B's journal did not come back");
          expect(s.seat === 1 && s.secret === before.secret,
            "B did not resume its side: " + JSON.stringify([before, s]));
          continue;
        }
        let pressed = false;
        for (const [p, s] of [[pa, sa], [pb, sb]]) {
          if (s.waiting && s.connected) {
            await p.keyboard.press("z");
            presses++;
            pressed = true;
          }
        }
        await sleep(pressed ? 180 : 100);
      }
      expect(sa.over && sb.over, "the game did not end in time: " + JSON.stringify([sa, sb]));
      expect(reloaded, "B was never reloaded");
      expect(pausedSeen, "A did not pause while B was gone");
      expect(sa.log && sa.log.length > 3, "no log: " + JSON.stringify(sa.log));
      expect(JSON.stringify(sa.log) === JSON.stringify(sb.log), "the logs differ");
      expect(Math.max(...sa.scores) >= 61, "nobody reached 61: " + JSON.stringify(sa.scores));
      writeFileSync(join(OUTDIR, "a.log"), sa.log.join("\n") + "\n");
      writeFileSync(join(OUTDIR, "b.log"), sb.log.join("\n") + "\n");
      const worst = async (p) => p.evaluate(() => {
        const c = window.cribbage;
        return Math.round(Math.max(...c.stepMs.slice(0, Math.min(c.steps, c.stepMs.length))));
      });
      console.log(`game over ${sa.scores.join("-")} after ${presses} presses in ` +
        `${Math.round((Date.now() - started) / 1000)} s; the longest frame: A ${await worst(pa)} ms, ` +
        `B ${await worst(pb)} ms (since its reload)`);
    });

    await check("both pages saved the match's log, and nothing crashed", async () => {
      const la = await pa.evaluate(() => localStorage.getItem("cribbage/friend.log"));
      const lb = await pb.evaluate(() => localStorage.getItem("cribbage/friend.log"));
      expect(la && la === lb, "friend.log differs or is missing");
      expect(sa.crashes === 0 && sb.crashes === 0 && !sa.errors && !sb.errors,
        JSON.stringify([sa.crashes, sb.crashes, sa.errors, sb.errors]));
    });

    await noErrors(errors, "no console error on either page");
  } finally {
    await close(a);
    await close(b);
  }
  tally();
}

run("friend", main);
