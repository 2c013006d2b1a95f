// Writes dist/sw.js: web/sw.js after one line naming this build's files and
// their SHA-256 digests, and a version made from them and the worker, so any
// change to any of them is a new service worker with a new cache (web/sw.js).
// The files are those given and the program's, which dist/index.html names
// (scripts/dist_files.mjs).
//   node scripts/service_worker.mjs web/sw.js dist FILE...
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { distNames } from "./dist_files.mjs";

const [template, dist, ...given] = process.argv.slice(2);
const names = [...new Set([...given, ...Object.values(distNames(dist))])];
if (!template || !dist || given.length === 0) {
  console.error("usage: node scripts/service_worker.mjs web/sw.js DIST FILE...");
  process.exit(2);
}
const files = {};
const worker = fs.readFileSync(template, "utf8");
const version = crypto.createHash("sha256").update(worker);
for (const name of [...names].sort()) {
  const digest = crypto
    .createHash("sha256")
    .update(fs.readFileSync(path.join(dist, name)))
    .digest("base64");
  files[name] = `sha256-${digest}`;
  version.update(`${name} ${digest}\n`);
}
const build = { version: version.digest("hex").slice(0, 16), files };
const text = `const BUILD = ${JSON.stringify(build)};\n${worker}`;
const output = path.join(dist, "sw.js");
// Unchanged bytes for an unchanged build: the browser then sees no update.
if (!fs.existsSync(output) || fs.readFileSync(output, "utf8") !== text) fs.writeFileSync(output, text);
