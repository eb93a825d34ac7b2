// Gadget's Python worker, in place of Flet's (flet-web's python-worker.js): the page starts
// it as it loads, in parallel with Flutter, and Python comes from the memory snapshot the
// build made (tools/site_snapshot.py) when that snapshot is the one made for this Pyodide
// and this app archive; otherwise Python starts the slow way, and the player sees no
// difference but the wait. The messages to and from the page are Flet's.

const SNAPSHOT_MAGIC = "GADGET-SNAPSHOT1";

self.flet_js = {}; // the module Flet's PyodideConnection imports
self.booting = null; // the promise of a Python with the app imported
self.started = false; // the app asked for (Dart's jsConnect)

function say(text, isError) {
  if (isError) {
    console.error(text);
  } else {
    console.log(text);
  }
}

async function bytesOf(url) {
  const response = await fetch(url);
  if (!response.ok) {
    throw new Error(`${url}: HTTP ${response.status}`);
  }
  return new Uint8Array(await response.arrayBuffer());
}

function hex(buffer) {
  return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");
}

// Every chunk of a stream into one array of `size` bytes (more, or fewer, is an error).
async function gathered(stream, size) {
  const into = new Uint8Array(size);
  const reader = stream.getReader();
  let at = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) {
      break;
    }
    if (at + value.length > size) {
      throw new Error(`more than ${size} bytes`);
    }
    into.set(value, at);
    at += value.length;
  }
  if (at !== size) {
    throw new Error(`${at} bytes, ${size} expected`);
  }
  return into;
}

function gunzipped(bytes) {
  return new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
}

// The snapshot's memory, or null (said in the console) when it is absent, damaged, or made
// for another Pyodide or another app archive (Pyodide checks its own build id again). The
// memory is unzipped as it arrives.
async function snapshotFor(settings, pyodideModule, archive) {
  if (!settings.snapshot) {
    return null;
  }
  if (!(self.crypto && crypto.subtle && typeof DecompressionStream === "function")) {
    say("Gadget: this browser cannot check the snapshot (no crypto.subtle): slow start");
    return null;
  }
  const response = await fetch(settings.snapshot);
  if (!response.ok) {
    throw new Error(`${settings.snapshot}: HTTP ${response.status}`);
  }
  const reader = response.body.getReader();
  let head = new Uint8Array(0);
  let length = null;
  while (length === null || head.length < 20 + length) {
    const { done, value } = await reader.read();
    if (done) {
      throw new Error("the snapshot ends in its header");
    }
    const longer = new Uint8Array(head.length + value.length);
    longer.set(head);
    longer.set(value, head.length);
    head = longer;
    if (length === null && head.length >= 20) {
      if (new TextDecoder().decode(head.subarray(0, 16)) !== SNAPSHOT_MAGIC) {
        throw new Error("not a Gadget snapshot");
      }
      length = new DataView(head.buffer, 16, 4).getUint32(0, true);
    }
  }
  const made = JSON.parse(new TextDecoder().decode(head.subarray(20, 20 + length)));
  const module = await pyodideModule;
  if (made.pyodide !== module.version) {
    throw new Error(`made for Pyodide ${made.pyodide}, given ${module.version}`);
  }
  const digest = hex(await crypto.subtle.digest("SHA-256", await archive));
  if (made.archive !== digest) {
    throw new Error(`made for the app archive ${made.archive}, given ${digest}`);
  }
  const rest = head.subarray(20 + length);
  const zipped = new ReadableStream({
    start(controller) {
      if (rest.length) {
        controller.enqueue(rest);
      }
    },
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) {
        controller.close();
      } else {
        controller.enqueue(value);
      }
    },
  });
  return gathered(zipped.pipeThrough(new DecompressionStream("gzip")), made.bytes);
}

// The app archive's files into Python's folder: a gzipped tar as tools/build_site.py writes
// it (regular files, GNU long names), read here rather than by Python's tarfile, which
// takes ten times as long in the browser.
async function unpack(pyodide, archive) {
  if (typeof DecompressionStream !== "function") {
    pyodide.unpackArchive(archive, "gztar"); // an older browser: Python unpacks it
    return;
  }
  const tar = await new Response(gunzipped(archive)).arrayBuffer();
  const bytes = new Uint8Array(tar);
  const text = new TextDecoder();
  const field = (header, start, length) =>
    text.decode(header.subarray(start, start + length)).split("\0")[0];
  let offset = 0;
  let longName = null;
  while (offset + 512 <= bytes.length && bytes[offset] !== 0) {
    const header = bytes.subarray(offset, offset + 512);
    const size = parseInt(field(header, 124, 12).trim() || "0", 8);
    const type = String.fromCharCode(header[156] || 48);
    const data = bytes.subarray(offset + 512, offset + 512 + size);
    offset += 512 + Math.ceil(size / 512) * 512;
    if (type === "L") {
      longName = text.decode(data).split("\0")[0];
      continue;
    }
    const name = longName ?? field(header, 0, 100);
    longName = null;
    if (name.startsWith("/") || name.split("/").includes("..")) {
      throw new Error(`the app archive names ${name}`);
    }
    if (type === "0") {
      const folder = name.includes("/") ? name.slice(0, name.lastIndexOf("/")) : "";
      if (folder) {
        pyodide.FS.mkdirTree(folder);
      }
      pyodide.FS.writeFile(name, data);
    }
  }
}

// After a snapshot: the files are back (the snapshot holds memory, not files), and Python
// takes this phone's entropy and time zone (gadget/site/awake.py).
const RESTORED = `
from gadget.site.awake import after_snapshot
after_snapshot()
`;

// The slow start: the app imported as the snapshot had it imported.
const FIRST = `
import importlib, sys
importlib.invalidate_caches()
sys.path.insert(0, "__pypackages__")
`;

async function boot(settings) {
  const began = performance.now();
  const archive = bytesOf(settings.archive);
  const pyodideModule = import(settings.pyodideUrl);
  const options = {
    stdout: (text) => say(text, false),
    stderr: (text) => say(text, true),
  };
  let pyodide = null;
  try {
    const memory = await snapshotFor(settings, pyodideModule, archive);
    if (memory) {
      pyodide = await (await pyodideModule).loadPyodide({
        ...options,
        _loadSnapshot: memory,
        _snapshotDeserializer: (name) => {
          if (name !== "flet_js") {
            throw new Error(`the snapshot holds ${name}`);
          }
          return self.flet_js;
        },
      });
    }
  } catch (error) {
    say(`Gadget: the snapshot was not used (${error}): slow start`);
    pyodide = null;
  }
  const restored = pyodide !== null;
  if (!restored) {
    pyodide = await (await pyodideModule).loadPyodide(options);
    pyodide.registerJsModule("flet_js", self.flet_js); // the snapshot has it already
  }
  await unpack(pyodide, await archive);
  pyodide.runPython(restored ? RESTORED : FIRST);
  if (!restored) {
    pyodide.runPython(settings.imports);
  }
  if (settings.kept) {
    // What the page read of the phone's storage and languages (gadget/views/parts/storage.py).
    pyodide.globals.set(
      "_page_read",
      JSON.stringify({ kept: settings.kept, languages: settings.languages || [] }),
    );
    pyodide.runPython("from gadget.views.parts.storage import give\ngive(_page_read)\ndel _page_read");
  }
  // The app's entry point runs now: Flet's PyodideConnection waits for Dart's jsConnect.
  await pyodide.runPythonAsync(`
import runpy
try:
    runpy.run_module("main", run_name="__main__")
except SystemExit as _exit:
    if _exit.code not in (None, 0):
        raise
`);
  const took = Math.round(performance.now() - began);
  say(`Gadget: Python ready in ${took} ms (${restored ? "snapshot" : "slow start"})`);
  return pyodide;
}

async function start(data) {
  self.booting ??= boot({
    pyodideUrl: data.pyodideUrl,
    archive: data.appPackageUrl,
    snapshot: null,
    imports: "",
  });
  try {
    await self.booting;
    self.flet_js.args = data.args;
    self.flet_js.documentUrl = data.documentUrl;
    if (typeof self.flet_js.start_connection !== "function") {
      self.postMessage("__flet_no_ui__:Script finished without starting a Flet UI.");
      return;
    }
    await self.flet_js.start_connection(self.receiveCallback);
    self.postMessage("initialized");
  } catch (error) {
    self.postMessage(error.toString());
  }
}

self.receiveCallback = (message) => {
  const bytes = message.toJs();
  self.postMessage(bytes, [bytes.buffer]);
};
self.flet_js.receive_callback = self.receiveCallback;

self.onmessage = (event) => {
  const data = event.data;
  if (data && data.gadgetBoot) {
    self.booting ??= boot(data.gadgetBoot); // the page, as it loads
  } else if (!self.started) {
    self.started = true;
    start(data); // Dart's jsConnect
  } else if (typeof self.flet_js.send === "function") {
    self.flet_js.send(data);
  } else {
    console.error("Flet: dropped a message for a Python app that never started.");
  }
};
