// Run Python on MicroPython's WebAssembly port (the pinned npm package) in
// Node, with the repository's source folders copied into the port's
// in-memory filesystem at /repo (the working directory), like the unix
// port's `micropython -c CODE` run from the repository root:
//
//   node web/tests/mpnode.mjs [--root DIR] -c "import mp_runner; ..."
//
// Exit status: the value the code leaves in the global `_exit` (0 when it
// sets none), the code of a SystemExit, or 1 for any other uncaught error
// (its traceback on stderr). Used by host_tests/test_web_node.py.

import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { loadMicroPython } from "../node_modules/@micropython/micropython-webassembly-pyscript/micropython.mjs";

const here = dirname(fileURLToPath(import.meta.url));
let root = join(here, "..", "..");
let code = null;
const args = process.argv.slice(2);
for (let i = 0; i < args.length; i++) {
  if (args[i] === "--root") root = args[++i];
  else if (args[i] === "-c") code = args[++i];
}
if (code === null) {
  console.error("usage: node web/tests/mpnode.mjs [--root DIR] -c CODE");
  process.exit(2);
}

const FOLDERS = ["engine", "firmware", "boards", "host_tests", "tools"];
const mp = await loadMicroPython({
  heapsize: 8 * 1024 * 1024,
  stdout: (line) => process.stdout.write(line + "\n"),
  stderr: (line) => process.stderr.write(line + "\n"),
});

function copyTree(rel) {
  const src = join(root, rel);
  mp.FS.mkdirTree("/repo/" + rel);
  for (const name of readdirSync(src)) {
    if (name === "__pycache__" || name.startsWith(".")) continue;
    const path = join(src, name);
    const st = statSync(path);
    if (st.isDirectory()) copyTree(rel + "/" + name);
    else if (!name.endsWith(".png") && !name.endsWith(".pyc")) {
      mp.FS.writeFile("/repo/" + rel + "/" + name, readFileSync(path));
    }
  }
}
for (const f of FOLDERS) copyTree(f);
mp.FS.chdir("/repo");

let status = 0;
try {
  mp.runPython("import sys\nsys.path.insert(0, '/repo')\nsys.path.insert(0, '/repo/host_tests')\n" + code);
  const e = mp.globals.get("_exit");
  status = typeof e === "number" ? e : 0;
} catch (err) {
  if (err && err.name === "PythonError") {
    if (err.type === "SystemExit") {
      const m = /SystemExit: (\d+)/.exec(err.message);
      status = m ? Number(m[1]) : 0;
    } else {
      process.stderr.write(err.message + "\n");
      status = 1;
    }
  } else {
    process.stderr.write(String(err && err.stack ? err.stack : err).slice(0, 2000) + "\n");
    status = 1;
  }
}
process.exitCode = status;
