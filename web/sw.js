// The service worker: after a first visit the page works offline, and loads
// from the cache on later visits (docs/embedding.md, "Offline and installing").
// scripts/service_worker.mjs writes dist/sw.js as this file after one line,
//   const BUILD = { version, files: { "index.html": "sha256-…", … } };
// so every build whose files differ is a new service worker with its own cache.
/* global BUILD */

const PREFIX = "attention-lab-";
const CACHE = PREFIX + BUILD.version;
const SCOPE = new URL("./", self.location).pathname;

// Each file from the HTTP cache when it holds this build's bytes (a first
// visit has just fetched them), else from the server; the integrity check
// keeps another build's files out of this build's cache.
async function precache() {
  const cache = await caches.open(CACHE);
  await Promise.all(
    Object.entries(BUILD.files).map(async ([file, integrity]) => {
      let response;
      try {
        response = await fetch(new Request(file, { integrity }));
      } catch (e) {
        response = await fetch(new Request(file, { integrity, cache: "reload" }));
      }
      if (!response.ok) throw new Error(`${file}: HTTP ${response.status}`);
      await cache.put(file, response);
    }),
  );
}

self.addEventListener("install", (event) => event.waitUntil(precache()));

// The new build's cache is in use once no page of the old one is open (a page
// never mixes two builds' files); then the old caches go.
self.addEventListener("activate", (event) =>
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith(PREFIX) && k !== CACHE).map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  ),
);

// The build's files from the cache, whatever their query (?lesson=…); the
// folder itself is index.html. A language's catalog and a font pack, fetched
// only when a learner needs them, join the cache then: a language used once
// works offline too. So do the editor's SCORM list and adapter, and this
// worker's own file, which a package carries: a package made once online can
// be made again offline. (The browser's own update check of this worker never
// comes here.) Anything else (an instructor's lesson file, the
// examples, the single file) goes to the network as usual.
self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || url.origin !== self.location.origin || !url.pathname.startsWith(SCOPE)) return;
  const file = url.pathname === SCOPE ? "index.html" : url.pathname.slice(SCOPE.length);
  const whenNeeded = /^(lang\/[A-Za-z-]+\.json|fonts\/[a-z]+\.ttf|scorm\/(files\.json|scorm-adapter\.js)|sw\.js)$/.test(
    file,
  );
  if (!Object.hasOwn(BUILD.files, file) && !whenNeeded) return;
  event.respondWith(
    caches.open(CACHE).then(async (cache) => {
      const cached = await cache.match(file);
      if (cached) return cached;
      const response = await fetch(event.request);
      if (whenNeeded && response.ok) await cache.put(file, response.clone());
      return response;
    }),
  );
});
