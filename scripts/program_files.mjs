// Gives the linked program (Emscripten's attention.js and attention.wasm) its
// build id, a hash of both, which each of the two then carries: attention.js
// as createAttentionModule.build, the wasm in a custom section
// "attention.build". The page (web/page/loader.js), bundled with the same id,
// checks both before it runs anything, so two builds' files never run
// together (a cache or CDN that mixed them gets a clear message instead).
// The id also names the files in dist/ (scripts/dist_files.mjs).
//   node scripts/program_files.mjs LINKED/attention.js OUT_DIR [--split WASM_SPLIT KEEP_FILE]
// writes OUT_DIR/attention.js, OUT_DIR/attention.wasm and OUT_DIR/program.json
// ({build, wasmBytes, deferredBytes}: what the page is bundled with). With
// --split, the program comes in two parts (scripts/split_program.mjs):
// attention.wasm, what the first frames run, and attention.deferred.wasm, the
// rest, which carries the id too; deferredBytes is 0 without it. And
// attention.whole.wasm, the program in one part, for the single file.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { splitProgram, wholeProgram } from "./split_program.mjs";

export const SECTION = "attention.build";

// LEB128, unsigned.
function leb(n) {
  const bytes = [];
  do {
    let byte = n & 0x7f;
    n >>>= 7;
    if (n) byte |= 0x80;
    bytes.push(byte);
  } while (n);
  return Buffer.from(bytes);
}

// A wasm custom section (id 0): the name, then the payload.
export function customSection(name, payload) {
  const body = Buffer.concat([leb(Buffer.byteLength(name)), Buffer.from(name), Buffer.from(payload)]);
  return Buffer.concat([Buffer.from([0]), leb(body.length), body]);
}

export const buildId = (js, wasm) =>
  crypto.createHash("sha256").update(js).update("\0").update(wasm).digest("hex").slice(0, 12);

if (import.meta.url === `file://${process.argv[1]}`) {
  const [linkedJs, out, option, wasmSplit, keepFile] = process.argv.slice(2);
  if (!out || (option && (option !== "--split" || !keepFile))) {
    console.error("usage: node scripts/program_files.mjs LINKED/attention.js OUT_DIR [--split WASM_SPLIT KEEP_FILE]");
    process.exit(2);
  }
  const js = fs.readFileSync(linkedJs);
  const linkedWasm = linkedJs.replace(/\.js$/, ".wasm");
  fs.mkdirSync(out, { recursive: true });
  const { first, second } = option
    ? splitProgram(wasmSplit, `${linkedWasm}.orig`, keepFile, path.join(out, "placeholders.txt"))
    : { first: fs.readFileSync(linkedWasm), second: null };
  const build = second ? buildId(js, Buffer.concat([first, second])) : buildId(js, first);
  const files = {
    "attention.js": Buffer.concat([js, Buffer.from(`createAttentionModule.build = "${build}";\n`)]),
    "attention.wasm": Buffer.concat([first, customSection(SECTION, build)]),
  };
  if (second) {
    files["attention.deferred.wasm"] = Buffer.concat([second, customSection(SECTION, build)]);
    const whole = wholeProgram(wasmSplit, `${linkedWasm}.orig`);
    files["attention.whole.wasm"] = Buffer.concat([whole, customSection(SECTION, build)]);
  }
  const bytes = (name) => (files[name] ? files[name].length : 0);
  files["program.json"] =
    `${JSON.stringify({ build, wasmBytes: bytes("attention.wasm"), deferredBytes: bytes("attention.deferred.wasm") })}\n`;
  fs.mkdirSync(out, { recursive: true });
  for (const [name, bytes] of Object.entries(files)) {
    const file = path.join(out, name);
    // Unchanged bytes keep their time: what depends on them is not redone.
    if (!fs.existsSync(file) || !fs.readFileSync(file).equals(Buffer.from(bytes))) fs.writeFileSync(file, bytes);
  }
}
