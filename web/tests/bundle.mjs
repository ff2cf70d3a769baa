// The built bundle (tools/build_web.py) on the WebAssembly port in Node, as
// the page loads it: unpack app.bundle, import firmware.web_runner from the
// .mpy files, start a runner over an in-memory store and step it through
// the menu into the score keeper. Prints "N passed, N failed".
//
//   node web/tests/bundle.mjs SITE_DIR

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { loadMicroPython } from "../node_modules/@micropython/micropython-webassembly-pyscript/micropython.mjs";
import { unpack } from "../bundle.js";

const site = process.argv[2];
let passed = 0, failed = 0;
function check(name, ok, why) {
  if (ok) passed++;
  else { failed++; console.log("FAIL " + name + ": " + why); }
}
try {
  const mp = await loadMicroPython({ stdout: (l) => console.log(l), stderr: (l) => console.log(l) });
  const blob = readFileSync(join(site, "app.bundle"));
  const n = unpack(mp, blob.buffer.slice(blob.byteOffset, blob.byteOffset + blob.length));
  check("files unpacked", n > 30, n);
  mp.runPython(`
import sys, json
from firmware import web_runner
from firmware.hw import web
from firmware.ui import canvas
r = web_runner.start(web.MemoryKV())
t = 0
def run(mask, ms):
    global t
    for _ in range(ms // 20):
        r.step(mask, t)
        t += 20
run(0, 100)
menu = r.app.top().title
run(2, 100); run(0, 100); run(16, 100); run(0, 300)
where = [m.__file__ for m in (web_runner, web, canvas)]
_out = json.dumps([menu, r.app.mode, r.app.errors, r.crashes, where, canvas._fast is None])
`);
  const [menu, mode, errors, crashes, where, noViper] = JSON.parse(mp.globals.get("_out"));
  check("menu from the bundle", menu === "Cribbage", menu);
  check("keeper opened", mode === "keeper" && errors === 0 && crashes === 0,
    JSON.stringify([mode, errors, crashes]));
  check("modules are the .mpy files", where.every((f) => f.endsWith(".mpy")), where);
  check("no viper on the port: plain loops", noViper, noViper);
} catch (e) {
  failed++;
  console.log("FAIL bundle: " + String(e && e.message ? e.message : e).slice(0, 2000));
}
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed ? 1 : 0;
