// "Show how gradient descent would do it" with real, paced mouse input: the
// challenge card's button plays the descent, the card compares it with the
// learner's edits, nothing counts as solved, and "Back to my numbers" restores;
// going to another step while it plays ends it, the learner's numbers back.
import { test } from "node:test";
import assert from "node:assert/strict";
import { useBrowser, openPage, clickItem, inPage } from "./browser.mjs";
import { showDescent, frame, DESCENT } from "./sequence-lessons.mjs";

const env = useBrowser();

test("gradient descent plays on a challenge, is compared, and the learner's numbers come back", async () => {
  const { played, restored, solvedAfter, problems } = await showDescent(env, clickItem);
  assert.ok(played.steps > 1, "more than one step");
  assert.ok(played.seen > 1, "the steps were seen one by one");
  assert.ok(played.reached);
  assert.ok(played.changed, "descent's numbers were on screen");
  assert.match(played.said[1], /^It changed \d+ numbers by [\d.]+ in total\.$/);
  assert.match(played.said[2], /^You changed 0 numbers by 0(\.0+)? in total\.$/);
  assert.equal(played.solved, 0, "descent's numbers are not the learner's solve");
  assert.ok(restored);
  assert.equal(solvedAfter, 0);
  assert.deepEqual(problems, []);
});

test("going to another step while descent plays stops it and puts the learner's numbers back", async () => {
  const { page, problems } = await openPage(env.browser, `${env.url}?lesson=the-cat-sat&step=4`);
  const state = () => page.evaluate(() => window.attention.state());
  await clickItem(page, "##skip-prediction");
  await clickItem(page, `##take:${DESCENT}`);
  await inPage(page, async (id) => (await window.attention.state()).challenge === id, DESCENT, "taken on");
  await page.evaluate(() => window.attention.setStep(1)); // W_k's step: the card follows
  await frame(page);
  const mine = (await state()).changes;
  await clickItem(page, `##descent:${DESCENT}`);
  await inPage(page, async () => (await window.attention.state()).descent !== null, undefined, "descent shown");
  await clickItem(page, "##next"); // the step bar's arrow, mid-play or once played
  await inPage(page, async () => (await window.attention.state()).step === 2, undefined, "the next step");
  const drawn = await page.evaluate(() => window.attention.framesDrawn());
  for (let i = 0; i < 10; ++i) await frame(page); // frames enough for more of its steps
  const now = await state();
  assert.ok((await page.evaluate(() => window.attention.framesDrawn())) > drawn);
  assert.equal(now.descent, null);
  assert.equal(now.changes, mine, "the learner's numbers");
  assert.deepEqual(problems, []);
});
