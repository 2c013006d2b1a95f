// Bundles the page's modules (web/page/, entry main.js) into one minified
// classic script with esbuild, for dist/ and the single file, with a source
// map beside it that carries every module's source (sourcesContent). The
// modules import two tables the app reads too: po/languages.json, and
// "attention:built-in-lessons", the ids of the built-in lessons in the app's
// order, from the list the build writes (scripts/lesson_files.py); and
// "attention:program", the program it loads: {build, wasmBytes}
// (scripts/program_files.mjs).
//   node scripts/bundle_page.mjs web/page/main.js build/web/page/page.js build/web/lessons/index.json \
//        build/web/program/program.json
import fs from "node:fs";
import path from "node:path";
import { build } from "esbuild";

const [entry, output, lessonIndex, program] = process.argv.slice(2);
if (!program) throw new Error("usage: node scripts/bundle_page.mjs ENTRY OUTPUT LESSON_INDEX PROGRAM_JSON");
// The build's own tables, as JSON modules.
const tables = {
  name: "the build's tables",
  setup(b) {
    const made = {
      "attention:built-in-lessons": () => JSON.parse(fs.readFileSync(lessonIndex, "utf8")).map((l) => l.id),
      "attention:program": () => JSON.parse(fs.readFileSync(program, "utf8")),
    };
    b.onResolve({ filter: /^attention:/ }, (args) =>
      Object.hasOwn(made, args.path) ? { path: args.path, namespace: "attention" } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: "attention" }, (args) => ({
      contents: JSON.stringify(made[args.path]()),
      loader: "json",
    }));
  },
};
await build({
  entryPoints: [entry],
  outfile: output,
  bundle: true,
  format: "iife", // a classic script (index.html's last)
  target: "es2020",
  minify: true, // local names only: window.attention and the events keep theirs
  sourcemap: "linked",
  sourcesContent: true,
  banner: { js: '"use strict";' }, // as the modules are
  legalComments: "none",
  loader: { ".css": "text" }, // the editor's stylesheet, adopted by its script (web/editor/main.js)
  logLevel: "warning",
  plugins: [tables],
});
// The map names each module by its path in the repository (web/page/api.js),
// wherever the build tree is, so the same commit builds the same bytes; and
// every source it names must carry its text (a debugger shows nothing otherwise).
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const map = JSON.parse(fs.readFileSync(`${output}.map`, "utf8"));
// (The build's tables, above, keep their names: "attention:attention:program".)
map.sources = map.sources.map((s) =>
  s.startsWith("attention:") ? s : path.relative(root, path.resolve(path.dirname(output), s)),
);
fs.writeFileSync(`${output}.map`, JSON.stringify(map));
const missing = map.sources.filter((s, i) => typeof (map.sourcesContent || [])[i] !== "string");
if (missing.length) throw new Error(`${path.basename(output)}.map lacks the source of ${missing.join(", ")}`);
