// The page's modules import one another without a circle (web/page/, and the
// editor's and text view's bundles, web/editor/, web/textview/): each module
// does one job on top of the ones it imports. The graph is esbuild's own
// (its metafile), as it bundles them, so an import the bundler follows is an
// import here.
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { test } from "node:test";
import { build } from "esbuild";

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../../..");
const FOLDERS = ["web/page", "web/editor", "web/textview"];

// A circle in a graph {module: [modules it imports]}, as [a, b, ..., a], or null.
export function circleIn(graph) {
  const state = new Map(); // module -> "open" while on the path, "done" after
  const trail = [];
  function visit(node) {
    state.set(node, "open");
    trail.push(node);
    for (const next of graph[node] || []) {
      if (state.get(next) === "open") return [...trail.slice(trail.indexOf(next)), next];
      if (!state.has(next)) {
        const found = visit(next);
        if (found) return found;
      }
    }
    trail.pop();
    state.set(node, "done");
    return null;
  }
  for (const node of Object.keys(graph).sort()) {
    if (state.has(node)) continue;
    const found = visit(node);
    if (found) return found;
  }
  return null;
}

// Every module of FOLDERS, bundled as esbuild bundles the page; the build's
// own tables ("attention:...", scripts/bundle_page.mjs) stand in as empty.
async function importGraph() {
  const entryPoints = FOLDERS.flatMap((folder) =>
    fs
      .readdirSync(path.join(ROOT, folder))
      .filter((f) => f.endsWith(".js"))
      .map((f) => path.join(ROOT, folder, f)),
  );
  const tables = {
    name: "the build's tables",
    setup(b) {
      b.onResolve({ filter: /^attention:/ }, (args) => ({ path: args.path, namespace: "attention" }));
      b.onLoad({ filter: /.*/, namespace: "attention" }, () => ({ contents: "{}", loader: "json" }));
    },
  };
  const result = await build({
    entryPoints,
    bundle: true,
    write: false,
    outdir: "out",
    format: "esm",
    metafile: true,
    logLevel: "silent",
    loader: { ".css": "text" },
    plugins: [tables],
    absWorkingDir: ROOT,
  });
  const graph = {};
  for (const [file, input] of Object.entries(result.metafile.inputs))
    if (FOLDERS.some((folder) => file.startsWith(`${folder}/`)))
      graph[file] = input.imports.filter((i) => i.path.endsWith(".js")).map((i) => i.path);
  return graph;
}

test("a circle is found, and a graph without one has none", () => {
  assert.deepEqual(circleIn({ a: ["b"], b: ["c"], c: ["a"] }), ["a", "b", "c", "a"]);
  assert.deepEqual(circleIn({ a: ["b", "c"], b: ["c"], c: ["c"] }), ["c", "c"]);
  assert.equal(circleIn({ a: ["b", "c"], b: ["c"], c: [] }), null);
});

test("no module of the page, the editor or the text view imports itself through others", async () => {
  const graph = await importGraph();
  for (const module of ["web/page/main.js", "web/page/api.js", "web/page/app.js", "web/page/textview.js"])
    assert.ok(module in graph, `${module} is in the graph (${Object.keys(graph).length} modules)`);
  assert.ok(graph["web/page/main.js"].includes("web/page/api.js"), "imports are read");
  const circle = circleIn(graph);
  assert.equal(circle, null, `an import circle: ${circle && circle.join(" → ")}`);
});
