// Writes each servable file's precompressed twins beside it, FILE.br (Brotli,
// quality 11) and FILE.gz (gzip, level 9), as static hosts pick them up
// (nginx gzip_static/brotli_static, Apache with rewrite rules, Netlify,
// Cloudflare Pages; docs/embedding.md, "Hosting"); scripts/serve.mjs serves
// them too. Twins already newer than their file are kept, twins whose file is
// gone are removed. The same bytes in give the same bytes out (no time or
// name in the gzip header).
//   node scripts/precompress.mjs DIR_OR_FILE...
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

// Text and wasm; not PNGs or zips (compressed already).
export const COMPRESSIBLE = /\.(html|js|mjs|css|wasm|json|webmanifest|svg|map|ttf|txt|xml)$/;
const TWINS = {
  ".gz": (bytes) => zlib.gzipSync(bytes, { level: 9 }),
  ".br": (bytes) =>
    zlib.brotliCompressSync(bytes, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    }),
};

function files(target) {
  if (!fs.statSync(target).isDirectory()) return [target];
  return fs.readdirSync(target, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(target, entry.name);
    return entry.isDirectory() ? files(full) : [full];
  });
}

// Compresses what needs it under each target; returns how many twins were written.
export function precompress(...targets) {
  let written = 0;
  for (const file of targets.flatMap(files)) {
    const twin = Object.keys(TWINS).find((ext) => file.endsWith(ext));
    if (twin) {
      if (!fs.existsSync(file.slice(0, -twin.length))) fs.rmSync(file); // its file is gone
      continue;
    }
    if (!COMPRESSIBLE.test(file)) continue;
    const stat = fs.statSync(file);
    let bytes = null;
    for (const [ext, compress] of Object.entries(TWINS)) {
      const out = file + ext;
      if (fs.existsSync(out) && fs.statSync(out).mtimeMs >= stat.mtimeMs) continue;
      bytes ??= fs.readFileSync(file);
      fs.writeFileSync(out, compress(bytes));
      ++written;
    }
  }
  return written;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const targets = process.argv.slice(2);
  if (targets.length === 0) {
    console.error("usage: node scripts/precompress.mjs DIR_OR_FILE...");
    process.exit(2);
  }
  precompress(...targets);
}
