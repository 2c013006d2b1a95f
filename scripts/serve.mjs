// Serves a folder (dist/ by default) on localhost as a static host serves
// it, so `./dev serve` shows what a learner gets: the Content-Security-Policy
// the page is built to run under; the build's precompressed twins (FILE.br,
// FILE.gz beside FILE, scripts/precompress.mjs) for a browser that accepts
// them; Cache-Control: immutable for content-hashed files, which never change
// under their name (scripts/dist_files.mjs), and no-cache for every other (a
// rebuilt page shows at once, and an unchanged file is a 304 by its ETag).
// Used by `./dev serve`, the browser tests and the bench.
//   node scripts/serve.mjs [--port 8080] [--dir dist] [--no-csp] [--no-compression]
import http from "node:http";
import path from "node:path";
import sirv from "sirv";
import { HASHED } from "./dist_files.mjs";

export const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'";
// A year, and never revalidated: the name changes when the bytes do.
export const IMMUTABLE = "public, max-age=31536000, immutable";
export const cacheControl = (pathname) => (HASHED.test(pathname) ? IMMUTABLE : "no-cache");

// Starts a server; resolves to { server, url } once it listens.
// `compression: false` serves every file as it is (a host that compresses nothing).
// `mounts` serves more folders under URL prefixes, e.g. {"/fixtures/": "tests/fixtures"}.
// `onResponse({url, status, bytes})` hears of each response once sent, with
// its size on the wire, headers included (tests count what a visit costs).
export function serve({
  dir = "dist",
  port = 8080,
  host = "127.0.0.1",
  csp = true,
  compression = true,
  headers = {},
  mounts = {},
  onResponse = null,
} = {}) {
  const files = sirv(path.resolve(dir), {
    dev: true, // the folder read at each request: a rebuilt page shows at once...
    etag: true, // ...yet an unchanged file is a 304, as on most web hosts
    gzip: compression,
    brotli: compression,
    setHeaders(res, pathname) {
      res.setHeader("Cache-Control", cacheControl(pathname));
      if (csp) res.setHeader("Content-Security-Policy", CSP);
      for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
    },
  });
  const mounted = Object.entries(mounts).map(([prefix, folder]) => [
    prefix,
    sirv(path.resolve(folder), { dev: true, gzip: compression, brotli: compression }),
  ]);
  const notFound = (res) => {
    res.statusCode = 404;
    res.end("Not found");
  };
  // Large enough for any link the page itself accepts (its own limits apply).
  const server = http.createServer({ maxHeaderSize: 256 * 1024 }, (req, res) => {
    if (onResponse) {
      const url = req.url;
      const before = req.socket.bytesWritten; // one request at a time per connection (HTTP/1.1)
      res.on("finish", () => onResponse({ url, status: res.statusCode, bytes: req.socket.bytesWritten - before }));
    }
    for (const [prefix, handler] of mounted)
      if (req.url.startsWith(prefix)) {
        req.url = req.url.slice(prefix.length - 1);
        return handler(req, res, () => notFound(res));
      }
    files(req, res, () => notFound(res));
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve({ server, url: `http://localhost:${server.address().port}/` }));
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const option = (name, fallback) => {
    const i = args.indexOf(name);
    return i >= 0 && i + 1 < args.length ? args[i + 1] : fallback;
  };
  const port = Number(option("--port", "8080"));
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`serve: --port needs a number from 0 to 65535, got ${option("--port")}`);
    process.exit(2);
  }
  serve({
    dir: option("--dir", "dist"),
    port,
    csp: !args.includes("--no-csp"),
    compression: !args.includes("--no-compression"),
  }).then(
    ({ url }) => console.log(`Attention Lab is at ${url}  (Ctrl+C to stop)`),
    (error) => {
      console.error(
        `serve: ${error.code === "EADDRINUSE" ? `port ${port} is in use; try --port ${port + 1}` : error.message}`,
      );
      process.exit(1);
    },
  );
}
