// The new lessons' controls with real, paced input: a token dragged by the
// mouse and by a finger, moved with Alt and an arrow; RoPE's first-position
// slider (the scores stay); the KV cache stepped; training stepped and played.
import { test } from "node:test";
import assert from "node:assert/strict";
import { useBrowser, openPage, itemCentre, inPage, clickItem, items } from "./browser.mjs";
import { ORDER, CACHE, TRAIN, openLesson, frame, until } from "./sequence-lessons.mjs";

const env = useBrowser();

test("a token dragged with the mouse, in paced moves, changes places", async () => {
  const { page, problems } = await openLesson(env, ORDER);
  const a = await itemCentre(page, "##order:0");
  const c = await itemCentre(page, "##order:2");
  await page.mouse.move(a.x, a.y, { steps: 4 });
  await frame(page);
  await page.mouse.down();
  await frame(page);
  for (let i = 1; i <= 8; ++i) {
    await page.mouse.move(a.x + ((c.x + 10 - a.x) * i) / 8, a.y);
    await frame(page);
  }
  await page.mouse.up();
  const now = await until(page, (s) => Array.isArray(s.order), "the order");
  assert.deepEqual(now.order, [1, 2, 0]);
  assert.deepEqual(problems, []);
});

test("a tapped token moves one place with Later", async () => {
  const { page, problems } = await openLesson(env, ORDER);
  await clickItem(page, "##order:1");
  await clickItem(page, "##order-later");
  const now = await until(page, (s) => Array.isArray(s.order), "the order");
  assert.deepEqual(now.order, [0, 2, 1]);
  assert.deepEqual(problems, []);
});

test("Alt and an arrow on a token's cell move the token", async () => {
  const { page, problems } = await openLesson(env, ORDER);
  await page.focus("#canvas");
  await frame(page);
  await page.keyboard.press("Tab"); // the first cell: X's, token "a"
  await frame(page);
  await page.keyboard.down("Alt");
  await frame(page);
  await page.keyboard.down("ArrowDown");
  await frame(page);
  await page.keyboard.up("ArrowDown");
  await frame(page);
  await page.keyboard.up("Alt");
  const now = await until(page, (s) => Array.isArray(s.order), "the order");
  assert.deepEqual(now.order, [1, 0, 2]);
  assert.deepEqual(problems, []);
});

test("the first-position slider moves every token and RoPE's scores stay", async () => {
  const { page, problems } = await openLesson(env, ORDER);
  const scores = () =>
    page.evaluate(async () => {
      const t = await window.attention.trace();
      return t.steps[0].matrices.find((m) => m.name === "scores").data;
    });
  const before = await scores();
  const s = await itemCentre(page, "##first-position");
  await page.mouse.move(s.x, s.y, { steps: 4 });
  await frame(page);
  await page.mouse.down();
  await frame(page);
  for (let i = 1; i <= 6; ++i) {
    await page.mouse.move(s.x + 15 * i, s.y);
    await frame(page);
  }
  await page.mouse.up();
  const now = await until(page, (st) => st.first > 0, "the first position");
  assert.ok(now.first > 0);
  const after = await scores();
  after.forEach((row, r) => row.forEach((v, c) => assert.ok(Math.abs(v - before[r][c]) < 1e-9, `scores[${r}][${c}]`)));
  assert.deepEqual(problems, []);
});

test("the KV cache steps a token at a time", async () => {
  const { page, problems } = await openLesson(env, CACHE);
  await clickItem(page, "##cache-next");
  const now = await until(page, (s) => s.t === 1, "the cache's step");
  assert.equal(now.t, 1);
  assert.deepEqual(problems, []);
});

test("Alt and the arrows step the KV cache's token", async () => {
  const { page, problems } = await openLesson(env, CACHE);
  await page.focus("#canvas");
  await frame(page);
  await page.keyboard.down("Alt");
  await frame(page);
  for (const key of ["ArrowRight", "ArrowRight", "ArrowLeft"]) {
    await page.keyboard.down(key);
    await frame(page);
    await page.keyboard.up(key);
    await frame(page);
  }
  await page.keyboard.up("Alt");
  const now = await until(page, (s) => s.t === 1, "the cache's step");
  assert.equal(now.t, 1);
  assert.deepEqual(problems, []);
});

test("a memory value dragged moves cross-attention's bars and the memory", async () => {
  const { page, problems } = await openPage(env.browser, `${env.url}?lesson=cross-attention&step=1`);
  const numbers = () =>
    page.evaluate(async () => {
      const t = await window.attention.trace();
      const found = {};
      for (const s of t.steps) for (const m of s.matrices) found[m.name] ??= m.data;
      return { weights: found.weights, memory: found.memory };
    });
  // The live panel's bars: one per key, each named by its cell of the weights.
  const bars = async () =>
    Object.keys(await items(page))
      .filter((k) => /^weights:\d+:\d+$/.test(k))
      .map((k) => k.split(":").slice(1).map(Number));
  const before = await numbers();
  assert.equal(before.weights.length, 3, "three English queries");
  assert.equal(before.weights[0].length, 4, "over four French keys");
  const shown = await bars();
  assert.equal(shown.length, 4, "a bar over each memory token");
  const cell = await itemCentre(page, "##memory:0:0");
  await page.mouse.move(cell.x, cell.y, { steps: 4 });
  await frame(page);
  await page.mouse.down();
  await frame(page);
  for (let i = 1; i <= 6; ++i) {
    await page.mouse.move(cell.x + 12 * i, cell.y);
    await frame(page);
  }
  await page.mouse.up();
  await inPage(page, async () => (await window.attention.state()).edited);
  const after = await numbers();
  assert.ok(after.memory[0][0] > before.memory[0][0], "the memory's value went up with the drag");
  assert.deepEqual(after.memory.slice(1), before.memory.slice(1), "no other memory token's row moved");
  const moved = shown.filter(([q, k]) => Math.abs(after.weights[q][k] - before.weights[q][k]) > 1e-6);
  assert.ok(moved.length >= 2, `the bars over the memory tokens moved (${moved.length} of 4)`);
  assert.deepEqual(problems, []);
});

test("training: a step lowers the loss, play keeps going, pause stops", async () => {
  const { page, problems } = await openLesson(env, TRAIN);
  const loss = () =>
    page.evaluate(async () => {
      const t = await window.attention.trace();
      return t.steps[0].matrices.find((m) => m.name === "loss").data[0][0];
    });
  const start = await loss();
  await clickItem(page, "##train-step");
  await inPage(
    page,
    async (s) => {
      const t = await window.attention.trace();
      return t.steps[0].matrices.find((m) => m.name === "loss").data[0][0] < s;
    },
    start,
    "a lower loss",
  );
  const one = await loss();
  await clickItem(page, "##train-play");
  await inPage(
    page,
    async (s) => {
      const t = await window.attention.trace();
      return t.steps[0].matrices.find((m) => m.name === "loss").data[0][0] < s - 1e-3;
    },
    one,
    "the loss going down while playing",
  );
  // A weight dragged mid-training: training goes on from the dragged number.
  const wq = () =>
    page.evaluate(async () => {
      const t = await window.attention.trace();
      return t.steps[0].matrices.find((m) => m.name === "W_q").data[0][0];
    });
  const cell = await itemCentre(page, "##W_q:0:0");
  await page.mouse.move(cell.x, cell.y, { steps: 4 });
  await frame(page);
  await page.mouse.down();
  await frame(page);
  for (let i = 1; i <= 6; ++i) {
    await page.mouse.move(cell.x + 15 * i, cell.y);
    await frame(page);
  }
  await page.mouse.up();
  await frame(page);
  const dragged = await loss();
  await inPage(
    page,
    async (s) => {
      const t = await window.attention.trace();
      return t.steps[0].matrices.find((m) => m.name === "loss").data[0][0] < s - 1e-4;
    },
    dragged,
    "training going on after the drag",
  );
  await clickItem(page, "##train-play"); // pause
  await inPage(
    page,
    async () => {
      const a = await window.attention.trace();
      await new Promise((r) => setTimeout(r, 300));
      const b = await window.attention.trace();
      return JSON.stringify(a.steps[0].matrices) === JSON.stringify(b.steps[0].matrices);
    },
    undefined,
    "training paused",
  );
  assert.notEqual(await wq(), 0, "W_q moved");
  await clickItem(page, "##train-reset");
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
