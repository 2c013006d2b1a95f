// Bundles the page's modules (web/page/, entry main.js) into one minified
// classic script with esbuild, for dist/ and the single file, with a source
// map beside it that carries every module's source (sourcesContent). The
// modules import two tables the app reads too: po/languages.json, and
// "attention:built-in-lessons", the ids of the built-in lessons in the app's
// order, from the list the build writes (scripts/lesson_files.py).
//   node scripts/bundle_page.mjs web/page/main.js build/web/page/page.js build/web/lessons/index.json
import fs from "node:fs";
import path from "node:path";
import { build } from "esbuild";

const [entry, output, lessonIndex] = process.argv.slice(2);
if (!lessonIndex) throw new Error("usage: node scripts/bundle_page.mjs ENTRY OUTPUT LESSON_INDEX");
const builtInLessons = {
  name: "built-in lessons",
  setup(b) {
    b.onResolve({ filter: /^attention:built-in-lessons$/ }, () => ({ path: path.resolve(lessonIndex) }));
    b.onLoad({ filter: /\.json$/ }, (args) =>
      args.path === path.resolve(lessonIndex)
        ? { contents: JSON.stringify(JSON.parse(fs.readFileSync(args.path, "utf8")).map((l) => l.id)), loader: "json" }
        : undefined,
    );
  },
};
await build({
  entryPoints: [entry],
  outfile: output,
  bundle: true,
  format: "iife", // a classic script: index.html loads it after attention.js
  target: "es2020",
  minify: true, // local names only: window.attention and the events keep theirs
  sourcemap: "linked",
  sourcesContent: true,
  banner: { js: '"use strict";' }, // as the modules are
  legalComments: "none",
  logLevel: "warning",
  plugins: [builtInLessons],
});
// The map names each module by its path in the repository (web/page/api.js),
// wherever the build tree is, so the same commit builds the same bytes; and
// every source it names must carry its text (a debugger shows nothing otherwise).
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const map = JSON.parse(fs.readFileSync(`${output}.map`, "utf8"));
map.sources = map.sources.map((s) => path.relative(root, path.resolve(path.dirname(output), s)));
fs.writeFileSync(`${output}.map`, JSON.stringify(map));
const missing = map.sources.filter((s, i) => typeof (map.sourcesContent || [])[i] !== "string");
if (missing.length) throw new Error(`${path.basename(output)}.map lacks the source of ${missing.join(", ")}`);
