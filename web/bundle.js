// Unpacks tools/build_web.py's app.bundle into the MicroPython WebAssembly
// port's filesystem under /lib (on its sys.path): "CRB1", a 4-byte big-endian
// file count, then per file a 2-byte name length, the name, a 4-byte length
// and the bytes. Used by app.js in the page and by web/tests/bundle.mjs in
// Node. Returns the number of files.

export function unpack(mp, blob) {
  const v = new DataView(blob);
  const bytes = new Uint8Array(blob);
  if (String.fromCharCode(...bytes.subarray(0, 4)) !== "CRB1") {
    throw new Error("app.bundle is not a bundle");
  }
  const n = v.getUint32(4);
  const dec = new TextDecoder();
  let pos = 8;
  const dirs = new Set();
  for (let i = 0; i < n; i++) {
    const k = v.getUint16(pos);
    const name = dec.decode(bytes.subarray(pos + 2, pos + 2 + k));
    pos += 2 + k;
    const size = v.getUint32(pos);
    const path = "/lib/" + name;
    const dir = path.slice(0, path.lastIndexOf("/"));
    if (!dirs.has(dir)) {
      mp.FS.mkdirTree(dir);
      dirs.add(dir);
    }
    mp.FS.writeFile(path, bytes.subarray(pos + 4, pos + 4 + size));
    pos += 4 + size;
  }
  return n;
}
