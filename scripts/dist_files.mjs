// Names the program's files in dist/ by their content, so that a browser or
// CDN cache can never pair two builds' files: attention.<build>.js and
// attention.<build>.wasm, and attention-deferred.<build>.wasm, the
// program's second part (the build id is a hash of them all,
// scripts/program_files.mjs), page.<hash>.js, editor.<hash>.js and
// textview.<hash>.js with their maps, page.<hash>.css.
// index.html and sw.js keep their names: this writes dist/index.html from
// the repository's, naming these files, and removes the ones an earlier build
// left. Hosts may cache the named files for ever (scripts/serve.mjs,
// docs/embedding.md, "Hosting").
//   node scripts/dist_files.mjs DIST PROGRAM_DIR PAGE_JS PAGE_CSS INDEX_HTML EDITOR_JS TEXTVIEW_JS
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

// A content-hashed name (12 hex digits before the extension).
export const HASHED = /\.[0-9a-f]{12}\.(?:js|wasm|css)(?:\.map)?$/;
const hash = (bytes) => crypto.createHash("sha256").update(bytes).digest("hex").slice(0, 12);

// The lines of index.html that name the program's files, as the repository
// has them (the single file, scripts/single_file.mjs, replaces them too).
export const MARKERS = {
  css: '<link rel="stylesheet" href="page.css">',
  js: '<link rel="preload" href="attention.js" as="script">',
  wasm: '<link rel="preload" href="attention.wasm" as="fetch" crossorigin>',
  page: '<script src="page.js" defer></script>',
  editor: '<meta name="attention-editor" content="editor.js">',
  textview: '<meta name="attention-textview" content="textview.js">',
};

// The program's second part, named after the first (web/page/loader.js does the same).
export const deferredName = (wasmName) => wasmName.replace(/^attention\./, "attention-deferred.");

// The program's files a built dist/index.html names: {css, js, wasm, page,
// editor, textview}, and `deferred`, the program's second part, beside them.
export function distNames(dist) {
  const html = fs.readFileSync(path.join(dist, "index.html"), "utf8");
  const names = {};
  for (const [key, marker] of Object.entries(MARKERS)) {
    const [before, after] = marker
      .split(/(?:page|attention|editor|textview)\.(?:css|js|wasm)/)
      .map((s) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
    const found = new RegExp(`${before}([a-z]+\\.[0-9a-f]{12}\\.[a-z]+)${after}`).exec(html);
    if (!found) throw new Error(`${path.join(dist, "index.html")} names no ${key} file`);
    names[key] = found[1];
  }
  if (fs.existsSync(path.join(dist, deferredName(names.wasm)))) names.deferred = deferredName(names.wasm);
  return names;
}

// Replaces each marker of `html` by what `by(key, marker)` gives (null: the line goes).
export function replaceMarkers(html, by) {
  for (const [key, marker] of Object.entries(MARKERS)) {
    const at = html.indexOf(marker);
    if (at < 0) throw new Error(`index.html no longer has ${marker}`);
    const replacement = by(key, marker);
    const from = replacement === null ? html.lastIndexOf("\n", at) : at;
    html = html.slice(0, from) + (replacement ?? "") + html.slice(at + marker.length);
  }
  return html;
}

function writeIfChanged(file, bytes) {
  if (!fs.existsSync(file) || !fs.readFileSync(file).equals(Buffer.from(bytes))) fs.writeFileSync(file, bytes);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [dist, programDir, pageJs, pageCss, indexHtml, editorJs, textviewJs] = process.argv.slice(2);
  if (!textviewJs) {
    console.error(
      "usage: node scripts/dist_files.mjs DIST PROGRAM_DIR PAGE_JS PAGE_CSS INDEX_HTML EDITOR_JS TEXTVIEW_JS",
    );
    process.exit(2);
  }
  const { build } = JSON.parse(fs.readFileSync(path.join(programDir, "program.json"), "utf8"));
  const files = {}; // name in dist -> bytes
  files[`attention.${build}.js`] = fs.readFileSync(path.join(programDir, "attention.js"));
  files[`attention.${build}.wasm`] = fs.readFileSync(path.join(programDir, "attention.wasm"));
  const deferred = path.join(programDir, "attention.deferred.wasm");
  if (fs.existsSync(deferred)) files[deferredName(`attention.${build}.wasm`)] = fs.readFileSync(deferred);
  // page.js, editor.js and textview.js name their maps on their last lines: the hash is of the code above.
  const script = (file, base) => {
    const code = fs.readFileSync(file, "utf8").replace(/\n\/\/# sourceMappingURL=.*\n?$/, "\n");
    const name = `${base}.${hash(code)}.js`;
    files[name] = `${code}//# sourceMappingURL=${name}.map\n`;
    files[`${name}.map`] = fs.readFileSync(`${file}.map`);
    return name;
  };
  const page = script(pageJs, "page");
  const editor = script(editorJs, "editor");
  const textview = script(textviewJs, "textview");
  const css = fs.readFileSync(pageCss);
  const names = {
    css: `page.${hash(css)}.css`,
    js: `attention.${build}.js`,
    wasm: `attention.${build}.wasm`,
    page,
    editor,
    textview,
  };
  files[names.css] = css;
  files["index.html"] = replaceMarkers(fs.readFileSync(indexHtml, "utf8"), (key, marker) =>
    marker.replace(/(?:page|attention|editor|textview)\.(?:css|js|wasm)/, names[key]),
  );
  fs.mkdirSync(dist, { recursive: true });
  for (const [name, bytes] of Object.entries(files)) writeIfChanged(path.join(dist, name), bytes);
  // An earlier build's program files (and builds before names were hashed).
  const earlier = [
    "attention.js",
    "attention.wasm",
    "attention.deferred.wasm",
    "page.js",
    "page.js.map",
    "page.css",
    "editor.js",
    "editor.js.map",
    "textview.js",
    "textview.js.map",
  ];
  for (const name of fs.readdirSync(dist)) {
    const base = name.replace(/\.(br|gz)$/, "");
    if ((HASHED.test(base) || earlier.includes(base)) && !Object.hasOwn(files, base)) fs.rmSync(path.join(dist, name));
  }
}
