// Who is offered the lesson editor, which shows every challenge's solution
// (docs/embedding.md): the page opened on its own offers it, a course page's
// frame does not (an instructor's ?edit=1 or edit() still opens it there),
// and a learner's first load fetches none of it, nor does the single file
// carry it.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { useBrowser, openPage, built, items, watch, DIST } from "./browser.mjs";
import { frameShows } from "./hosts.mjs";

const env = useBrowser();

test("Edit lesson is offered on the page opened on its own, not in a frame; ?edit=1 and edit() open it in one", async () => {
  const width = 1400; // every button of the top bar inline, none in its menu
  const own = await openPage(env.browser, `${env.url}?lesson=the-cat-sat`, { viewport: { width, height: 800 } });
  const shown = await items(own.page);
  assert.ok("Copy as numpy" in shown && "Edit lesson" in shown, Object.keys(shown).join(" "));
  assert.deepEqual(own.problems, []);
  await own.page.close();

  const page = await env.browser.newPage();
  await page.setViewportSize({ width: width + 40, height: 900 });
  const problems = watch(page);
  const framed = async (query) => {
    await page.setContent(`<iframe src="${env.url}${query}" width="${width}" height="800"></iframe>`); // and its load
    const frame = page.frames().find((f) => f.url().startsWith(env.url));
    await frame.waitForFunction(() => window.attention && window.attention.firstFrameMs !== null);
    return frame;
  };
  let frame = await framed("?lesson=the-cat-sat");
  assert.ok(await frameShows(frame, "Copy as numpy"), "the top bar's buttons are inline");
  assert.equal(await frameShows(frame, "Edit lesson"), false, "no Edit lesson in a frame");
  await frame.evaluate(() => window.attention.edit());
  assert.equal(await frame.evaluate(() => window.attentionEditor.isOpen()), true, "edit() opens it");
  frame = await framed("?lesson=the-cat-sat&edit=1");
  await frame.waitForFunction(() => window.attentionEditor && window.attentionEditor.isOpen());
  assert.equal(await frameShows(frame, "Edit lesson"), false);
  assert.deepEqual(problems, []);
  await page.close();
});

test("a learner's first load fetches no editor; the single file offers none", async () => {
  const { page } = await openPage(env.browser, env.url);
  const fetched = await page.evaluate(() => performance.getEntriesByType("resource").map((e) => e.name));
  assert.ok(!fetched.some((n) => n.includes("editor.")), fetched.join("\n"));
  assert.ok(built().editor, "dist/index.html names the editor's file");
  await page.close();
  const html = fs.readFileSync(path.join(DIST, "attention-lab.html"), "utf8");
  assert.ok(!html.includes('<meta name="attention-editor"'), "the single file names no editor");
});
