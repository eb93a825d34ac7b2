// Gadget's service worker: every file of the site kept, so it opens with the network off.
const VERSION = "gadget-__VERSION__";
const FILES = __FILES__;
// CanvasKit comes in two builds and a browser loads one: Chromium's where Flutter's loader
// finds V8's break iterator and Intl.Segmenter (its own test), the full one elsewhere.
const CHROMIUM =
  typeof Intl.v8BreakIterator !== "undefined" && typeof Intl.Segmenter !== "undefined";
const CANVASKIT = CHROMIUM
  ? ["canvaskit/chromium/canvaskit.js", "canvaskit/chromium/canvaskit.wasm"]
  : ["canvaskit/canvaskit.js", "canvaskit/canvaskit.wasm"];

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches.open(VERSION)
      // Each file asked again of the host, which answers "not modified" (no body) for a file
      // the page just fetched: not twice. Never the browser's cached copy unasked: after a new
      // build it may be the old one, and a new page would run with an old app archive or an
      // old snapshot (Python would start the slow way at every visit, with the old app).
      .then((cache) =>
        cache.addAll([...FILES, ...CANVASKIT].map((f) => new Request(f, { cache: "no-cache" })))
      )
      .then(() => self.skipWaiting())
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((keys) => Promise.all(keys.filter((k) => k !== VERSION).map((k) => caches.delete(k))))
      .then(() => self.clients.claim())
  );
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) {
    return;
  }
  event.respondWith(
    caches.open(VERSION).then(async (cache) => {
      const kept = await cache.match(request, { ignoreSearch: true });
      if (kept) {
        return kept;
      }
      try {
        const fetched = await fetch(request);
        if (fetched.ok) {
          cache.put(request, fetched.clone());  // a file the list missed: kept from now on
        }
        return fetched;
      } catch (error) {
        // Offline and not kept: a page address opens the app, whose routes follow the #.
        if (request.mode === "navigate") {
          return (await cache.match("./")) || Response.error();
        }
        throw error;
      }
    })
  );
});
