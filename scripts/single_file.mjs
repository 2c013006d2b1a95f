// Writes the page as one self-contained HTML file: index.html with its
// stylesheet, icon and scripts inside, and what the served page fetches
// beside it: the served page's program (the wasm gzipped by zopfli, as base64,
// with fflate's gunzip to open it: 345 kB gzipped where base64 alone made 460), and the built-in
// lessons' files, which the page (web/page/files.js, loader.js) reads from window.attentionSingleFile
// instead. Works from file:// with no server and no network. With
// --language, the file carries that language's catalog too, starts in it,
// and carries the font packs its words and the lessons' translations into it
// need (read from the build's font_coverage.cpp): dist/attention-lab.<code>.html.
//   node scripts/single_file.mjs build/web/program/attention.js build/web/page/page.js \
//     build/web/page/textview.js dist/attention-lab.html \
//     [--language de build/web/lang/de.json build/web/fonts] \
//     build/web/lessons/the-cat-sat.json ...
import fs from "node:fs";
import path from "node:path";
import { execFileSync } from "node:child_process";
import { buildSync } from "esbuild";
import { replaceMarkers } from "./dist_files.mjs";

const args = process.argv.slice(2);
const at = args.indexOf("--language");
const [language, catalogFile, fontDir] = at >= 0 ? args.splice(at, 4).slice(1) : [null, null, null];
const [moduleJs, pageJs, textviewJs, output, ...lessonFiles] = args;
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const read = (file) => fs.readFileSync(path.join(root, file), "utf8");
// Inside <script>, "</script" would end the element early.
const script = (code) => `<script>${code.replace(/<\/(script)/gi, "<\\/$1")}</script>`;

let html = read("index.html");
const replaceOnce = (from, to) => {
  if (!html.includes(from)) throw new Error(`index.html no longer has ${from}`);
  html = html.replace(from, () => to);
};
replaceOnce(
  '<link rel="icon" href="favicon.svg" type="image/svg+xml">',
  `<link rel="icon" href="data:image/svg+xml;base64,${Buffer.from(read("web/favicon.svg")).toString("base64")}">`,
);
// Installing and offline use are for the served folder (a file:// page can do neither).
replaceOnce('<link rel="apple-touch-icon" href="icon-192.png">\n  ', "");
// page.js bundled and minified (its source map stays out: the file is for offline use).
const code = (file) => fs.readFileSync(file, "utf8").replace(/\n\/\/# sourceMappingURL=.*$/, "");
const pageCode = code(pageJs);
const inline = {
  css: () => `<style>${read("web/page.css")}</style>`,
  js: () => null, // inside, with the page's code below
  wasm: () => null,
  editor: () => null, // the lesson editor needs the served page (web/page/editing.js)
  textview: () => script(code(textviewJs)), // sets window.attentionTextView, touches nothing
  page: () =>
    script(
      "window.attentionSingleFile = " +
        JSON.stringify({
          // The program in one part (scripts/program_files.mjs): one stream
          // gzips smaller than the two the served page fetches.
          wasmGz: gzipped(moduleJs.replace(/\.js$/, ".whole.wasm")).toString("base64"),
          lessons: Object.fromEntries(
            lessonFiles.map((file) => [path.basename(file, ".json"), fs.readFileSync(file, "utf8")]),
          ),
          ...(language ? languageParts() : {}),
        }) +
        ";",
    ) +
    "\n  " +
    script(gunzipScript()) +
    "\n  " +
    script(fs.readFileSync(moduleJs, "utf8")) +
    "\n  " +
    script(pageCode),
};
// The language's catalog and the font packs its text needs: {language,
// catalogs: {code: text}, fonts: {name: base64}}. A pack goes in when a
// character of the catalog, or of a lesson in this language (its own text and
// its translations into it), is in the pack and not in the fonts compiled in.
function languageParts() {
  const catalog = fs.readFileSync(catalogFile, "utf8");
  const coverage = {};
  const generated = fs.readFileSync(path.join(fontDir, "font_coverage.cpp"), "utf8");
  for (const [, name, list] of generated.matchAll(/kFontCoverage_(\w+)\[\] = \{([^}]*)\}/g)) {
    const n = list
      .split(",")
      .map((x) => Number(x.trim()))
      .filter((x) => x > 0);
    coverage[name] = [];
    for (let i = 0; i + 1 < n.length; i += 2) coverage[name].push([n[i], n[i + 1]]);
  }
  const has = (name, c) => (coverage[name] || []).some(([lo, hi]) => c >= lo && c <= hi);
  let text = catalog;
  for (const file of lessonFiles) {
    const lesson = JSON.parse(fs.readFileSync(file, "utf8"));
    const translations = lesson.translations || {};
    delete lesson.translations;
    text += JSON.stringify(lesson) + JSON.stringify(translations[language] || {});
  }
  const wanted = new Map(); // pack -> the characters of the texts in it
  for (const ch of text) {
    const c = ch.codePointAt(0);
    if (has("base", c) || has("names", c)) continue;
    const pack = Object.keys(coverage).find((name) => name !== "base" && name !== "names" && has(name, c));
    if (pack) wanted.set(pack, (wanted.get(pack) || new Set()).add(c));
  }
  // Each pack gzipped, then base64 (web/page/files.js opens it with the
  // wasm's gunzip). Hangul is cut to the syllables the texts use (about 500
  // of its 2,350): the whole pack would take the Korean file past the single
  // file's 470 kB budget; a learner's own Korean lesson with other syllables
  // needs the served page, or the desktop app. Chinese and Japanese keep the
  // whole CJK pack (over the budget, as docs/performance.md says), so that a
  // teacher's own lesson in them draws offline too.
  const fonts = {};
  for (const name of [...wanted.keys()].sort()) {
    const file = path.join(fontDir, `${name}.ttf`);
    if (name === "hangul") {
      const cut = path.join(path.dirname(output), `.hangul-${language}.ttf`);
      fs.writeFileSync(cut, cutFont(file, wanted.get(name)));
      fonts[name] = gzipped(cut, false).toString("base64");
      fs.rmSync(cut);
    } else {
      fonts[name] = gzipped(file).toString("base64");
    }
  }
  return { language, catalogs: { [language]: catalog }, fonts };
}

// A file gzipped by zopfli (Debian's zopfli: 341.6 kB for the wasm where
// zlib's best made 357.6), kept beside it for the next language's file.
function gzipped(file, keep = true) {
  const kept = `${file}.zopfli.gz`;
  if (keep && fs.existsSync(kept) && fs.statSync(kept).mtimeMs >= fs.statSync(file).mtimeMs)
    return fs.readFileSync(kept);
  const bytes = execFileSync("zopfli", ["-c", file], { maxBuffer: 1 << 28 });
  if (keep) {
    const temporary = `${kept}.${process.pid}`; // several files are written at once (ninja -j)
    fs.writeFileSync(temporary, bytes);
    fs.renameSync(temporary, kept);
  }
  return bytes;
}

// A font cut to these code points, by fontTools (python3-fonttools, as
// scripts/font_packs.py cuts the packs), with the same options.
function cutFont(file, codepoints) {
  const cut = path.join(path.dirname(output), `.cut-${process.pid}.ttf`);
  const code = `import sys
from fontTools import subset
from fontTools.ttLib import TTFont
o = subset.Options(); o.hinting = False; o.layout_features = []; o.notdef_outline = True
f = TTFont(sys.argv[1]); s = subset.Subsetter(o)
s.populate(unicodes=[int(x) for x in sys.argv[3].split(",")]); s.subset(f); f.save(sys.argv[2])`;
  execFileSync("/usr/bin/python3", ["-c", code, file, cut, [...codepoints].join(",")]);
  try {
    return fs.readFileSync(cut);
  } finally {
    fs.rmSync(cut, { force: true });
  }
}

// fflate's gunzip (npm), minified, as window.attentionGunzip: web/page/loader.js opens the wasm with it.
function gunzipScript() {
  const { outputFiles } = buildSync({
    stdin: { contents: 'import { gunzipSync } from "fflate"; window.attentionGunzip = gunzipSync;', resolveDir: root },
    bundle: true,
    minify: true,
    format: "iife",
    write: false,
    legalComments: "none",
  });
  return outputFiles[0].text;
}
html = replaceMarkers(html, (key) => inline[key]());
fs.writeFileSync(output, html);
