// The built-in lessons on the page (src/core/load/builtin_lessons.h): the page
// fetches only the lesson it opens with; another is fetched when the learner
// first opens it, the step bar saying so meanwhile; one that cannot be
// fetched leaves the lesson on screen and says why.
import { test } from "node:test";
import assert from "node:assert/strict";
import { useBrowser, openPage, clickItem, nextFrame, saveArtifact, watch, forgetWorkOnce } from "./browser.mjs";

// No service worker: it keeps every lesson, past the routes below.
const env = useBrowser({ viewport: { width: 800, height: 500 }, serviceWorkers: "block" });

// Opens the page with no saved work, noting the lesson files it asks for, by id.
async function openNoting(url) {
  const page = await env.browser.newPage();
  const problems = watch(page);
  const requested = [];
  page.on("request", (r) => {
    const m = new URL(r.url()).pathname.match(/\/lessons\/(.+)\.json$/);
    if (m) requested.push(m[1]);
  });
  await page.addInitScript(forgetWorkOnce);
  await page.goto(url);
  await page.waitForFunction(() => window.attention && window.attention.firstFrameMs !== null);
  return { page, problems, requested };
}

// Waits (bounded) until the page shows `id`.
async function showing(page, id) {
  const deadline = Date.now() + 90000;
  while ((await page.evaluate(async () => (await window.attention.state()).lesson)) !== id) {
    if (Date.now() > deadline) throw new Error(`the page never showed ${id}`);
    await page.evaluate(() => window.attention.testing.wake());
    await page.waitForTimeout(100);
  }
}

test("the page fetches the lesson it opens with, and another when the learner picks it", async () => {
  const { page, problems, requested } = await openNoting(env.url);
  assert.equal(await page.evaluate(async () => (await window.attention.state()).lesson), "the-cat-sat");
  assert.deepEqual(requested, ["the-cat-sat"]);
  // Every lesson is listed before its file is here.
  assert.equal((await page.evaluate(() => window.attention.lessons())).length, 13);

  // Held on its way: the step bar says it is loading, the lesson on screen stays usable.
  let release;
  const held = new Promise((resolve) => (release = resolve));
  await page.route("**/lessons/i-am-batman.json", async (route) => {
    await held;
    await route.continue();
  });
  await clickItem(page, "##lesson");
  await clickItem(page, "I am Batman");
  // The app asked for its file (and says "Loading …" in the step bar: app/app_test).
  const deadline = Date.now() + 90000;
  while (!requested.includes("i-am-batman")) {
    if (Date.now() > deadline) throw new Error("the lesson's file was never asked for");
    await page.waitForTimeout(100);
  }
  await nextFrame(page, await page.evaluate(() => window.attention.framesDrawn()));
  assert.equal(await page.evaluate(async () => (await window.attention.state()).lesson), "the-cat-sat");
  saveArtifact("lesson-loading-800x500.png", await page.screenshot());
  release();
  await showing(page, "i-am-batman");
  assert.deepEqual(requested, ["the-cat-sat", "i-am-batman"]);
  // The numbers are the notebook's: the same as the single file's compiled-in lesson.
  assert.equal(await page.evaluate(async () => (await window.attention.state()).steps), 7);
  assert.deepEqual(problems, []);
  await page.close();
});

test("a lesson whose file cannot be fetched: a notice, and the lesson on screen stays", async () => {
  const { page, problems, requested } = await openNoting(`${env.url}?lesson=the-cat-sat`);
  await page.route("**/lessons/complete-flow.json", (route) => route.fulfill({ status: 404, body: "" }));
  await assert.rejects(
    page.evaluate(() => window.attention.setLesson("complete-flow")),
    /The lesson "complete-flow" could not be loaded \(HTTP 404\)/,
  );
  const state = await page.evaluate(() => window.attention.state());
  assert.equal(state.lesson, "the-cat-sat");
  assert.match(
    state.notices.at(-1),
    /^The lesson "Complete attention flow: Q, K, V → Output" could not be loaded \(HTTP 404\)\.$/,
  );
  // The browser's own line for the 404 is expected; nothing else.
  problems.splice(0, problems.length, ...problems.filter((p) => !p.includes("status of 404")));
  // Tried again when picked again, and shown once it can be had.
  await page.unroute("**/lessons/complete-flow.json");
  await page.evaluate(() => window.attention.setLesson("complete-flow"));
  assert.equal(await page.evaluate(async () => (await window.attention.state()).lesson), "complete-flow");
  // Each time one fetch of the file the app named, though setLesson and the app's ask both want it.
  assert.deepEqual(requested, ["the-cat-sat", "complete-flow", "complete-flow"]);
  assert.deepEqual(problems, []);
  await page.close();
});

test("a link to a lesson fetches that one only; an unknown one falls back to the first", async () => {
  // The page knows the built-in lessons' ids (the build's index): an unknown
  // one is not even asked for.
  for (const [link, shown, files] of [
    ["?lesson=udl-multihead", "udl-multihead", ["udl-multihead"]],
    ["?lesson=no-such-lesson", "the-cat-sat", ["the-cat-sat"]],
  ]) {
    const { page, problems, requested } = await openNoting(env.url + link);
    const state = await page.evaluate(() => window.attention.state());
    assert.equal(state.lesson, shown);
    assert.deepEqual(requested, files);
    if (shown !== "udl-multihead") assert.match(state.notices.join(" "), /Unknown lesson "no-such-lesson"/);
    await nextFrame(page, await page.evaluate(() => window.attention.framesDrawn()));
    assert.deepEqual(problems, []);
    await page.close();
  }
});
