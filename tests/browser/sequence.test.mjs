// The new lessons' controls with real, paced input: a token dragged by the
// mouse and by a finger, moved with Alt and an arrow; RoPE's first-position
// slider (the scores stay); the KV cache stepped; training stepped and played.
import { test } from "node:test";
import assert from "node:assert/strict";
import { useBrowser, openPage, itemCentre, inPage } from "./browser.mjs";

const env = useBrowser({ hasTouch: true });

const weights = {
  W_q: [[1, 0, 0, 1], [0, 1, 1, 0], [1, 1, 0, 0], [0, 0, 1, 1]],
  W_k: [[0, 1, 0, 1], [1, 0, 1, 0], [0, 0, 1, 1], [1, 1, 0, 0]],
  W_v: [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]],
};
const base = { tokens: ["a", "b", "c"], X: [[1, 0, 1, 0], [0, 2, 0, 1], [1, 1, 0, 0]], ...weights };
const ORDER = { id: "order-browser", title: "Order", ...base, rope: true,
  steps: [{ id: "w", title: "Weights", text: "The weights.", show: ["X", "scores", "output"] }] };
const CACHE = { id: "cache-browser", title: "Cache", ...base, causal: true, kv_cache: true,
  steps: [{ id: "c", title: "Cache", text: "One at a time.", show: ["K_cache", "output_t", "macs"] }] };
const TRAIN = { id: "train-browser", title: "Train", ...base, causal: true,
  train: { target: { weights: [[1, 0, 0], [1, 0, 0], [0, 1, 0]] }, lr: 0.5, steps: 20 },
  steps: [{ id: "t", title: "Train", text: "Down the slope.", show: ["loss", "weights"] }] };

async function open(lesson) {
  const { page, problems } = await openPage(env.browser, env.url);
  await page.evaluate((text) => window.attention.loadLesson(text), JSON.stringify(lesson));
  await inPage(page, async (id) => (await window.attention.state()).lesson === id, lesson.id);
  return { page, problems };
}

// The part's settings the learner changed, from the state a link carries.
const changed = (page) =>
  page.evaluate(async () => {
    const s = new URL(await window.attention.link()).searchParams.get("state");
    if (!s) return {};
    const b = s.replace(/-/g, "+").replace(/_/g, "/");
    const bytes = Uint8Array.from(atob(b + "===".slice((b.length + 3) % 4)), (c) => c.charCodeAt(0));
    const found = {};
    JSON.stringify(JSON.parse(new TextDecoder().decode(bytes)), (key, value) => {
      if (["order", "first", "t", "lr"].includes(key)) found[key] = value;
      return value;
    });
    return found;
  });
const until = async (page, test, what) => {
  const deadline = Date.now() + 120000;
  for (;;) {
    const now = await changed(page);
    if (test(now)) return now;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(now)} after 2 minutes`);
    await page.waitForTimeout(50);
  }
};

test("a token dragged with the mouse, in paced moves, changes places", async () => {
  const { page, problems } = await open(ORDER);
  const a = await itemCentre(page, "##order:0");
  const c = await itemCentre(page, "##order:2");
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  for (let i = 1; i <= 8; ++i) {
    await page.mouse.move(a.x + ((c.x + 10 - a.x) * i) / 8, a.y);
    await page.waitForTimeout(40);
  }
  await page.mouse.up();
  const now = await until(page, (s) => Array.isArray(s.order), "the order");
  assert.deepEqual(now.order, [1, 2, 0]);
  assert.deepEqual(problems, []);
});

test("a token dragged by a finger changes places", async () => {
  const { page, problems } = await open(ORDER);
  const b = await itemCentre(page, "##order:1");
  const a = await itemCentre(page, "##order:0");
  const cdp = await page.context().newCDPSession(page);
  const at = (f) => [{ x: b.x + (a.x - 10 - b.x) * f, y: b.y }];
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: at(0) });
  for (let i = 1; i <= 10; ++i) {
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: at(i / 10) });
    await page.waitForTimeout(40);
  }
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  const now = await until(page, (s) => Array.isArray(s.order), "the order");
  assert.deepEqual(now.order, [1, 0, 2]);
  assert.deepEqual(problems, []);
});

test("Alt and an arrow on a token's cell move the token", async () => {
  const { page, problems } = await open(ORDER);
  await page.focus("#canvas");
  await page.keyboard.press("Tab"); // the first cell: X's, token "a"
  await inPage(page, () => window.attention.testing.wantKeyboard() || true);
  await page.keyboard.down("Alt");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.up("Alt");
  const now = await until(page, (s) => Array.isArray(s.order), "the order");
  assert.deepEqual(now.order, [1, 0, 2]);
  assert.deepEqual(problems, []);
});

test("the first-position slider moves every token and RoPE's scores stay", async () => {
  const { page, problems } = await open(ORDER);
  const scores = () =>
    page.evaluate(async () => {
      const t = await window.attention.trace();
      return t.steps[0].matrices.find((m) => m.name === "scores").data;
    });
  const before = await scores();
  const s = await itemCentre(page, "##first-position");
  await page.mouse.move(s.x, s.y);
  await page.mouse.down();
  for (let i = 1; i <= 6; ++i) {
    await page.mouse.move(s.x + 15 * i, s.y);
    await page.waitForTimeout(40);
  }
  await page.mouse.up();
  const now = await until(page, (st) => st.first > 0, "the first position");
  assert.ok(now.first > 0);
  const after = await scores();
  after.forEach((row, r) => row.forEach((v, c) => assert.ok(Math.abs(v - before[r][c]) < 1e-9, `scores[${r}][${c}]`)));
  assert.deepEqual(problems, []);
});

test("the KV cache steps a token at a time", async () => {
  const { page, problems } = await open(CACHE);
  const next = await itemCentre(page, "##cache-next");
  await page.mouse.click(next.x, next.y);
  const now = await until(page, (s) => s.t === 1, "the cache's step");
  assert.equal(now.t, 1);
  assert.deepEqual(problems, []);
});

test("training: a step lowers the loss, play keeps going, pause stops", async () => {
  const { page, problems } = await open(TRAIN);
  const loss = () =>
    page.evaluate(async () => {
      const t = await window.attention.trace();
      return t.steps[0].matrices.find((m) => m.name === "loss").data[0][0];
    });
  const start = await loss();
  const step = await itemCentre(page, "##train-step");
  await page.mouse.click(step.x, step.y);
  await inPage(page, async (s) => {
    const t = await window.attention.trace();
    return t.steps[0].matrices.find((m) => m.name === "loss").data[0][0] < s;
  }, start, "a lower loss");
  const one = await loss();
  const play = await itemCentre(page, "##train-play");
  await page.mouse.click(play.x, play.y);
  await inPage(page, async (s) => {
    const t = await window.attention.trace();
    return t.steps[0].matrices.find((m) => m.name === "loss").data[0][0] < s - 1e-3;
  }, one, "the loss going down while playing");
  await page.mouse.click(play.x, play.y); // pause
  await page.evaluate(() => window.attention.trainStep());
  assert.ok((await loss()) < one);
  assert.deepEqual(problems, []);
});
