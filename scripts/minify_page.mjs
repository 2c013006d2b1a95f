// Writes web/page.js minified (terser), with a source map beside it, for dist/
// and the single file: 33 kB of commented source becomes about 5 kB gzipped.
//   node scripts/minify_page.mjs web/page.js build/web/page/page.js
import fs from "node:fs";
import path from "node:path";
import { minify } from "terser";

const [input, output] = process.argv.slice(2);
const source = fs.readFileSync(input, "utf8");
const name = path.basename(output);
const result = await minify(
  { [name]: source },
  {
    ecma: 2020,
    compress: { passes: 2 },
    mangle: true, // local names only: window.attention and the events keep theirs
    sourceMap: { filename: name, url: `${name}.map` },
  },
);
fs.mkdirSync(path.dirname(output), { recursive: true });
fs.writeFileSync(output, result.code);
fs.writeFileSync(`${output}.map`, result.map);
