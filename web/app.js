// The web version's page script: loads MicroPython's WebAssembly port,
// unpacks the app bundle (the device files as .mpy, tools/build_web.py) into
// its filesystem, and calls firmware.web_runner's Runner.step(buttons, now) once
// a frame from a timer; draws the OLED on a canvas at an integer scale and
// the LED pegboard from board.json. Buttons come from keys (as in the
// terminal simulator), the on-screen pad (pointer and touch, several at once
// for chords) and long holds. Saves live in localStorage (the backend's
// KeyStorage). "Play a friend" links through the table server by a
// WebSocket (table.js). Hand-written, no framework, no build step.

import { unpack } from "./bundle.js";
import { params, savedRoom, tableLink } from "./table.js";

const FRAME_MS = 20; // firmware.app.FRAME_MS
const TAP_MS = 100; // a key or tap counts as held at least this long
const LONG_MS = 900; // Z / X: a long A / B (firmware.ui.buttons.LONG is 700)
const BITS = { up: 1, down: 2, left: 4, right: 8, a: 16, b: 32 };
const OLED_ON = [190, 225, 255]; // tools/sim.py's colours
const OLED_OFF = [0, 0, 0];
const STORE_PREFIX = "cribbage/"; // firmware.hw.web_store.PREFIX
const KEYS = {
  ArrowUp: [BITS.up, 0], ArrowDown: [BITS.down, 0],
  ArrowLeft: [BITS.left, 0], ArrowRight: [BITS.right, 0],
  z: [BITS.a, 0], a: [BITS.a, 0], " ": [BITS.a, 0], Enter: [BITS.a, 0],
  x: [BITS.b, 0], b: [BITS.b, 0], Backspace: [BITS.b, 0],
  Z: [BITS.a, LONG_MS], A: [BITS.a, LONG_MS],
  X: [BITS.b, LONG_MS], B: [BITS.b, LONG_MS],
  m: [BITS.a | BITS.b, 0], M: [BITS.a | BITS.b, 0], // the A+B chord: the mode's menu
};

const statusEl = document.getElementById("status");
const oled = document.getElementById("oled");
const boardCanvas = document.getElementById("board");
const octx = oled.getContext("2d");
const image = octx.createImageData(128, 64);

// what the tests and benchmarks read (tools/bench_web.py, web/tests/)
const page = {
  ready: false,
  error: null,
  firstFrameAt: null, // performance.now() when the first screen was drawn
  frames: 0, // screens drawn
  steps: 0,
  stepMs: new Float64Array(8192), // the last step() times, a ring
  lastFrameHex: "",
  lastLedsHex: "",
  textDue: true, // the screen changed since its text was last put in the page
  spokenText: "",
  storage: "localStorage",
  storageFull: false, // the last write to localStorage failed (no room)
  failedWrites: 0,
};
window.cribbage = page;

function setStatus(text, error) {
  statusEl.textContent = text;
  statusEl.classList.toggle("error", !!error);
}

// ---------------------------------------------------------------- buttons
const keyHeld = new Map(); // KeyboardEvent.code -> bit, while the key is down
const pointerHeld = new Map(); // pointerId -> bits, while the pointer is down
const until = { 1: 0, 2: 0, 4: 0, 8: 0, 16: 0, 32: 0 }; // bit -> held at least until
const untilStep = { 1: 0, 2: 0, 4: 0, 8: 0, 16: 0, 32: 0 }; // ... and for this many frames
const TAP_STEPS = 3; // a slow page still sees a tap: debouncing wants two frames
// a tap that comes while the one before is still held waits for it to end,
// then the button is up for GAP_STEPS frames and GAP_MS (firmware.ui.buttons
// debounces 20 ms), so every tap is its own press however slow the frames
const GAP_STEPS = 2;
const GAP_MS = 40;
const QUEUE_MAX = 3; // taps a slow page keeps waiting, per button
const queued = { 1: 0, 2: 0, 4: 0, 8: 0, 16: 0, 32: 0 }; // bit -> taps waiting
const gapStep = { 1: 0, 2: 0, 4: 0, 8: 0, 16: 0, 32: 0 }; // bit -> up until this frame
const gapUntil = { 1: 0, 2: 0, 4: 0, 8: 0, 16: 0, 32: 0 }; // ... and this time

function nowMs() {
  return Math.floor(performance.now());
}

function hold(bits, ms) {
  const t = nowMs() + ms;
  for (const bit of [1, 2, 4, 8, 16, 32]) {
    if (bits & bit) {
      until[bit] = Math.max(until[bit], t);
      untilStep[bit] = page.steps + TAP_STEPS;
    }
  }
}

function tapHeld(bit, now) {
  return until[bit] > now || untilStep[bit] > page.steps;
}

function tap(bits) {
  // a short press: held TAP_MS and TAP_STEPS, or queued behind the one before
  const now = nowMs();
  for (const bit of [1, 2, 4, 8, 16, 32]) {
    if (!(bits & bit)) continue;
    if (tapHeld(bit, now) || queued[bit] > 0) {
      queued[bit] = Math.min(QUEUE_MAX, queued[bit] + 1);
    } else {
      hold(bit, TAP_MS);
    }
  }
}

function heldMask(now) {
  let mask = 0;
  for (const bit of keyHeld.values()) mask |= bit;
  for (const bits of pointerHeld.values()) mask |= bits;
  for (const bit of [1, 2, 4, 8, 16, 32]) {
    if (tapHeld(bit, now)) {
      mask |= bit;
    } else if (queued[bit] > 0 && !(mask & bit)) {
      if (gapStep[bit] === 0) { // the tap before has ended: the button goes up
        gapStep[bit] = page.steps + GAP_STEPS;
        gapUntil[bit] = now + GAP_MS;
      } else if (page.steps >= gapStep[bit] && now >= gapUntil[bit]) {
        queued[bit]--;
        gapStep[bit] = 0;
        hold(bit, TAP_MS); // the next tap, held as a tap is
        mask |= bit;
      }
    }
  }
  return mask;
}

function focusedKey(e) {
  // Enter or space on a focused on-screen button is that button (B is B),
  // as a click on it would be
  const el = document.activeElement;
  if ((e.key === "Enter" || e.key === " ") && el && el.classList && el.classList.contains("key")) {
    return [Number(el.dataset.bits), 0];
  }
  return null;
}

function pageControl(e) {
  // Enter or space on the page's own controls (Main menu, the download
  // link) is theirs, not the device's A
  const el = document.activeElement;
  return (e.key === "Enter" || e.key === " ") && el && (el.tagName === "A" ||
    (el.tagName === "BUTTON" && !el.classList.contains("key")));
}

document.addEventListener("keydown", (e) => {
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  if (pageControl(e)) return;
  if (e.target && e.target.tagName === "INPUT") return; // typing a table's code
  const k = focusedKey(e) || KEYS[e.key];
  if (!k) return;
  e.preventDefault();
  if (e.repeat) return;
  const [bit, long] = k;
  if (long) {
    hold(bit, long); // a long press however briefly the key is down
  } else {
    keyHeld.set(e.code, bit);
    tap(bit);
  }
});
document.addEventListener("keyup", (e) => {
  if (keyHeld.delete(e.code)) e.preventDefault();
});
window.addEventListener("blur", () => keyHeld.clear());
document.addEventListener("visibilitychange", () => {
  keyHeld.clear();
  pointerHeld.clear();
  for (const bit in queued) queued[bit] = 0; // no taps replayed on coming back
  for (const el of document.querySelectorAll(".key.held")) el.classList.remove("held");
});

for (const el of document.querySelectorAll(".key")) {
  const bits = Number(el.dataset.bits);
  const up = (e) => {
    if (pointerHeld.delete(e.pointerId)) el.classList.remove("held");
  };
  el.addEventListener("pointerdown", (e) => {
    e.preventDefault();
    try { el.setPointerCapture(e.pointerId); } catch (_) { /* not capturable */ }
    pointerHeld.set(e.pointerId, bits);
    el.classList.add("held");
    tap(bits);
  });
  el.addEventListener("pointerup", up);
  el.addEventListener("pointercancel", up);
  el.addEventListener("lostpointercapture", up);
  el.addEventListener("contextmenu", (e) => e.preventDefault());
}

// the device's start menu, one click away (a first visit opens on a deal):
// the app is built again at the menu, as a reset that forgets the open mode
// would; the saved game resumes from "Play the computer"
document.getElementById("to-menu").addEventListener("click", () => {
  if (page.ready && !page.error) page.runner.restart(false);
});

// a click or tap on a card of your hand on the screen: the first puts the
// cursor on it, a second on the same card is A (lays it away, or plays it)
oled.addEventListener("pointerdown", (e) => {
  if (!page.ready || page.error) return;
  const r = oled.getBoundingClientRect();
  const x = Math.floor(((e.clientX - r.left) * 128) / r.width);
  const y = Math.floor(((e.clientY - r.top) * 64) / r.height);
  let got = 0;
  try { got = page.runner.tap_card(x, y); } catch (_) { return; }
  if (got) e.preventDefault();
  if (got === 2) hold(BITS.a, TAP_MS);
  page.textDue = true;
});

// ---------------------------------------------------------------- drawing
function drawScreen(hex) {
  page.lastFrameHex = hex;
  const d = image.data;
  for (let page8 = 0; page8 < 8; page8++) {
    for (let x = 0; x < 128; x++) {
      const i = (page8 * 128 + x) * 2;
      const byte = parseInt(hex.substr(i, 2), 16);
      for (let bit = 0; bit < 8; bit++) {
        const o = ((page8 * 8 + bit) * 128 + x) * 4;
        const c = (byte >> bit) & 1 ? OLED_ON : OLED_OFF;
        d[o] = c[0]; d[o + 1] = c[1]; d[o + 2] = c[2]; d[o + 3] = 255;
      }
    }
  }
  octx.putImageData(image, 0, 0);
}

let shownLevel = -1;
function showContrast(level) {
  // the panel's contrast (firmware/idle.py dims it when left alone): 0xCF and
  // up is full, lower fades the canvas
  if (level === shownLevel) return;
  shownLevel = level;
  oled.style.opacity = level >= 0xcf ? "" : String(0.3 + (0.7 * level) / 0xcf);
}

function fitOled() {
  // an integer number of device pixels per OLED pixel: crisp on any screen;
  // as large as the width allows while the screen, the buttons and the
  // pegboard all fit the window's height (1280x800: the board in view)
  const dpr = window.devicePixelRatio || 1;
  const room = Math.min(document.querySelector("main").clientWidth - 24, 640);
  let scale = Math.max(1, Math.floor((room * dpr) / 128));
  // on a phone on its side the board goes below the fold, never the buttons
  const side = window.matchMedia("(orientation: landscape) and (max-height: 520px)").matches;
  const fit = [".oled-frame", ".pad"].concat(side ? [] : ["#board"]).map((q) => document.querySelector(q));
  const bottom = () => Math.max(...fit.map((el) => el.getBoundingClientRect().bottom)) + window.scrollY;
  const set = (k) => {
    oled.style.width = (128 * k) / dpr + "px";
    oled.style.height = (64 * k) / dpr + "px";
  };
  set(scale);
  while (scale > Math.ceil(2 * dpr) && bottom() > window.innerHeight) {
    scale--;
    set(scale);
  }
}
window.addEventListener("resize", fitOled);
fitOled();

let board = null; // board.json
const bctx = boardCanvas.getContext("2d");

function visible(v) {
  // tools/gen/board_png.py: LEDs look far brighter than their PWM value
  return v === 0 ? 0 : Math.floor(255 * Math.pow(v / 255, 0.45));
}

const BOARD_BG = [46, 30, 18];
const MIN_CONTRAST = 3; // a peg against the board (WCAG's contrast ratio)

function luminance([r, g, b]) {
  const f = (v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4);
  };
  return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
}

function contrast(a, b) {
  const la = luminance(a), lb = luminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

function pegColour(rgb) {
  // an LED's hue at full strength, lightened toward white until it stands
  // out from the board by MIN_CONTRAST (an LED glows far brighter than its
  // PWM value, and a dim blue on brown cannot be seen)
  const m = Math.max(...rgb) || 1;
  let c = rgb.map((v) => Math.round((v * 255) / m));
  for (let k = 0; k < 20 && contrast(c, BOARD_BG) < MIN_CONTRAST + 0.2; k++) {
    c = c.map((v) => Math.round(v + (255 - v) * 0.15));
  }
  return c;
}

const rgbText = (c) => `rgb(${c[0]},${c[1]},${c[2]})`;

function trackNames() {
  // the play screen's seats are You (A) and the computer (B)
  const mode = page.runner ? page.runner.mode() : "";
  return mode === "play" ? ["You", "CPU"] : ["A", "B"];
}

function drawBoard(hex) {
  page.lastLedsHex = hex;
  if (!board) return;
  const r = board.hole / 2;
  const at = (led) => {
    const o = led * 6;
    if (!hex) return [0, 0, 0];
    return [parseInt(hex.substr(o + 2, 2), 16), parseInt(hex.substr(o, 2), 16),
      parseInt(hex.substr(o + 4, 2), 16)]; // G R B on the strip
  };
  let brightest = 0;
  for (const h of board.holes) brightest = Math.max(brightest, ...at(h[4]));
  const trackColour = [null, null];
  const trackTop = [0, 0];
  const pegs = [];
  for (const [track, , x, y, led] of board.holes) {
    const c = at(led);
    const m = Math.max(...c);
    // the front peg (full), the rear peg (a quarter), or the markers (dim)
    const kind = !m ? 0 : m * 10 >= brightest * 6 ? 2 : m * 10 >= brightest * 1.5 ? 1 : 3;
    if (kind === 2 && m > trackTop[track]) {
      trackTop[track] = m;
      trackColour[track] = pegColour(c);
    }
    pegs.push([x, y, c, kind]);
  }
  page.pegsDrawn = [];
  bctx.fillStyle = rgbText(BOARD_BG);
  bctx.fillRect(0, 0, board.width, board.height);
  bctx.fillStyle = "rgb(235,220,190)";
  bctx.font = "15px sans-serif";
  bctx.fillText(board.name, 10, 22);
  const names = trackNames();
  page.trackLabels = [];
  bctx.font = "bold 14px sans-serif";
  for (let t = 0; t < board.tracks; t++) {
    const y = board.top + t * board.track_h + ((board.rows - 1) * 20) / 2 + 12;
    const label = board.tracks === 1 ? names.join(" + ") : names[t];
    const colour = board.tracks === 1 ? [235, 220, 190] : trackColour[t] || [235, 220, 190];
    bctx.fillStyle = rgbText(colour);
    bctx.fillText(label, 6, y);
    page.trackLabels.push([label, colour]);
  }
  for (const [x, y, c, kind] of pegs) {
    bctx.beginPath();
    if (kind === 2 || kind === 1) {
      const p = pegColour(c);
      page.pegsDrawn.push([kind === 2 ? "front" : "rear", p]);
      if (kind === 2) {
        bctx.arc(x + r, y + r, r + 1, 0, 2 * Math.PI);
        bctx.fillStyle = rgbText(p);
        bctx.fill();
      } else { // the rear peg: a ring of the same colour
        bctx.arc(x + r, y + r, r, 0, 2 * Math.PI);
        bctx.fillStyle = "rgb(20,12,6)";
        bctx.fill();
        bctx.lineWidth = 2.5;
        bctx.strokeStyle = rgbText(p);
        bctx.stroke();
        bctx.lineWidth = 1;
      }
    } else if (kind === 3) {
      bctx.arc(x + r, y + r, r, 0, 2 * Math.PI);
      bctx.fillStyle = `rgb(${visible(c[0])},${visible(c[1])},${visible(c[2])})`;
      bctx.fill();
    } else {
      bctx.arc(x + r, y + r, r, 0, 2 * Math.PI);
      bctx.fillStyle = "rgb(20,12,6)";
      bctx.fill();
      bctx.strokeStyle = "rgb(90,66,44)";
      bctx.stroke();
    }
  }
}

// ---------------------------------------------------------------- storage
function pickStorage() {
  // localStorage when this page may use it at all (reading is enough: a
  // store with no room left still holds the saved game, which resumes);
  // a write that fails (QuotaExceededError) returns the error's words, which
  // the backend's KeyStorage turns into a failed save ("Not saved" on the
  // screen, as a full flash), since in the WebAssembly port a JS exception
  // never reaches a Python except. Else a Map, for this page only.
  let ls = null;
  try {
    ls = window.localStorage;
    ls.getItem(STORE_PREFIX + "probe");
  } catch (_) {
    ls = null;
  }
  if (ls) {
    return {
      getItem: (k) => ls.getItem(k),
      setItem: (k, v) => {
        try {
          ls.setItem(k, v);
          if (page.storageFull) {
            page.storageFull = false;
            setStatus("Running. Saves are kept in this browser.");
          }
          return null;
        } catch (e) {
          page.storageFull = true;
          page.failedWrites++;
          setStatus("This browser's storage for the page is full: saves fail until there is room.", true);
          return e && e.name === "QuotaExceededError" ? "storage full" : String((e && e.name) || e);
        }
      },
      removeItem: (k) => { ls.removeItem(k); },
    };
  }
  page.storage = "memory";
  const items = new Map();
  return {
    getItem: (k) => (items.has(k) ? items.get(k) : null),
    setItem: (k, v) => { items.set(k, String(v)); return null; },
    removeItem: (k) => { items.delete(k); },
  };
}

function storedKeys() {
  // anything this page saved before (a first visit has none)
  try {
    for (let i = 0; i < localStorage.length; i++) {
      if (localStorage.key(i).startsWith(STORE_PREFIX)) return true;
    }
  } catch (_) { /* none */ }
  return false;
}

// another tab of this page saves to the same localStorage: say so, as each
// tab would save over the other's game
window.addEventListener("storage", (e) => {
  if (page.ready && e.key && e.key.startsWith(STORE_PREFIX)) {
    page.otherTab = true;
    setStatus("This page is open in another tab too: each saves over the other's game.", true);
  }
});

function hexToBytes(hex) {
  const out = new Uint8Array(hex.length >> 1);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.substr(2 * i, 2), 16);
  return out;
}

const download = document.getElementById("download");
const downloadNote = document.getElementById("download-note");
download.addEventListener("click", (e) => {
  let hex = null;
  try { hex = window.localStorage.getItem(STORE_PREFIX + "last.log"); } catch (_) { /* none */ }
  if (!hex) {
    e.preventDefault();
    downloadNote.textContent = " (no finished game yet)";
    return;
  }
  downloadNote.textContent = "";
  const blob = new Blob([hexToBytes(hex)], { type: "text/plain" });
  download.href = URL.createObjectURL(blob);
  setTimeout(() => URL.revokeObjectURL(download.href), 10000);
});

// ---------------------------------------------------------------- start
async function fetchOk(url, how) {
  const r = await fetch(url);
  if (!r.ok) throw new Error(`${url}: ${r.status} ${r.statusText}`);
  return how === "json" ? r.json() : r.arrayBuffer();
}

let timer = null;

// the screen's text for a screen reader: a polite live region, redone at
// most every SPEAK_MS while the screen changes (firmware.web_runner's spoken)
const SPEAK_MS = 250;
const screenText = document.getElementById("screen-text");
function speak() {
  if (!page.ready || !page.textDue || page.error) return;
  page.textDue = false;
  let text = "";
  try { text = page.runner.spoken_text(); } catch (e) { return; }
  if (text !== page.spokenText) {
    page.spokenText = text;
    screenText.textContent = "";
    for (const line of text.split("\n")) {
      const p = document.createElement("p");
      p.textContent = line;
      screenText.appendChild(p);
    }
  }
}

function frame() {
  const now = nowMs();
  const t0 = performance.now();
  let changed = 0;
  try {
    changed = page.step(heldMask(now), now);
  } catch (e) {
    clearInterval(timer);
    page.error = String(e && e.message ? e.message : e);
    setStatus("The app stopped: " + page.error, true);
    console.error(e);
    return;
  }
  if (changed & 1) {
    drawScreen(page.runner.frame_hex());
    showContrast(page.runner.contrast());
    page.frames++;
    if (page.firstFrameAt === null) page.firstFrameAt = performance.now();
  }
  if (changed & 1) page.textDue = true;
  if (changed & 2) drawBoard(page.runner.leds_hex());
  page.stepMs[page.steps % page.stepMs.length] = performance.now() - t0;
  page.steps++;
}

async function start() {
  await offline();
  const { loadMicroPython } = await import("./micropython.mjs");
  const bundle = fetchOk("app.bundle");
  const boardJson = fetchOk("board.json", "json");
  const mp = await loadMicroPython({
    stdout: (line) => console.log(line),
    stderr: (line) => console.log(line),
  });
  const files = unpack(mp, await bundle);
  board = await boardJson;
  boardCanvas.width = board.width;
  boardCanvas.height = board.height;
  drawBoard("");
  fitOled(); // the board's height is known now
  const web = mp.pyimport("firmware.web_runner");
  const kv = pickStorage();
  const firstVisit = page.storage === "localStorage" && !storedKeys();
  page.firstVisit = firstVisit;
  const room = params.get("room") || "";
  const runner = web.start(kv, "pico", firstVisit && !room);
  mp.pyimport("firmware.web_friend").wire(runner, tableLink(page), room, params.get("seat") || "", savedRoom());
  page.mp = mp;
  page.runner = runner;
  page.step = runner.step;
  page.py = (code) => mp.runPython(code);
  page.files = files;
  page.ready = true;
  if (!page.storageFull && !page.updated) {
    setStatus(page.storage === "memory"
      ? "Running. This browser keeps no localStorage here: saves last until the page closes."
      : "Running. Saves are kept in this browser.");
  }
  frame();
  timer = setInterval(frame, FRAME_MS);
  setInterval(speak, SPEAK_MS);
}

// offline and installable: sw.js keeps the site; a new build is fetched in
// the background and runs from the next load. On a first visit the page
// waits (a few seconds at most) for the worker to hold the site and take
// the page over, then loads the port and the bundle through it: each file
// crosses the network once.
function offline() {
  if (!("serviceWorker" in navigator) || location.protocol === "file:") return Promise.resolve();
  const sw = navigator.serviceWorker;
  const had = !!sw.controller;
  const taken = new Promise((resolve) => {
    sw.addEventListener("controllerchange", () => {
      if (had) {
        page.updated = true;
        setStatus("A new version of the page is ready: it runs from the next load.");
      }
      resolve();
    });
  });
  const registered = sw.register("sw.js").then((reg) => {
    page.serviceWorker = reg;
  }, (e) => {
    page.serviceWorkerError = String(e);
  });
  if (had) return Promise.resolve();
  return Promise.race([registered.then(() => (page.serviceWorkerError ? null : taken)),
    new Promise((resolve) => setTimeout(resolve, 8000))]);
}

start().catch((e) => {
  page.error = String(e && e.message ? e.message : e);
  setStatus("Could not start: " + page.error, true);
  console.error(e);
});
