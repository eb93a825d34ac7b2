// `node tools/site/snapshot.mjs <pyodide folder> <app archive> <imports file> <out>`: Pyodide
// started under Node, the app archive unpacked and the app imported, and its memory written
// to <out>. The clock, the random sources and the time zone are fixed first, so that the
// same inputs always give the same bytes (tools/site_snapshot.py wraps and checks them).
import nodeCrypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [folder, archive, importsFile, out] = process.argv.slice(2);
process.env.TZ = "UTC";

const NOW = 1_700_000_000_000; // every clock reads this instant
class FixedDate extends Date {
  constructor(...args) {
    if (args.length) {
      super(...args);
    } else {
      super(NOW);
    }
  }

  static now() {
    return NOW;
  }
}
globalThis.Date = FixedDate;
performance.now = () => 0;

// One linear congruential sequence for every source of entropy Python or Emscripten asks.
let state = 1;
function fill(view) {
  const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
  for (let i = 0; i < bytes.length; i++) {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    bytes[i] = state >>> 24;
  }
  return view;
}
nodeCrypto.randomFillSync = fill;
Object.defineProperty(globalThis, "crypto", {
  value: { getRandomValues: fill, subtle: nodeCrypto.webcrypto.subtle },
  configurable: true,
});
Math.random = () => fill(new Uint32Array(1))[0] / 4294967296;

const { loadPyodide } = await import(pathToFileURL(path.join(folder, "pyodide.mjs")).href);
const pyodide = await loadPyodide({
  indexURL: folder + path.sep,
  _makeSnapshot: true,
  env: { PYTHONHASHSEED: "0" },
});
// Flet's PyodideConnection imports the page's flet_js module: the snapshot records it by
// name, and the page's worker gives its own in its place (_snapshotDeserializer).
const fletJs = {};
pyodide.registerJsModule("flet_js", fletJs);
pyodide.unpackArchive(new Uint8Array(fs.readFileSync(archive)), "gztar");
pyodide.runPython(`
import importlib, sys
importlib.invalidate_caches()  # the folder's time never moves here: its listing is read again
sys.path.insert(0, "__pypackages__")
`);
pyodide.runPython(fs.readFileSync(importsFile, "utf8"));
function serializer(value) {
  if (value === fletJs) {
    return "flet_js";
  }
  throw new Error("the snapshot would hold a JavaScript object other than flet_js");
}
fs.writeFileSync(out, pyodide.makeMemorySnapshot({ serializer }));
