// The desktop app's figures for slides under Xvfb: `--figure out.png` writes
// the step (or one matrix) at the scale asked, light or dark, and exits; a
// matrix that is not on the step is refused with a clear message.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PNG } from "pngjs";

const APP = process.env.ATTN_APP;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "attention-figure-"));

function figure(name, ...args) {
  const file = path.join(dir, `${name}.png`);
  const run = spawnSync(APP, ["--figure", file, ...args], { encoding: "utf8", timeout: 600000 });
  return { run, png: run.status === 0 ? PNG.sync.read(fs.readFileSync(file)) : null };
}
const pixel = (png, x, y) => [...png.data.subarray((y * png.width + x) * 4, (y * png.width + x) * 4 + 3)];
const brightness = (rgb) => (rgb[0] + rgb[1] + rgb[2]) / 3;

test("a step at 1× and 2×, light and dark, and one matrix", () => {
  const at = ["--lesson", "the-cat-sat", "--step", "4", "--mode", "explore"];
  const one = figure("one", ...at, "--figure-scale", "1");
  const two = figure("two", ...at, "--figure-scale", "2");
  const dark = figure("dark", ...at, "--dark");
  const weights = figure("weights", ...at, "--figure-matrix", "weights");
  for (const f of [one, two, dark, weights]) assert.equal(f.run.status, 0, f.run.stderr);
  // Twice the scale, twice the pixels each way (within 3%: text is set at
  // each scale's own font size, whose widths round differently).
  const near = (a, b) => Math.abs(a - b) <= 0.03 * b;
  assert.ok(near(two.png.width, 2 * one.png.width), `${two.png.width} vs ${one.png.width}`);
  assert.ok(near(two.png.height, 2 * one.png.height), `${two.png.height} vs ${one.png.height}`);
  assert.ok(one.png.width > 500 && one.png.height > 200, "the step's text and both tables");
  assert.ok(brightness(pixel(two.png, 2, 2)) > 200, "light background");
  assert.ok(brightness(pixel(dark.png, 2, 2)) < 60, "dark background");
  assert.equal(dark.png.width, two.png.width, "the same figure in the other theme");
  assert.ok(weights.png.width < two.png.width, "one matrix is narrower than the step");
  // Not blank: the heatmap's colours are there.
  const colours = new Set();
  for (let i = 0; i < two.png.data.length; i += 4 * 7) colours.add(two.png.data.readUInt32BE(i));
  assert.ok(colours.size > 50, `${colours.size} colours`);
});

test("--mode explore shows what a prediction would cover; by default it stays covered", () => {
  const learn = figure("learn", "--lesson", "the-cat-sat", "--step", "4", "--figure-scale", "1");
  const explore = figure(
    "explore",
    "--lesson",
    "the-cat-sat",
    "--step",
    "4",
    "--figure-scale",
    "1",
    "--mode",
    "explore",
  );
  assert.equal(learn.run.status, 0, learn.run.stderr);
  assert.equal(explore.run.status, 0, explore.run.stderr);
  assert.ok(explore.png.width > learn.png.width + 200, "the weights beside the scores");
});

test("a matrix not on the step, or a scale out of range, is refused", () => {
  const nope = figure("nope", "--lesson", "the-cat-sat", "--step", "4", "--figure-matrix", "W_q");
  assert.equal(nope.run.status, 2);
  assert.match(nope.run.stderr, /no matrix "W_q" on this step/);
  const big = figure("big", "--lesson", "the-cat-sat", "--figure-scale", "9");
  assert.equal(big.run.status, 2);
  assert.match(big.run.stderr, /scale is 1 to 4/);
});
