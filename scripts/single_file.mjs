// Writes the page as one self-contained HTML file: index.html with its
// stylesheet, icon and scripts inside, and what the served page fetches
// beside it: the served page's program (the wasm gzipped, as base64, with
// fflate's gunzip to open it: 360 kB gzipped where base64 alone made 460), and the built-in
// lessons' files, which the page (web/page/files.js, loader.js) reads from window.attentionSingleFile
// instead. Works from file:// with no server and no network.
//   node scripts/single_file.mjs build/web/program/attention.js build/web/page/page.js \
//     build/web/page/textview.js dist/attention-lab.html \
//     build/web/lessons/the-cat-sat.json ...
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { buildSync } from "esbuild";
import { replaceMarkers } from "./dist_files.mjs";

const [moduleJs, pageJs, textviewJs, output, ...lessonFiles] = process.argv.slice(2);
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
          wasmGz: zlib.gzipSync(fs.readFileSync(moduleJs.replace(/\.js$/, ".wasm")), { level: 9 }).toString("base64"),
          lessons: Object.fromEntries(
            lessonFiles.map((file) => [path.basename(file, ".json"), fs.readFileSync(file, "utf8")]),
          ),
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
