// Figures for slides in the page: "Save figure" in Settings downloads a PNG of
// the step; window.attention.figure() gives the same bytes to a script, at the
// scale and theme asked, also over postMessage; bad options are refused.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import { PNG } from "pngjs";
import { useBrowser, openPage, itemCentre, saveArtifact, inPage } from "./browser.mjs";

// Tall enough that Settings, at the foot of the side panel, is on screen.
const env = useBrowser({ viewport: { width: 1280, height: 1100 } });

const figure = (page, options) =>
  page.evaluate(async (o) => {
    const f = await window.attention.figure(o);
    return { ...f, png: Array.from(f.png) };
  }, options);
const decode = (f) => PNG.sync.read(Buffer.from(f.png));
const brightness = (png, x, y) => {
  const i = (y * png.width + x) * 4;
  return (png.data[i] + png.data[i + 1] + png.data[i + 2]) / 3;
};

test("the API: a step at 1× and 2×, light and dark, one matrix; bad options refused", async () => {
  const { page, problems } = await openPage(env.browser, `${env.url}?lesson=the-cat-sat&step=4&mode=explore`);
  const one = await figure(page, { scale: 1 });
  const two = await figure(page, { scale: 2 });
  const dark = await figure(page, { scale: 2, theme: "dark" });
  const weights = await figure(page, { scale: 2, matrix: "weights" });
  assert.equal(one.name, "the-cat-sat-step4.png");
  assert.equal(weights.name, "the-cat-sat-step4-weights.png");
  assert.equal(dark.name, "the-cat-sat-step4-dark.png");
  const [p1, p2, pd, pw] = [one, two, dark, weights].map(decode);
  assert.deepEqual([p2.width, p2.height], [two.width, two.height]);
  const near = (a, b) => Math.abs(a - b) <= 0.03 * b; // text set at each scale's own size
  assert.ok(
    near(p2.width, 2 * p1.width) && near(p2.height, 2 * p1.height),
    `${p2.width}×${p2.height}, ${p1.width}×${p1.height}`,
  );
  assert.ok(brightness(p2, 2, 2) > 200 && brightness(pd, 2, 2) < 60, "light, then dark");
  assert.ok(pw.width < p2.width, "one matrix is narrower than the step");
  saveArtifact("figure-step.png", Buffer.from(two.png));
  saveArtifact("figure-weights-dark.png", Buffer.from((await figure(page, { matrix: "weights", theme: "dark" })).png));
  // The screen is left as it was: light theme, the same step.
  assert.equal((await page.evaluate(() => window.attention.state())).theme, "light");
  for (const [options, message] of [
    [{ scale: 9 }, /scale is 1 to 4/],
    [{ matrix: "W_q" }, /no matrix "W_q" on this step/],
    [{ theme: "blue" }, /theme must be "light" or "dark"/],
  ])
    await assert.rejects(
      page.evaluate((o) => window.attention.figure(o), options),
      message,
    );
  assert.deepEqual(problems, []);
  await page.close();
});

test("Save figure in Settings downloads the step as a PNG", async () => {
  const { page, problems } = await openPage(env.browser, `${env.url}?lesson=she-likes-coffee&step=3&mode=explore`);
  const button = await itemCentre(page, "##save-figure");
  const download = page.waitForEvent("download");
  await page.mouse.click(button.x, button.y);
  const file = await download;
  assert.equal(file.suggestedFilename(), "she-likes-coffee-step3.png");
  const png = PNG.sync.read(fs.readFileSync(await file.path()));
  assert.ok(png.width > 400 && png.height > 150, `${png.width}×${png.height}`);
  assert.deepEqual(problems, []);
  await page.close();
});

test("a figure keeps covered what an open prediction covers", async () => {
  const { page, problems } = await openPage(env.browser, `${env.url}?lesson=the-cat-sat&step=4`);
  await assert.rejects(
    page.evaluate(() => window.attention.figure({ matrix: "weights" })),
    /"weights" is covered until the step's prediction is answered or skipped/,
  );
  const step = PNG.sync.read(Buffer.from((await figure(page, { scale: 1 })).png));
  const whole = await openPage(env.browser, `${env.url}?lesson=the-cat-sat&step=4&mode=explore`);
  const shown = PNG.sync.read(Buffer.from((await figure(whole.page, { scale: 1 })).png));
  assert.ok(step.width < shown.width, "only the scores, not the weights");
  assert.deepEqual(problems, []);
  await whole.page.close();
  await page.close();
});

test("two figures asked before a frame, with a step between them, both answer with their own step", async () => {
  const { page, problems } = await openPage(env.browser, `${env.url}?lesson=the-cat-sat&step=4&mode=explore`);
  const names = await page.evaluate(async () => {
    const a = window.attention.figure({ scale: 1 });
    window.attention.setStep(2);
    const b = window.attention.figure({ scale: 1, theme: "dark" });
    return (await Promise.all([a, b])).map((f) => f.name);
  });
  assert.deepEqual(names, ["the-cat-sat-step4.png", "the-cat-sat-step3-dark.png"]);
  // The learner's screen stayed on the step they went to.
  assert.equal((await page.evaluate(() => window.attention.state())).step, 2);
  assert.deepEqual(problems, []);
  await page.close();
});

// The app owns the theme (its view state); the page's colours and a figure's
// default follow it, however it changed.
async function shows(page, theme) {
  await inPage(page, async (t) => (await window.attention.state()).theme === t, theme);
  await page.waitForFunction((t) => document.documentElement.classList.contains("dark") === (t === "dark"), theme);
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const red = Number(/\d+/.exec(background)[0]);
  assert.equal(red < 128, theme === "dark", `${theme}: the page's background is ${background}`);
  assert.equal((await figure(page, { scale: 1 })).name, `the-cat-sat-step2${theme === "dark" ? "-dark" : ""}.png`);
}

test("the canvas's theme button changes the page's colours, state().theme and a figure's default", async () => {
  const { page, problems } = await openPage(env.browser, `${env.url}?lesson=the-cat-sat&step=2&mode=explore`);
  await shows(page, "light");
  const button = await itemCentre(page, "Dark theme");
  await page.mouse.click(button.x, button.y);
  await shows(page, "dark");
  assert.deepEqual(problems, []);
  await page.close();
});

test("setTheme and a link's ?theme=dark change them too, and the canvas's button turns it back", async () => {
  const { page, problems } = await openPage(env.browser, `${env.url}?lesson=the-cat-sat&step=2&mode=explore`);
  await page.evaluate(() => window.attention.setTheme("dark"));
  await shows(page, "dark");
  await page.evaluate(() => window.attention.setTheme("light"));
  await shows(page, "light");
  await page.close();
  const linked = await openPage(env.browser, `${env.url}?lesson=the-cat-sat&step=2&mode=explore&theme=dark`);
  await shows(linked.page, "dark");
  const button = await itemCentre(linked.page, "Light theme");
  await linked.page.mouse.click(button.x, button.y);
  await shows(linked.page, "light");
  assert.deepEqual([...problems, ...linked.problems], []);
  await linked.page.close();
});
