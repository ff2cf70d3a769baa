// The web version's page script: loads MicroPython's WebAssembly port,
// unpacks the app bundle (the device files as .mpy, tools/build_web.py) into
// its filesystem, and calls firmware.hw.web's Runner.step(buttons, now) once
// a frame from a timer; draws the OLED on a canvas at an integer scale and
// the LED pegboard from board.json. Buttons come from keys (as in the
// terminal simulator), the on-screen pad (pointer and touch, several at once
// for chords) and long holds. Saves live in localStorage (the backend's
// KeyStorage). Hand-written, no framework, no build step.

import { loadMicroPython } from "./micropython.mjs";
import { unpack } from "./bundle.js";

const FRAME_MS = 20; // firmware.app.FRAME_MS
const TAP_MS = 100; // a key or tap counts as held at least this long
const LONG_MS = 900; // Z / X: a long A / B (firmware.buttons.LONG is 700)
const BITS = { up: 1, down: 2, left: 4, right: 8, a: 16, b: 32 };
const OLED_ON = [190, 225, 255]; // tools/sim.py's colours
const OLED_OFF = [0, 0, 0];
const STORE_PREFIX = "cribbage/"; // firmware.hw.web.PREFIX
const KEYS = {
  ArrowUp: [BITS.up, 0], ArrowDown: [BITS.down, 0],
  ArrowLeft: [BITS.left, 0], ArrowRight: [BITS.right, 0],
  z: [BITS.a, 0], a: [BITS.a, 0], " ": [BITS.a, 0], Enter: [BITS.a, 0],
  x: [BITS.b, 0], b: [BITS.b, 0], Backspace: [BITS.b, 0],
  Z: [BITS.a, LONG_MS], A: [BITS.a, LONG_MS],
  X: [BITS.b, LONG_MS], B: [BITS.b, LONG_MS],
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

function heldMask(now) {
  let mask = 0;
  for (const bit of keyHeld.values()) mask |= bit;
  for (const bits of pointerHeld.values()) mask |= bits;
  for (const bit of [1, 2, 4, 8, 16, 32]) {
    if (until[bit] > now || untilStep[bit] > page.steps) mask |= bit;
  }
  return mask;
}

document.addEventListener("keydown", (e) => {
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  const k = KEYS[e.key];
  if (!k) return;
  e.preventDefault();
  if (e.repeat) return;
  const [bit, long] = k;
  if (long) {
    hold(bit, long); // a long press however briefly the key is down
  } else {
    keyHeld.set(e.code, bit);
    hold(bit, TAP_MS);
  }
});
document.addEventListener("keyup", (e) => {
  if (keyHeld.delete(e.code)) e.preventDefault();
});
window.addEventListener("blur", () => keyHeld.clear());
document.addEventListener("visibilitychange", () => {
  keyHeld.clear();
  pointerHeld.clear();
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
    hold(bits, TAP_MS);
  });
  el.addEventListener("pointerup", up);
  el.addEventListener("pointercancel", up);
  el.addEventListener("lostpointercapture", up);
  el.addEventListener("contextmenu", (e) => e.preventDefault());
}

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
  // an integer number of device pixels per OLED pixel: crisp on any screen
  const dpr = window.devicePixelRatio || 1;
  const room = Math.min(document.querySelector("main").clientWidth - 24, 640);
  const scale = Math.max(1, Math.floor((room * dpr) / 128));
  oled.style.width = (128 * scale) / dpr + "px";
  oled.style.height = (64 * scale) / dpr + "px";
}
window.addEventListener("resize", fitOled);
fitOled();

let board = null; // board.json
const bctx = boardCanvas.getContext("2d");

function visible(v) {
  // tools/render_board.py: LEDs look far brighter than their PWM value
  return v === 0 ? 0 : Math.floor(255 * Math.pow(v / 255, 0.45));
}

function drawBoard(hex) {
  page.lastLedsHex = hex;
  if (!board) return;
  const r = board.hole / 2;
  bctx.fillStyle = "rgb(46,30,18)";
  bctx.fillRect(0, 0, board.width, board.height);
  bctx.fillStyle = "rgb(235,220,190)";
  bctx.font = "15px sans-serif";
  bctx.fillText(board.name, 10, 22);
  for (let t = 0; t < board.tracks; t++) {
    const y = board.top + t * board.track_h + ((board.rows - 1) * 20) / 2 + 12;
    bctx.fillText(board.tracks === 1 ? "A + B" : "AB"[t], 10, y);
  }
  for (const [, , x, y, led] of board.holes) {
    const o = led * 6;
    const g = hex ? parseInt(hex.substr(o, 2), 16) : 0;
    const red = hex ? parseInt(hex.substr(o + 2, 2), 16) : 0;
    const b = hex ? parseInt(hex.substr(o + 4, 2), 16) : 0;
    bctx.beginPath();
    if (red || g || b) {
      bctx.arc(x + r, y + r, r + 1, 0, 2 * Math.PI);
      bctx.fillStyle = `rgb(${visible(red)},${visible(g)},${visible(b)})`;
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
  if (changed & 2) drawBoard(page.runner.leds_hex());
  page.stepMs[page.steps % page.stepMs.length] = performance.now() - t0;
  page.steps++;
}

async function start() {
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
  const web = mp.pyimport("firmware.hw.web");
  const runner = web.start(pickStorage(), "pico");
  page.mp = mp;
  page.runner = runner;
  page.step = runner.step;
  page.py = (code) => mp.runPython(code);
  page.files = files;
  page.ready = true;
  if (!page.storageFull) {
    setStatus(page.storage === "memory"
      ? "Running. This browser keeps no localStorage here: saves last until the page closes."
      : "Running. Saves are kept in this browser.");
  }
  frame();
  timer = setInterval(frame, FRAME_MS);
}

start().catch((e) => {
  page.error = String(e && e.message ? e.message : e);
  setStatus("Could not start: " + page.error, true);
  console.error(e);
});
