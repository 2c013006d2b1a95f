// A token of the word-order row dragged by a finger on a phone (390×844,
// pixel ratio 3), in paced moves.
import { test } from "node:test";
import assert from "node:assert/strict";
import { useBrowser, openPage, itemCentre, inPage, items, scrollIntoView, finger } from "./browser.mjs";
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

test("a finger trains: Train one step, Play, a weight dragged mid-training, Pause, Starting weights", async () => {
  const { page, problems } = await openLesson(env, TRAIN);
  const loss = () =>
    page.evaluate(async () => {
      const t = await window.attention.trace();
      return t.steps[0].matrices.find((m) => m.name === "loss").data[0][0];
    });
  const lossBelow = (bound, what) =>
    inPage(
      page,
      async (b) => {
        const t = await window.attention.trace();
        return t.steps[0].matrices.find((m) => m.name === "loss").data[0][0] < b;
      },
      bound,
      what,
    );
  const start = await loss();
  const step = await itemCentre(page, "##train-step");
  await page.touchscreen.tap(step.x, step.y);
  await lossBelow(start, "a lower loss");
  // Play, a finger dragging a weight mid-training, then Pause.
  await frame(page);
  const play = await itemCentre(page, "##train-play");
  await page.touchscreen.tap(play.x, play.y);
  await frame(page);
  const one = await loss();
  await lossBelow(one - 1e-3, "the loss going down while playing");
  const wq = () =>
    page.evaluate(async () => {
      const t = await window.attention.trace();
      return t.steps[0].matrices.find((m) => m.name === "W_q").data[0][1];
    });
  // W_q is below the fold on a phone: a finger scrolls the step panel to it.
  const hand = finger(await page.context().newCDPSession(page));
  const [x0, y0, x1, y1] = (await scrollIntoView(page, hand, await items(page), "##W_q:0:1"))["##W_q:0:1"];
  const cell = { x: (x0 + x1) / 2, y: (y0 + y1) / 2 };
  // How far training alone moves W_q[0, 1] over as many frames as the drag takes.
  const frames = 10;
  const before = await wq();
  for (let i = 0; i < frames; ++i) await frame(page);
  const w0 = await wq();
  const drift = Math.abs(w0 - before);
  await hand.press(page, cell.x, cell.y); // down, then sideways past the slop
  for (let i = 1; i <= frames - 5; ++i) await hand.move(page, cell.x + 42 + 15 * i, cell.y);
  await hand.release(page);
  const w1 = await wq();
  assert.ok(w1 - w0 > drift + 0.3, `the finger moved W_q[0, 1] up: ${w0} to ${w1} (training alone: ${drift})`);
  const dragged = await loss();
  await lossBelow(dragged - 1e-4, "training going on after the drag");
  const [p0, q0, p1, q1] = (await scrollIntoView(page, hand, await items(page), "##train-play"))["##train-play"];
  const pause = { x: (p0 + p1) / 2, y: (q0 + q1) / 2 };
  await page.touchscreen.tap(pause.x, pause.y);
  await inPage(
    page,
    // Unchanged over 300 ms and five frames (three steps' time when playing),
    // or two seconds: an idle page draws no frames.
    async () => {
      const a = await window.attention.trace();
      const since = await window.attention.framesDrawn();
      const t0 = performance.now();
      const waited = () => performance.now() - t0;
      while (waited() < 300 || ((await window.attention.framesDrawn()) < since + 5 && waited() < 2000))
        await new Promise((r) => setTimeout(r, 50));
      const b = await window.attention.trace();
      return JSON.stringify(a.steps[0].matrices) === JSON.stringify(b.steps[0].matrices);
    },
    undefined,
    "training paused",
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
