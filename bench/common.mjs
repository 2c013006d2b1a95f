// The bench's shared ground: paths, the command line's options, small
// helpers (median, formatting, gzip and Brotli sizes) and the servers every
// browser part loads the page from. Used by bench/run.mjs and its parts.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { serve } from "../scripts/serve.mjs";

export const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
export const DIST = path.join(ROOT, "dist");
export const WEB_BENCH = path.join(ROOT, "build/web/bench");
export const NATIVE_BENCH = path.join(ROOT, "build/native-release/bench");
export const RESULTS = path.join(ROOT, "bench/results.json");

const args = process.argv.slice(2);
export const quick = args.includes("--quick");
export const strict = args.includes("--strict");
export const onlyArg = args.includes("--only") ? args[args.indexOf("--only") + 1] : "";

export const KB = 1000; // budgets are in kB of 1000 bytes
// The value at fraction p of the sorted values (nearest rank); median is p = 0.5.
export const percentile = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * p))];
};
export const median = (xs) => percentile(xs, 0.5);
export const fmt = (x, digits = 2) => (x === null || x === undefined || Number.isNaN(x) ? "n/a" : x.toFixed(digits));
export const kb = (bytes) => `${(bytes / KB).toFixed(1)} kB`;
export const gzip = (buffer) => zlib.gzipSync(buffer, { level: 9 }).length;
export const brotli = (buffer) =>
  zlib.brotliCompressSync(buffer, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
export const log = (text) => process.stderr.write(`bench: ${text}\n`);
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export function need(file, hint) {
  if (!fs.existsSync(file)) throw new Error(`${path.relative(ROOT, file)} is missing: ${hint}`);
}

// Servers: the page as deployed (strict CSP, compressed, cache headers: as
// ./dev serve), the bare window beside it, and the same with no compression
// (a host that compresses nothing). The interaction part uses a
// cross-origin-isolated twin so performance.now() (and with it the
// frame-cost figures) has 5 µs rather than 100 µs grain.
export async function servers() {
  need(path.join(DIST, "index.html"), "run ./dev build");
  need(path.join(WEB_BENCH, "bare/bare.wasm"), "run ./dev bench");
  const mounts = { "/bare/": path.join(WEB_BENCH, "bare") };
  const plain = await serve({ dir: DIST, port: 0, mounts });
  const raw = await serve({ dir: DIST, port: 0, mounts, compression: false });
  const isolated = await serve({
    dir: DIST,
    port: 0,
    mounts,
    headers: { "Cross-Origin-Opener-Policy": "same-origin", "Cross-Origin-Embedder-Policy": "require-corp" },
  });
  return {
    plain,
    raw,
    isolated,
    close() {
      plain.server.close();
      raw.server.close();
      isolated.server.close();
    },
  };
}
