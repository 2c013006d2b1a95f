// Splits the linked program in two (Binaryen's wasm-split): the first part
// keeps the functions web/first-frames.funcs names, what the page's first
// frames run (scripts/split_profile.mjs writes it), and the second part has
// the rest, which the page fetches once the first frame is drawn
// (web/page/loader.js). A function the list does not name still works: its
// first call loads the second part at once. Used by scripts/program_files.mjs.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

// What the web build's code uses (CMakeLists.txt: attn_wasm_features), and what emcc enables.
export const FEATURES = [
  "--enable-bulk-memory",
  "--enable-nontrapping-float-to-int",
  "--enable-sign-ext",
  "--enable-mutable-globals",
];

// The two parts of LINKED.wasm.orig (the whole program with its names, which
// -sSPLIT_MODULE leaves), as {first, second} bytes, without names. Functions
// of the list the program lacks are left out, with wasm-split's warning.
// `placeholderMap`: where wasm-split writes each placeholder's table index
// and the function it stands for.
export function splitProgram(wasmSplit, original, keepFile, placeholderMap) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "attention-split-"));
  try {
    const [first, second] = [path.join(dir, "first.wasm"), path.join(dir, "second.wasm")];
    const run = spawnSync(
      wasmSplit,
      [...FEATURES, `--keep-funcs=@${keepFile}`, `--placeholdermap`, original, "-o1", first, "-o2", second],
      {
        encoding: "utf8",
      },
    );
    if (run.status !== 0) throw new Error(`wasm-split failed (${run.status}): ${run.stderr}`);
    const said = `${run.stdout}\n${run.stderr}`;
    const missing = said.split("\n").filter((line) => line.startsWith("warning: function")).length;
    if (missing) console.log(`${path.basename(keepFile)}: ${missing} of its functions are gone (./dev split-profile)`);
    fs.copyFileSync(`${first}.placeholders`, placeholderMap);
    return { first: fs.readFileSync(first), second: fs.readFileSync(second) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// The whole program without its names (Binaryen's wasm-opt --strip-debug,
// beside wasm-split): the program in one part, for the single file (one file
// to open, and one gzipped stream is smaller than two parts').
export function wholeProgram(wasmSplit, original) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "attention-whole-"));
  try {
    const out = path.join(dir, "whole.wasm");
    const wasmOpt = path.join(path.dirname(wasmSplit), "wasm-opt");
    const run = spawnSync(wasmOpt, [...FEATURES, "--strip-debug", original, "-o", out], { encoding: "utf8" });
    if (run.status !== 0) throw new Error(`wasm-opt failed (${run.status}): ${run.stderr}`);
    return fs.readFileSync(out);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
