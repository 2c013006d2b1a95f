// Loading the program: attention.<build>.js, Emscripten's JavaScript, and
// attention.<build>.wasm, compiled while it downloads (progress counted on a
// clone of the response), or both from inside the single file. index.html
// preloads both, so neither waits for this script. The page was bundled with
// the build id both files carry (scripts/program_files.mjs): files of another
// build are refused with a clear message before anything runs. Every
// download is bounded (files.js).
//
// The program comes in two parts (scripts/split_program.mjs): the wasm,
// what the first frames run, and attention-deferred.<build>.wasm, the rest
// (typing a number, the text view, training...), fetched once the first
// frame is drawn; `ready` waits for it (loadSecondPart). A call into the
// second part before it is here loads it at once, synchronously
// (Emscripten's loadSplitModule: loadSecondPartNow).
import PROGRAM from "attention:program";
import { $ } from "./dom.js";
import { fetchWithin, singleFile } from "./files.js";
import { nextTask, secondPart, secondPartCame } from "./program.js";
import { WORDS, fail } from "./words.js";

// attention.<build>.js, attention.<build>.wasm (scripts/dist_files.mjs).
const programFile = (extension) => `attention.${PROGRAM.build}.${extension}`;
const SCRIPT_MS = 120000; // attention.js has not arrived: say so

const anotherBuild = (file, build) =>
  new Error(`${file} is from another build: ${build || "none"}, the page's is ${PROGRAM.build}`);

// Emscripten's JavaScript, added as a script unless it is here already (the
// single file has it inside). Resolves once createAttentionModule is defined
// and of this build; rejects with why not (`missing` when there is no such
// file to be had).
export function loadProgramScript() {
  return new Promise((resolve, reject) => {
    const file = programFile("js");
    const missing = () => reject(Object.assign(new Error(`${file} could not be loaded`), { missing: true }));
    const checked = () =>
      typeof createAttentionModule !== "function"
        ? missing()
        : createAttentionModule.build !== PROGRAM.build
          ? reject(anotherBuild(file, createAttentionModule.build))
          : resolve();
    if (typeof createAttentionModule === "function") return checked();
    const script = document.createElement("script");
    const timer = setTimeout(() => reject(new Error(`${file}: not here after ${SCRIPT_MS / 1000} s`)), SCRIPT_MS);
    script.onload = () => (clearTimeout(timer), checked());
    script.onerror = () => (clearTimeout(timer), missing());
    script.src = file;
    document.body.append(script);
  });
}

const fromBase64 = (text) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

// A part of the program compiled while it downloads where the browser can (a
// response of type application/wasm); `onBytes` hears how many have come.
const compileFetched = (file, onBytes = null) =>
  fetchWithin(
    file,
    (response) =>
      typeof WebAssembly.compileStreaming === "function" &&
      (response.headers.get("Content-Type") || "").startsWith("application/wasm")
        ? WebAssembly.compileStreaming(response)
        : response.arrayBuffer().then((bytes) => WebAssembly.compile(bytes)),
    onBytes,
  );

// The wasm compiled; the progress bar follows its bytes.
async function compileProgram() {
  // The single file carries the wasm gzipped, then in base64 (a third the
  // size of base64 alone, once the file itself is gzipped), and fflate's
  // gunzip in a script of its own (scripts/single_file.mjs).
  if (singleFile) return WebAssembly.compile(window.attentionGunzip(fromBase64(singleFile.wasmGz)));
  const progress = $("loading-progress");
  return compileFetched(programFile("wasm"), (bytes) => (progress.value = Math.min(1, bytes / PROGRAM.wasmBytes)));
}

// A compiled part of the program, if of this build.
function ofThisBuild(compiled, file) {
  const section = WebAssembly.Module.customSections(compiled, "attention.build")[0];
  const build = section ? new TextDecoder().decode(section) : "";
  if (build !== PROGRAM.build) throw anotherBuild(file, build);
  return compiled;
}

// Emscripten's instantiateWasm: the compiled program, if of this build, instantiated.
// A visit the service worker serves has the second part from its cache, at
// no download's cost: it comes with the first (and a synchronous request,
// which the worker might not see offline, is never needed).
export function instantiateWasm(imports, receiveInstance) {
  const cached = navigator.serviceWorker && navigator.serviceWorker.controller;
  const second = cached && PROGRAM.deferredBytes && !singleFile ? compileSecondPart().catch(() => null) : null;
  compileProgram()
    .then((compiled) => {
      ofThisBuild(compiled, programFile("wasm"));
      return WebAssembly.instantiate(compiled, imports)
        .then(async (instance) => (await nextTask(), instance)) // then main() in a task of its own
        .then(async (instance) => {
          firstPartExports = instance.exports;
          const secondCompiled = second && (await second);
          if (secondCompiled) {
            await WebAssembly.instantiate(secondCompiled, { primary: firstPartExports });
            secondPartCame("with the first part");
          }
          receiveInstance(instance, compiled);
        });
    })
    .catch((error) => fail(WORDS.noProgram, { why: error.message }));
  return {};
}

// [The second part]
const SECOND_PART = `attention-deferred.${PROGRAM.build}.wasm`; // scripts/dist_files.mjs
let firstPartExports = null; // what the second part imports (as "primary")
// The second part, compiled as it downloads. Instantiated, its functions take
// the place of the first part's placeholders in the program's table.
async function compileSecondPart() {
  try {
    return ofThisBuild(await compileFetched(SECOND_PART), SECOND_PART);
  } catch (error) {
    throw new Error(`${SECOND_PART}: ${error.why || error.message}`);
  }
}
// Called once the first frame is drawn: resolves when the second part is in
// (or, if it could not be had, with a warning: a call into it then tries again).
export function loadSecondPart() {
  // (The single file carries the program in one part.)
  if (!PROGRAM.deferredBytes || singleFile || secondPart) return Promise.resolve();
  return compileSecondPart()
    .then((compiled) => WebAssembly.instantiate(compiled, { primary: firstPartExports }))
    .then(() => secondPartCame("after the first frame"))
    .catch((error) => console.warn(`Attention Lab: ${error.message} (fetched again when first needed)`));
}
// Emscripten's loadSplitModule: a call reached the second part before it was here.
export function loadSecondPartNow(file, imports, placeholder) {
  if (secondPart) return;
  // A synchronous request cannot ask for an ArrayBuffer: the bytes as x-user-defined text.
  const request = new XMLHttpRequest();
  request.open("GET", SECOND_PART, false);
  request.overrideMimeType("text/plain; charset=x-user-defined");
  request.send();
  if (request.status !== 200) throw new Error(`${SECOND_PART}: HTTP ${request.status}`);
  const bytes = Uint8Array.from(request.responseText, (c) => c.charCodeAt(0) & 0xff);
  new WebAssembly.Instance(ofThisBuild(new WebAssembly.Module(bytes), SECOND_PART), { primary: firstPartExports });
  secondPartCame("on a call", Number(placeholder));
}
