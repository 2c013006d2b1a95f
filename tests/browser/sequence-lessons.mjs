// The small lessons and helpers the word-order, KV-cache and training browser
// tests share: each lesson loaded by the page's API, and the settings a
// learner changed read back from the state a link carries.
import { openPage, inPage, nextFrame, labels } from "./browser.mjs";

const weights = {
  W_q: [
    [1, 0, 0, 1],
    [0, 1, 1, 0],
    [1, 1, 0, 0],
    [0, 0, 1, 1],
  ],
  W_k: [
    [0, 1, 0, 1],
    [1, 0, 1, 0],
    [0, 0, 1, 1],
    [1, 1, 0, 0],
  ],
  W_v: [
    [1, 0, 0, 0],
    [0, 1, 0, 0],
    [0, 0, 1, 0],
    [0, 0, 0, 1],
  ],
};
const base = {
  tokens: ["a", "b", "c"],
  X: [
    [1, 0, 1, 0],
    [0, 2, 0, 1],
    [1, 1, 0, 0],
  ],
  ...weights,
};
export const ORDER = {
  id: "order-browser",
  title: "Order",
  ...base,
  rope: true,
  steps: [{ id: "w", title: "Weights", text: "The weights.", show: ["X", "scores", "output"] }],
};
export const CACHE = {
  id: "cache-browser",
  title: "Cache",
  ...base,
  causal: true,
  kv_cache: true,
  steps: [{ id: "c", title: "Cache", text: "One at a time.", show: ["K_cache", "output_t", "macs"] }],
};
export const TRAIN = {
  id: "train-browser",
  title: "Train",
  ...base,
  causal: true,
  train: {
    target: {
      weights: [
        [1, 0, 0],
        [1, 0, 0],
        [0, 1, 0],
      ],
    },
    lr: 0.5,
    steps: 20,
  },
  steps: [{ id: "t", title: "Train", text: "Down the slope.", show: ["loss", "W_q", "weights"] }],
};

export async function openLesson(env, lesson) {
  const { page, problems } = await openPage(env.browser, env.url);
  await page.evaluate((text) => window.attention.loadLesson(text), JSON.stringify(lesson));
  await inPage(page, async (id) => (await window.attention.state()).lesson === id, lesson.id);
  return { page, problems };
}

// The part's settings the learner changed, from the state a link carries.
export const changed = (page) =>
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
// Waits for the page to draw a frame: paced input a loaded machine cannot merge.
export const frame = async (page) => nextFrame(page, await page.evaluate(() => window.attention.framesDrawn()));
export const until = async (page, test, what) => {
  const deadline = Date.now() + 120000;
  for (;;) {
    const now = await changed(page);
    if (test(now)) return now;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(now)} after 2 minutes`);
    await page.waitForTimeout(50);
  }
};

// "Show how gradient descent would do it" on the-cat-sat's challenge, with
// `press` (a mouse click or a finger's tap, each paced by frames): the
// question before it skipped, the challenge taken on, `edit` (the learner's
// own change, if any) on W_k's step, the descent played (waited for,
// bounded, by its steps) and compared, then the learner's numbers back.
// Each press is followed by a bounded wait for what it does: a tap lands
// over the frames after the lift. Returns what the state said once it had played.
export const DESCENT = "cat-sat-make-sat-win";
// Waits, bounded, until `label` is no longer drawn (what pressed it has landed).
async function gone(page, label) {
  const deadline = Date.now() + 120000;
  while ((await labels(page)).includes(label))
    if (Date.now() > deadline) throw new Error(`${label} was still drawn after 2 minutes`);
}
export async function showDescent(env, press, { viewport = null, edit = null } = {}) {
  const { page, problems } = await openPage(env.browser, `${env.url}?lesson=the-cat-sat&step=4`, { viewport });
  const state = () => page.evaluate(() => window.attention.state());
  await press(page, "##skip-prediction");
  await gone(page, "##skip-prediction");
  await press(page, `##take:${DESCENT}`);
  await inPage(
    page,
    async (id) => (await window.attention.state()).challenge === id,
    DESCENT,
    "the challenge taken on",
  );
  await page.evaluate(() => window.attention.setStep(1)); // W_k's step: the card follows
  await frame(page);
  if (edit) await edit(page);
  const mine = (await state()).changes;
  await press(page, `##descent:${DESCENT}`);
  const seen = new Set();
  const deadline = Date.now() + 120000;
  let now = await state();
  while (!(now.descent && now.descent.done)) {
    if (Date.now() > deadline) throw new Error(`the descent never finished: ${JSON.stringify(now.descent)}`);
    if (now.descent) seen.add(now.descent.step);
    await frame(page);
    now = await state();
  }
  const played = { ...now.descent, seen: seen.size, changed: now.changes !== mine, solved: now.progress.solved };
  await press(page, `##back-to-my-numbers:${DESCENT}`);
  await inPage(page, async () => (await window.attention.state()).descent === null, undefined, "back to my numbers");
  const back = await state();
  // Closed, not left open: its work is saved 300 ms after the last change, and
  // in a context shared with the next test that save could land after the next
  // page forgot saved work but before it read it (its prediction then answered).
  await page.close();
  return { played, restored: back.changes === mine, mine, solvedAfter: back.progress.solved, problems };
}
