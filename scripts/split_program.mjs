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

// LEB128, unsigned: [value, bytes read].
function readLeb(bytes, at) {
  let value = 0;
  let shift = 0;
  for (let i = at; ; ++i) {
    value += (bytes[i] & 0x7f) * 2 ** shift;
    shift += 7;
    if (!(bytes[i] & 0x80)) return [value, i + 1 - at];
  }
}

// A wasm without its "name" section: the whole program as one part, for the
// single file (one file to open, and a gzipped stream less than two parts).
export function withoutNames(wasm) {
  const kept = [wasm.subarray(0, 8)]; // magic and version
  for (let at = 8; at < wasm.length;) {
    const [size, sizeBytes] = readLeb(wasm, at + 1);
    const end = at + 1 + sizeBytes + size;
    const body = at + 1 + sizeBytes;
    const [nameLength, nameBytes] = wasm[at] === 0 ? readLeb(wasm, body) : [0, 0];
    const name = wasm[at] === 0 ? wasm.subarray(body + nameBytes, body + nameBytes + nameLength).toString() : "";
    if (name !== "name") kept.push(wasm.subarray(at, end));
    at = end;
  }
  return Buffer.concat(kept);
}
