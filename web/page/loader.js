// Loading the program: attention.<build>.js, Emscripten's JavaScript, and
// attention.<build>.wasm, compiled while it downloads (progress counted on a
// clone of the response), or both from inside the single file. index.html
// preloads both, so neither waits for this script. The page was bundled with
// the build id both files carry (scripts/program_files.mjs): files of another
// build are refused with a clear message before anything runs. Every
// download is bounded (files.js).
import PROGRAM from "attention:program";
import { $ } from "./dom.js";
import { fetchWithin, singleFile } from "./files.js";
import { nextTask } from "./program.js";
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

// The wasm compiled, while it downloads where the browser can (a response of
// type application/wasm); the progress bar follows the bytes.
async function compileProgram() {
  // The single file carries the wasm gzipped, then in base64 (a third the
  // size of base64 alone, once the file itself is gzipped), and fflate's
  // gunzip in a script of its own (scripts/single_file.mjs).
  if (singleFile) return WebAssembly.compile(window.attentionGunzip(fromBase64(singleFile.wasmGz)));
  const file = programFile("wasm");
  const progress = $("loading-progress");
  return fetchWithin(
    file,
    (response) =>
      typeof WebAssembly.compileStreaming === "function" &&
      (response.headers.get("Content-Type") || "").startsWith("application/wasm")
        ? WebAssembly.compileStreaming(response)
        : response.arrayBuffer().then((bytes) => WebAssembly.compile(bytes)),
    (bytes) => (progress.value = Math.min(1, bytes / PROGRAM.wasmBytes)),
  );
}

// Emscripten's instantiateWasm: the compiled program, if of this build, instantiated.
export function instantiateWasm(imports, receiveInstance) {
  compileProgram()
    .then((compiled) => {
      const section = WebAssembly.Module.customSections(compiled, "attention.build")[0];
      const build = section ? new TextDecoder().decode(section) : "";
      if (build !== PROGRAM.build) throw anotherBuild(programFile("wasm"), build);
      return WebAssembly.instantiate(compiled, imports)
        .then(async (instance) => (await nextTask(), instance)) // then main() in a task of its own
        .then((instance) => receiveInstance(instance, compiled));
    })
    .catch((error) => fail(WORDS.noProgram, { why: error.message }));
  return {};
}
