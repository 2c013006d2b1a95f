// Loading the program: the wasm fetched with byte progress (or taken from the
// single file), and its second part. The program comes in two parts
// (scripts/split_wasm.mjs): attention.wasm, what the first frames run, and
// attention.deferred.wasm, the rest (the text view, typing a number, hover
// explanations...), fetched once the first frame is drawn; `ready` waits for
// it. A call into the second part before it is here loads it at once
// (Emscripten's loadSplitModule: a synchronous request, which a service
// worker does not see, so a page the worker serves has loaded it with the
// first part).
import { $ } from "./dom.js";
import { fetchBytes, singleFile } from "./files.js";
import { module } from "./program.js";
import { WORDS, fail } from "./words.js";

const DEFERRED = "attention.deferred.wasm";
let primaryExports = null; // what the second part imports
let deferredModule = null; // compiled
// Instantiated (its functions are in the table): {how, ms}; null until then.
export let deferredLoad = null;

// The program has started and both its parts are here (a call waits for nothing).
export const whole = () => module !== null && deferredLoad !== null;

const fromBase64 = (text) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
// Whether a service worker serves this page (a sandboxed iframe may not even ask).
function controlled() {
  try {
    return !!(navigator.serviceWorker && navigator.serviceWorker.controller);
  } catch (e) {
    return false;
  }
}

// Emscripten's instantiateWasm: we fetch the wasm ourselves, counting bytes
// for the progress bar (the single file has it inside).
export function instantiateWasm(imports, receiveInstance) {
  // The second part too, at once, where it costs no download: from the single
  // file, or from the service worker's cache on a later visit.
  const second = singleFile || controlled() ? compileDeferred().catch(() => null) : Promise.resolve(null);
  Promise.resolve()
    .then(() => (singleFile ? fromBase64(singleFile.wasm) : downloadWasm()))
    .then((bytes) => WebAssembly.instantiate(bytes, imports))
    .then(async (result) => {
      primaryExports = result.instance.exports;
      const compiled = await second;
      if (compiled) instantiateDeferred(compiled, "with the first part");
      receiveInstance(result.instance, result.module);
    })
    .catch((error) => fail(WORDS.noProgram, { why: error.message }));
  return {};
}

function instantiateDeferred(compiled, how) {
  if (deferredLoad) return;
  new WebAssembly.Instance(compiled, { primary: primaryExports });
  deferredModule = compiled; // kept only once it links
  deferredLoad = { how, ms: performance.now() };
}
async function compileDeferred() {
  if (singleFile) return WebAssembly.compile(fromBase64(singleFile.deferred));
  const r = await fetchBytes(DEFERRED);
  if (r.error) throw new Error(`${DEFERRED}: ${r.error}`);
  return WebAssembly.compile(r.bytes);
}
// Emscripten's loadSplitModule: a call needs the second part now.
export function loadDeferredNow() {
  try {
    let compiled = deferredModule;
    if (!compiled) {
      // A synchronous request cannot ask for an ArrayBuffer: read the bytes as x-user-defined text.
      const request = new XMLHttpRequest();
      request.open("GET", DEFERRED, false);
      request.overrideMimeType("text/plain; charset=x-user-defined");
      request.send();
      if (request.status !== 200) throw new Error(`${DEFERRED}: HTTP ${request.status}`);
      compiled = new WebAssembly.Module(Uint8Array.from(request.responseText, (c) => c.charCodeAt(0) & 0xff));
    }
    instantiateDeferred(compiled, "on a call");
  } catch (error) {
    // The program cannot go on without it: say so, as for a missing first part.
    fail(WORDS.noProgram, { why: error.message });
    throw error;
  }
}
// Once the first frame is drawn.
export function loadDeferredSoon() {
  if (deferredLoad) return Promise.resolve();
  return compileDeferred()
    .then((compiled) => instantiateDeferred(compiled, "after the first frame"))
    .catch((error) => console.warn(`${error.message} (loaded when first needed)`));
}

function downloadWasm() {
  const progress = $("loading-progress");
  return fetch("attention.wasm").then((response) => {
    if (!response.ok) throw new Error(`attention.wasm: HTTP ${response.status}`);
    const total = Number(response.headers.get("Content-Length")) || 0;
    if (!response.body || !total) return response.arrayBuffer();
    const reader = response.body.getReader();
    const chunks = [];
    let received = 0;
    const pump = () =>
      reader.read().then((r) => {
        if (r.done) {
          const bytes = new Uint8Array(received);
          let at = 0;
          for (const c of chunks) {
            bytes.set(c, at);
            at += c.length;
          }
          return bytes.buffer;
        }
        chunks.push(r.value);
        received += r.value.length;
        progress.value = Math.min(1, received / total);
        return pump();
      });
    return pump();
  });
}
