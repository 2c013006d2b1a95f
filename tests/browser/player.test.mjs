// The lesson player through window.attention and the real mouse: the page's
// trace is the CLI's trace, setValue recomputes the softmax, a drag on a
// canvas cell changes the input, reset brings the notebook back.
import { test, before } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import path from "node:path";
import { useBrowser, openPage, nextFrame, ROOT } from "./browser.mjs";

const CLI = path.join(ROOT, "build/native/attention-cli");
const env = useBrowser();
let page, problems;
before(async () => {
  await env.ready;
  ({ page, problems } = await openPage(env.browser, env.url));
});

const rowSums = (m) => m.map((r) => r.reduce((a, b) => a + b, 0));

// Equal structure and text; numbers equal to 1e-13 relative. WebAssembly's
// libm (musl) and glibc may round log() differently in the last bit, which
// reaches some randn draws; numpy on Linux uses glibc, like the native build.
function assertSameTrace(actual, expected, where) {
  if (typeof expected === "number" && typeof actual === "number") {
    const tolerance = 1e-13 * Math.max(1, Math.abs(expected));
    assert.ok(Math.abs(actual - expected) <= tolerance, `${where}: ${actual} vs ${expected}`);
  } else if (Array.isArray(expected)) {
    assert.ok(Array.isArray(actual) && actual.length === expected.length, `${where}: length`);
    expected.forEach((e, i) => assertSameTrace(actual[i], e, `${where}[${i}]`));
  } else if (expected && typeof expected === "object") {
    assert.deepEqual(Object.keys(actual), Object.keys(expected), `${where}: keys`);
    for (const k of Object.keys(expected)) assertSameTrace(actual[k], expected[k], `${where}.${k}`);
  } else {
    assert.equal(actual, expected, where);
  }
}

test("lessons() lists the thirteen built-in lessons", async () => {
  const ids = await page.evaluate(() => window.attention.lessons());
  assert.deepEqual(ids, [
    "the-cat-sat",
    "i-am-batman",
    "attention-times-value",
    "complete-flow",
    "qk-transpose",
    "udl-self-attention",
    "udl-multihead",
    "she-likes-coffee",
    "word-order",
    "rotary-positions",
    "kv-cache",
    "cross-attention",
    "train-a-head",
  ]);
});

test("trace() is exactly what attention-cli trace prints, for every lesson", async () => {
  for (const id of await page.evaluate(() => window.attention.lessons())) {
    const fromPage = await page.evaluate(async (lesson) => {
      await window.attention.setLesson(lesson); // fetched when first opened
      return window.attention.trace();
    }, id);
    const fromCli = JSON.parse(execFileSync(CLI, ["trace", id], { encoding: "utf8" }));
    // The CLI adds a KV cache's every step ("cache"); the page's trace() has
    // the lesson's own step only (docs/embedding.md).
    delete fromCli.cache;
    assertSameTrace(fromPage, fromCli, id);
  }
});

test("setValue recomputes the softmax at once: rows change and still sum to 1", async () => {
  const { before, after, state } = await page.evaluate(async () => {
    const a = window.attention;
    await a.setLesson("the-cat-sat");
    await a.reset();
    const before = (await a.trace()).result.weights[0];
    await a.setValue("W_q", 0, 1, 2.5);
    return { before, after: (await a.trace()).result.weights[0], state: await a.state() };
  });
  assert.notDeepEqual(after, before);
  for (const sum of rowSums(after)) assert.ok(Math.abs(sum - 1) < 1e-12, `row sums to ${sum}`);
  assert.equal(state.edited, true);
  await assert.rejects(
    page.evaluate(() => window.attention.setValue("output", 0, 0, 1)),
    /is computed from the numbers before it/,
  );
});

test("setStep, state() and reset()", async () => {
  const s = await page.evaluate(async () => {
    const a = window.attention;
    await a.setLesson("i-am-batman");
    await a.setStep(3);
    const state = await a.state();
    await a.reset();
    return { state, edited: (await a.state()).edited };
  });
  assert.equal(s.state.lesson, "i-am-batman");
  assert.equal(s.state.step, 3);
  assert.equal(s.state.steps, 7);
  assert.equal(s.state.stepTitle, "Step 4: Compute attention scores (Q @ K.T)");
  assert.equal(s.edited, false);
  await assert.rejects(
    page.evaluate(() => window.attention.setStep(99)),
    /no step 99/,
  );
});

test("dragging a number on the canvas with the mouse changes the input and everything after it", async () => {
  await page.evaluate(async () => {
    const a = window.attention;
    await a.setLesson("i-am-batman");
    a.reset();
    a.setStep(0);
    a.testing.enableItems();
  });
  // Items are recorded while frames are drawn: wait for two.
  const frames = await page.evaluate(() => window.attention.framesDrawn());
  await nextFrame(page, frames + 1);
  const rect = await page.evaluate(() => window.attention.testing.items()["##X:0:0"]);
  assert.ok(rect, "the cell X[I, 0] is on screen");
  const box = await page.locator("#canvas").boundingBox();
  const x = box.x + (rect[0] + rect[2]) / 2,
    y = box.y + (rect[1] + rect[3]) / 2;
  const before = await page.evaluate(() => window.attention.trace());
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let i = 1; i <= 8; ++i) await page.mouse.move(x + i * 8, y, { steps: 2 });
  await page.mouse.up();
  const after = await page.evaluate(() => window.attention.trace());
  const x00 = (t) => t.steps[0].matrices[0].data[0][0];
  assert.ok(x00(after) > x00(before), `X[0][0] went from ${x00(before)} to ${x00(after)}`);
  assert.notDeepEqual(after.result.output, before.result.output);
  for (const sum of rowSums(after.result.weights[0])) assert.ok(Math.abs(sum - 1) < 1e-12);
});

test("no page or console errors", () => {
  assert.deepEqual(problems, []);
});
