// Prints how many distinct colours a PNG has (a blank window has one).
//   node tests/support/png_colours.mjs image.png
import fs from "node:fs";
import { PNG } from "pngjs";

const png = PNG.sync.read(fs.readFileSync(process.argv[2]));
const seen = new Set();
for (let i = 0; i < png.data.length; i += 4) seen.add((png.data[i] << 16) | (png.data[i + 1] << 8) | png.data[i + 2]);
console.log(seen.size);
