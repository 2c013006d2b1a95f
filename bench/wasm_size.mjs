// Where the bytes of the page's program go: its sections, its function
// bodies grouped by library (names from the symbol map of the bench's twin
// link), and the files compiled into its data (the font, the lessons' list),
// found byte for byte.
//
//   node bench/wasm_size.mjs build/web/bench/symbols/attention.wasm build/web/bench/symbols/attention.js.symbols
// prints the full list; bench/size.mjs shows the summary.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const SECTIONS = [
  "custom",
  "type",
  "import",
  "function",
  "table",
  "memory",
  "global",
  "export",
  "start",
  "elem",
  "code",
  "data",
  "datacount",
];

// Sections, and the size of each function body with its function index.
function parse(bytes) {
  let p = 8;
  const leb = () => {
    let r = 0,
      s = 0;
    for (;;) {
      const x = bytes[p++];
      r += (x & 0x7f) * 2 ** s;
      s += 7;
      if (!(x & 0x80)) return r;
    }
  };
  const skipLimits = () => {
    const flags = leb();
    leb();
    if (flags & 1) leb();
  };
  const sections = [],
    bodies = [];
  let imported = 0;
  while (p < bytes.length) {
    const id = bytes[p++];
    const size = leb();
    const start = p,
      end = p + size;
    sections.push({ name: SECTIONS[id] || `section ${id}`, start, size });
    if (id === 2) {
      // imports: functions come first in the index space
      for (let n = leb(); n > 0; --n) {
        for (let k = 0; k < 2; ++k) {
          const length = leb();
          p += length;
        } // module and field names
        const kind = bytes[p++];
        if (kind === 0) {
          leb();
          ++imported;
        } else if (kind === 1) {
          ++p;
          skipLimits();
        } else if (kind === 2) skipLimits();
        else p += 2;
      }
    } else if (id === 10) {
      for (let n = leb(), i = 0; i < n; ++i) {
        const length = leb();
        bodies.push({ index: imported + i, start: p, size: length });
        p += length;
      }
    }
    p = end;
  }
  return { sections, bodies };
}

// The symbol map escapes what is not an identifier character as \XX.
const unescape = (name) => name.replace(/\\([0-9a-f]{2})/gi, (_, hex) => String.fromCharCode(parseInt(hex, 16)));

function names(symbolsFile) {
  const map = new Map();
  const raw = [];
  for (const line of fs.readFileSync(symbolsFile, "utf8").split("\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) raw.push([Number(line.slice(0, colon)), unescape(line.slice(colon + 1))]);
  }
  // Names that are still mangled (C++ symbols the map did not demangle).
  const mangled = raw.filter(([, n]) => n.startsWith("_Z"));
  if (mangled.length) {
    try {
      const out = execFileSync("c++filt", {
        input: mangled.map(([, n]) => n).join("\n"),
        encoding: "utf8",
        maxBuffer: 64 << 20,
      }).split("\n");
      mangled.forEach((m, i) => {
        m[1] = out[i] || m[1];
      });
    } catch (e) {
      /* keep mangled names */
    }
  }
  for (const [i, n] of raw) map.set(i, n);
  return map;
}

// One library per function, by its name (before its parameters: the loader's
// functions take a JSON value, and are the loader's). With LTO much is
// inlined: the web shell's frame() holds most of the UI, for one.
const GROUPS = [
  ["nlohmann::json (lesson files, state, API)", /^[^(]*nlohmann/],
  ["Dear ImGui + stb_truetype + backends", /ImGui|^Im[A-Z]|\bIm[A-Z][a-zA-Z]+::|stbtt|stbrp|stb_|ImFont|ImDraw/],
  ["attn::ui (UI panels)", /^attn::ui::/],
  ["attn core (lessons, trace, attention)", /^attn::/],
  ["web shell (main.cpp; frame() has the UI inlined)", /^\(anonymous namespace\)::|^attn_|^main$/],
  ["libc++", /std::/],
  ["libc, libm, malloc, runtime", /./],
];

// Whether `content` was linked into `wasm`. The linker drops runs of zeros
// from data segments, so look for its longest zero-free runs instead.
function contains(wasm, content) {
  const runs = [];
  let start = 0;
  for (let i = 0; i <= content.length; ++i)
    if (i === content.length || content[i] === 0) {
      if (i - start >= 16) runs.push(content.subarray(start, i));
      start = i + 1;
    }
  runs.sort((a, b) => b.length - a.length);
  return runs.length > 0 && runs.slice(0, 8).every((r) => wasm.indexOf(r) >= 0);
}

export function wasmAttribution(wasmFile, symbolsFile, embedded = {}) {
  const bytes = fs.readFileSync(wasmFile);
  const { sections, bodies } = parse(bytes);
  const gz = (b) => zlib.gzipSync(b, { level: 9 }).length;
  const section = (name) => sections.find((s) => s.name === name);
  const code = section("code"),
    data = section("data");
  const summary = [];
  summary.push({
    name: "code section",
    bytes: code.size,
    gzip: gz(bytes.subarray(code.start, code.start + code.size)),
  });

  let functions = [];
  if (symbolsFile) {
    const map = names(symbolsFile);
    functions = bodies.map((b) => ({ name: map.get(b.index) || `function ${b.index}`, size: b.size, start: b.start }));
    const groups = new Map(GROUPS.map(([g]) => [g, { bytes: 0, parts: [] }]));
    for (const f of functions) {
      const [g] = GROUPS.find(([, re]) => re.test(f.name));
      const entry = groups.get(g);
      entry.bytes += f.size;
      entry.parts.push(bytes.subarray(f.start, f.start + f.size));
    }
    for (const [g, e] of [...groups].sort((a, b) => b[1].bytes - a[1].bytes))
      summary.push({ name: `  code: ${g}`, bytes: e.bytes, gzip: gz(Buffer.concat(e.parts)) });
  }
  summary.push({
    name: "data section",
    bytes: data.size,
    gzip: gz(bytes.subarray(data.start, data.start + data.size)),
  });
  const found = [];
  const find = (label, file) => {
    if (!file || !fs.existsSync(file)) return;
    const content = fs.readFileSync(file);
    found.push({
      label,
      file: path.basename(file),
      bytes: content.length,
      gzip: gz(content),
      inWasm: contains(bytes, content),
    });
  };
  find("font (the base font, DejaVu Sans cut down)", embedded.font);
  const font = found.find((f) => f.label.startsWith("font"));
  if (font)
    summary.push({
      name: `  data: font ${font.file}${font.inWasm ? "" : " (NOT found in the wasm)"}`,
      bytes: font.bytes,
      gzip: font.gzip,
    });
  // The built-in lessons' list (the page fetches the files themselves).
  find("lesson list", embedded.lessonIndex);
  const index = found.find((f) => f.label === "lesson list");
  if (index)
    summary.push({
      name: `  data: the lessons' list ${index.file}${index.inWasm ? "" : " (NOT found in the wasm)"}`,
      bytes: index.bytes,
      gzip: index.gzip,
    });
  // ImGui's built-in ProggyClean font (base85), linked by ImFontAtlas::AddFontDefault.
  const proggy = bytes.indexOf(
    Buffer.from(
      "7])#######hV0qs'/###[),##/l:$#Q6>##5[n42>c-TH`->>#/e>11NNV=Bv(*:.F?uu#(gRU.o0XGH`$vhLG1hxt9?W`#,5LsCp#-i>.r$<$6pD>Lb';9Crc6tgXmKVeU2cD4Eo3R/2*>]b(MC;$jPfY.;h^`IWM9<Lh2TlS+f-s$o6Q<BWH`YiU.xfLq$N;$0iR/GX:U(jcW2p/W*q?-qmnUCI;jHSAiFWM.R*kU@C=GH?a9wp8f$e.-4^Qg1)Q-GL(lf(r/7GrRgwV%MS=C#`8ND>Qo#t'X#(v#Y9w0#1D$CIf;W'#pWUPXOuxXuU(H9M(1<q-UE31#^-V'8IRUo7Qf./L>=Ke$$'5F%)]0^#0X@U.a<r:QLtFsLcL6##lOj)#.Y5<-R&KgLwqJfLgN&;Q?gI^#DY2uLi@^rMl9t=cWq6##weg>$FBjVQTSDgEKnIS7EM9>ZY9w0#L;>>#Mx&4Mvt//L[MkA#W@lK.N'[0#7RL_&#w+F%HtG9M#XL`N&.,GM4Pg;-<nLENhvx>-VsM.M0rJfLH2eTM`*oJMHRC`N",
    ),
  );
  if (proggy >= 0) {
    const end = bytes.indexOf(0, proggy);
    summary.push({
      name: "  data: ImGui's built-in ProggyClean font",
      bytes: end - proggy,
      gzip: gz(bytes.subarray(proggy, end)),
    });
  }
  const other = sections.filter((s) => s.name !== "code" && s.name !== "data").reduce((t, s) => t + s.size, 0);
  summary.push({ name: "other sections (types, imports, exports...)", bytes: other });
  functions.sort((a, b) => b.size - a.size);
  return {
    sections: sections.map(({ name, size }) => ({ name, size })),
    summary,
    topFunctions: functions.slice(0, 25).map(({ name, size }) => ({ name, size })),
    embedded: found,
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [wasm, symbols] = process.argv.slice(2);
  const r = wasmAttribution(wasm, symbols || null);
  for (const s of r.summary)
    console.log(`${String(s.bytes).padStart(8)} ${s.gzip ? String(s.gzip).padStart(8) : "        "}  ${s.name}`);
  console.log("\nlargest functions:");
  for (const f of r.topFunctions) console.log(`${String(f.size).padStart(8)}  ${f.name.slice(0, 140)}`);
}
