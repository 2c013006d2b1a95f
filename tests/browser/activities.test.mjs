// Active learning as a learner meets it: a prediction answered by clicking
// the canvas hides the step's result until then and reveals it with a why; a
// challenge is solved by dragging a number with the mouse; the work survives
// a reload; stored work that cannot be read is set aside with a notice; a host
// page hears the progress.
import { test } from "node:test";
import assert from "node:assert/strict";
import { useBrowser, openPage, itemCentre, saveArtifact, items } from "./browser.mjs";

const env = useBrowser();

// Waits (bounded) until a labelled item is drawn: a click acts at the next frame.
async function drawn(page, label) {
  const deadline = Date.now() + 90000;
  while (!(await items(page))[label]) if (Date.now() > deadline) throw new Error(`${label} never appeared`);
}
const weightCells = (all) => Object.keys(all).filter((k) => k.startsWith("##weights:"));
const progress = (page) => page.evaluate(() => window.attention.progress());

// Waits for `predicate(progress)`, as long as the page keeps answering (bounded).
async function progressUntil(page, predicate, what) {
  const deadline = Date.now() + 90000;
  for (;;) {
    const p = await progress(page);
    if (predicate(p)) return p;
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}: ${JSON.stringify(p)}`);
    await page.evaluate(() => window.attention.testing.wake());
    await page.waitForTimeout(100);
  }
}

test("a prediction is answered on the canvas; the result is hidden until then, then shown with why", async () => {
  const { page, problems } = await openPage(env.browser, `${env.url}?lesson=the-cat-sat&step=4`);
  const heard = [];
  await page.exposeFunction("heardProgress", (p) => heard.push(p));
  await page.evaluate(() => window.attention.on("progress", (p) => window.heardProgress(p)));
  let all = await items(page);
  assert.deepEqual(weightCells(all), [], "the weights are covered while the question is open");
  assert.ok(all["##option:2"], "the words to pick from are on the canvas");
  saveArtifact("prediction-open.png", await page.screenshot());
  // "sat": a wrong answer ("cat" wins), so the reveal must say both.
  const { x, y } = await itemCentre(page, "##option:2");
  await page.mouse.click(x, y);
  const p = await progressUntil(page, (p) => p.answered === 1, "the answer");
  assert.equal(p.right, 0);
  assert.equal(p.predictions, 2);
  all = await items(page);
  assert.equal(weightCells(all).length, 9, "the 3×3 weights are shown once answered");
  await page.evaluate(() => window.attention.showTextView(true));
  const text = await page.textContent("#text-view");
  assert.match(text, /You picked "sat"\. "cat" gets the most of the attention of "The": 0\.64/);
  saveArtifact("prediction-revealed.png", await page.screenshot());
  await progressUntil(page, () => heard.some((h) => h.answered === 1), "the progress event");
  assert.deepEqual(problems, []);
  await page.close();
});

test("a challenge is taken on and solved by dragging one number of W_k; success shows", async () => {
  const { page, problems } = await openPage(env.browser, `${env.url}?lesson=the-cat-sat&step=4`);
  const skip = await itemCentre(page, "##skip-prediction");
  await page.mouse.click(skip.x, skip.y);
  await drawn(page, "##take:cat-sat-make-sat-win");
  const take = await itemCentre(page, "##take:cat-sat-make-sat-win");
  await page.mouse.click(take.x, take.y);
  await drawn(page, "##put-down:cat-sat-make-sat-win");
  // The challenge follows the learner to the step with W_k.
  await page.evaluate(() => window.attention.setStep(1));
  const before = await progress(page);
  assert.equal(before.solved, 0);
  assert.ok((await items(page))["##live-challenge"], "how close, in the live panel that stays in view");
  // Drag W_k[0, 0] to the right in paced moves until "sat" wins (bounded).
  for (let attempt = 0; attempt < 12 && (await progress(page)).solved === 0; ++attempt) {
    const cell = await itemCentre(page, "##W_k:0:0");
    await page.mouse.move(cell.x, cell.y);
    await page.mouse.down();
    for (let i = 1; i <= 8; ++i) {
      await page.mouse.move(cell.x + i * 10, cell.y);
      await page.waitForTimeout(40);
    }
    await page.mouse.up();
  }
  const after = await progressUntil(page, (p) => p.solved === 1, "the challenge solved");
  assert.equal(after.challenges, 1);
  const state = await page.evaluate(() => window.attention.state());
  assert.match(state.changes, /W_k/, "one number of W_k changed");
  await page.evaluate(() => window.attention.showTextView(true));
  assert.match(await page.textContent("#text-view"), /Now "sat" gets/);
  saveArtifact("challenge-solved.png", await page.screenshot());

  // A reload keeps the numbers, the step, the answers and the progress.
  const saved = { state, progress: after };
  await page.evaluate(() => new Promise((r) => setTimeout(r, 600))); // the debounced save has run
  await page.reload();
  await page.waitForFunction(() => window.attention && window.attention.firstFrameMs !== null);
  await page.evaluate(() => window.attention.ready);
  const restored = await page.evaluate(async () => ({
    state: await window.attention.state(),
    progress: await window.attention.progress(),
  }));
  assert.equal(restored.state.changes, saved.state.changes);
  assert.equal(restored.state.step, saved.state.step);
  assert.deepEqual(restored.progress, saved.progress);
  assert.deepEqual(restored.state.notices, []);

  // Start over: the notebook's numbers and no progress, kept so on reload.
  await page.evaluate(() => window.attention.startOver());
  const fresh = await page.evaluate(async () => ({
    state: await window.attention.state(),
    progress: await window.attention.progress(),
  }));
  assert.equal(fresh.state.edited, false);
  assert.equal(fresh.progress.solved, 0);
  assert.equal(fresh.progress.answered, 0);
  assert.deepEqual(problems, []);
  await page.close();
});

test("the lesson open last comes back; unreadable stored work is set aside with a notice", async () => {
  const { page, problems } = await openPage(env.browser, `${env.url}?lesson=she-likes-coffee`);
  await page.evaluate(() => window.attention.setStep(1));
  await page.evaluate(() => new Promise((r) => setTimeout(r, 600)));
  // No ?lesson=: the lesson open last, at its step.
  await page.goto(env.url);
  await page.evaluate(() => window.attention.ready);
  let state = await page.evaluate(() => window.attention.state());
  assert.equal(state.lesson, "she-likes-coffee");
  assert.equal(state.step, 1);
  // Stored work from another version, or damaged: ignored, said once, and the page works.
  for (const junk of ['{"v": 1, "lesson": "she-likes-coffee", "step": "two"', "not json", '{"v": 99}']) {
    // Written from another page of the origin: the app's page saves its own work as it goes.
    await page.goto(`${env.url}manifest.webmanifest`);
    await page.evaluate((j) => localStorage.setItem("attention-lab:v1:work:she-likes-coffee", j), junk);
    await page.goto(`${env.url}?lesson=she-likes-coffee`);
    await page.evaluate(() => window.attention.ready);
    state = await page.evaluate(() => window.attention.state());
    assert.equal(state.step, 0, junk);
    assert.equal(state.edited, false);
    assert.equal(state.notices.length, 1, junk);
    assert.match(state.notices[0], /saved work/i);
    await page.evaluate(() => window.attention.setStep(2));
    assert.equal((await page.evaluate(() => window.attention.state())).step, 2, "the page still works");
  }
  // (the browser asks for /favicon.ico while it shows the manifest: a 404 of the server's, not the page's)
  assert.deepEqual(
    problems.filter((p) => !p.includes("404")),
    [],
  );
  await page.close();
});

test("?mode=explore: no questions, no challenges, every result shown", async () => {
  const { page, problems } = await openPage(env.browser, `${env.url}?lesson=the-cat-sat&step=4&mode=explore`);
  const all = await items(page);
  assert.equal(weightCells(all).length, 9);
  assert.equal(all["##option:0"], undefined);
  assert.equal(all["##take:cat-sat-make-sat-win"], undefined);
  assert.deepEqual(problems, []);
  await page.close();
});
