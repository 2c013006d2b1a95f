// Checks a desktop screenshot against the app's own report of that frame
// (attention-lab --report): the lesson, step and theme asked for are the ones
// shown, the background is the theme's, the live panel and a matrix cell are
// drawn where the report puts them (text and colours inside each, not a flat
// fill). Prints "ok ..." or the first thing wrong, and exits 1 then.
//   node tests/support/native_screenshot_check.mjs shot.png report.json LESSON STEP light|dark
import fs from "node:fs";
import { PNG } from "pngjs";

const [shotFile, reportFile, lesson, step, theme] = process.argv.slice(2);
const fail = (why) => {
  console.log(why);
  process.exit(1);
};
const png = PNG.sync.read(fs.readFileSync(shotFile));
const report = JSON.parse(fs.readFileSync(reportFile, "utf8"));
const { state, items } = report;
if (state.lesson !== lesson) fail(`the lesson shown is ${state.lesson}, not ${lesson}`);
if (state.step !== Number(step) - 1) fail(`the step shown is ${state.step + 1}, not ${step}`);
if (state.theme !== theme) fail(`the theme is ${state.theme}, not ${theme}`);

const pixel = (x, y) => {
  const i = (y * png.width + x) * 4;
  return [png.data[i], png.data[i + 1], png.data[i + 2]];
};
const brightness = ([r, g, b]) => (r + g + b) / 3;
const corner = brightness(pixel(2, png.height - 3));
if (theme === "light" ? corner < 200 : corner > 70) fail(`a ${theme} background, but its corner is ${corner}`);

// Distinct colours inside an item's rectangle (CSS pixels = window pixels here).
function colours([x0, y0, x1, y1]) {
  const seen = new Set();
  for (let y = Math.max(0, Math.floor(y0)); y < Math.min(png.height, Math.ceil(y1)); ++y)
    for (let x = Math.max(0, Math.floor(x0)); x < Math.min(png.width, Math.ceil(x1)); ++x)
      seen.add(pixel(x, y).join());
  return seen.size;
}
const live = items["##live-panel"];
if (!live) fail("no live panel in the report");
const liveColours = colours(live);
if (liveColours < 20) fail(`the live panel's rectangle is nearly flat (${liveColours} colours)`);
const cell = Object.keys(items).find((name) => /^##.+:0:0$/.test(name));
if (!cell) fail("no matrix cell in the report");
const cellColours = colours(items[cell]);
if (cellColours < 4) fail(`${cell} is a flat fill (${cellColours} colours): no number drawn`);
console.log(`ok: ${lesson} step ${step}, ${theme}; live panel ${liveColours} colours, ${cell} ${cellColours}`);
