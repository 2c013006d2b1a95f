// A token of the word-order row dragged by a finger on a phone (390×844,
// pixel ratio 3), in paced moves.
import { test } from "node:test";
import assert from "node:assert/strict";
import { useBrowser, openPage, itemCentre, inPage, items } from "./browser.mjs";
import { ORDER, CACHE, TRAIN, openLesson, frame, until } from "./sequence-lessons.mjs";

const env = useBrowser({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 }, deviceScaleFactor: 3 });

test("a token dragged by a finger changes places", async () => {
  const { page, problems } = await openLesson(env, ORDER);
  const b = await itemCentre(page, "##order:1");
  const a = await itemCentre(page, "##order:0");
  const cdp = await page.context().newCDPSession(page);
  const at = (f) => [{ x: b.x + (a.x - 10 - b.x) * f, y: b.y }];
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: at(0) });
  for (let i = 1; i <= 10; ++i) {
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: at(i / 10) });
    await frame(page);
  }
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  const now = await until(page, (s) => Array.isArray(s.order), "the order");
  assert.deepEqual(now.order, [1, 0, 2]);
  assert.deepEqual(problems, []);
});

test("a finger taps the KV cache's Next", async () => {
  const { page, problems } = await openLesson(env, CACHE);
  const next = await itemCentre(page, "##cache-next");
  await page.touchscreen.tap(next.x, next.y);
  const now = await until(page, (s) => s.t === 1, "the cache's step");
  assert.equal(now.t, 1);
  assert.deepEqual(problems, []);
});

test("cross-attention's 3×4 weights fit a phone: every cell on screen, none overlapping", async () => {
  const { page, problems } = await openPage(env.browser, `${env.url}?lesson=cross-attention&step=3`);
  const all = await items(page);
  const cells = Object.entries(all)
    .filter(([k]) => /^##scores:\d+:\d+$/.test(k))
    .map(([, r]) => r);
  assert.equal(cells.length, 12, "3 × 4 score cells");
  const box = await page.locator("#canvas").boundingBox();
  for (const [x0, , x1] of cells) assert.ok(x0 >= 0 && x1 <= box.width, `a cell inside the width (${x0}..${x1})`);
  for (let i = 0; i < cells.length; ++i)
    for (let j = i + 1; j < cells.length; ++j) {
      const [a, b] = [cells[i], cells[j]];
      const overlap =
        Math.min(a[2], b[2]) - Math.max(a[0], b[0]) > 1 && Math.min(a[3], b[3]) - Math.max(a[1], b[1]) > 1;
      assert.ok(!overlap, "cells do not overlap");
    }
  assert.deepEqual(problems, []);
});

test("a finger trains: Train one step, then Starting weights", async () => {
  const { page, problems } = await openLesson(env, TRAIN);
  const loss = () =>
    page.evaluate(async () => {
      const t = await window.attention.trace();
      return t.steps[0].matrices.find((m) => m.name === "loss").data[0][0];
    });
  const start = await loss();
  const step = await itemCentre(page, "##train-step");
  await page.touchscreen.tap(step.x, step.y);
  await inPage(
    page,
    async (s) => {
      const t = await window.attention.trace();
      return t.steps[0].matrices.find((m) => m.name === "loss").data[0][0] < s;
    },
    start,
    "a lower loss",
  );
  await frame(page);
  const reset = await itemCentre(page, "##train-reset");
  await page.touchscreen.tap(reset.x, reset.y);
  await inPage(
    page,
    async (s) => {
      const t = await window.attention.trace();
      return Math.abs(t.steps[0].matrices.find((m) => m.name === "loss").data[0][0] - s) < 1e-9;
    },
    start,
    "the starting weights' loss",
  );
  assert.deepEqual(problems, []);
});
