// ./dev serve serves dist/ as a static host does (scripts/serve.mjs): the
// build's precompressed twins for the wasm, the JavaScript and the JSON,
// Cache-Control immutable for the files named by their content and no-cache
// for index.html and sw.js, a wasm's own Content-Type, and the page's CSP.
// The server is started as ./dev serve starts it; what a browser asked for
// and got is read from the browser itself. Not a timing test.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import { CSP } from "../../scripts/serve.mjs";
import { built, newContext, DIST, ROOT } from "./browser.mjs";

// `node scripts/serve.mjs --dir dist --port 0`, as ./dev serve runs it; resolves to {url, stop}.
function devServe() {
  const child = spawn(process.execPath, [path.join(ROOT, "scripts/serve.mjs"), "--dir", DIST, "--port", "0"], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise((resolve, reject) => {
    let out = "";
    child.on("exit", (code) => reject(new Error(`serve.mjs exited (${code}): ${out}`)));
    child.stdout.on("data", (chunk) => {
      out += chunk;
      const url = /http:\/\/localhost:\d+\//.exec(out);
      if (url) resolve({ url: url[0], stop: () => child.kill() });
    });
  });
}

// One request with the given Accept-Encoding: {status, headers, body (as sent)}.
function get(url, encoding) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { "Accept-Encoding": encoding } }, (res) => {
        const chunks = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

const IMMUTABLE = /^public, max-age=\d{7,}, immutable$/;

test("the browser gets the wasm, the JavaScript and the JSON compressed, with the caching headers", async () => {
  const { url, stop } = await devServe();
  const context = await newContext();
  try {
    const page = await context.newPage();
    const responses = new Map();
    page.on("response", async (r) => responses.set(new URL(r.url()).pathname, await r.allHeaders()));
    await page.goto(url);
    await page.evaluate(() => window.attention.ready);
    const { js, wasm, page: pageJs, css } = built();
    const headers = (name) => {
      assert.ok(responses.has(`/${name}`), `the page asked for ${name} (it asked for ${[...responses.keys()]})`);
      return responses.get(`/${name}`);
    };
    for (const name of [wasm, js, pageJs, css, "lessons/the-cat-sat.json"])
      assert.equal(headers(name)["content-encoding"], "br", `${name} comes compressed`);
    assert.equal(headers(wasm)["content-type"], "application/wasm");
    for (const name of [wasm, js, pageJs, css]) assert.match(headers(name)["cache-control"], IMMUTABLE, name);
    for (const name of ["", "lessons/the-cat-sat.json"])
      assert.equal(headers(name)["cache-control"], "no-cache", name || "index.html");
    // The worker's file, as the browser asks for it when it looks for an update.
    const worker = await get(`${url}sw.js`, "br, gzip");
    assert.equal(worker.headers["cache-control"], "no-cache");
    assert.equal(worker.headers["content-encoding"], "br");
    assert.equal(headers("")["content-security-policy"], CSP);
    assert.equal(headers("")["content-encoding"], "br");
  } finally {
    await context.close();
    stop();
  }
});

test("each precompressed twin is its file, and a client that takes only gzip gets gzip, one that takes none the file", async () => {
  const { url, stop } = await devServe();
  try {
    const { wasm, js } = built();
    for (const name of [wasm, js, "index.html", "lang/es.json"]) {
      const file = fs.readFileSync(path.join(DIST, name));
      const br = await get(url + name, "br, gzip");
      assert.equal(br.headers["content-encoding"], "br", name);
      assert.ok(zlib.brotliDecompressSync(br.body).equals(file), `${name}.br holds ${name}`);
      const gz = await get(url + name, "gzip");
      assert.equal(gz.headers["content-encoding"], "gzip", name);
      assert.ok(zlib.gunzipSync(gz.body).equals(file), `${name}.gz holds ${name}`);
      const raw = await get(url + name, "identity");
      assert.equal(raw.headers["content-encoding"], undefined, name);
      assert.ok(raw.body.equals(file), name);
      assert.equal(raw.headers.vary, "Accept-Encoding", name);
    }
  } finally {
    stop();
  }
});
