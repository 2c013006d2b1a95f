// "Show how gradient descent would do it" with real, paced mouse input: the
// challenge card's button plays the descent, the card compares it with the
// learner's edits, nothing counts as solved, and "Back to my numbers" restores.
import { test } from "node:test";
import assert from "node:assert/strict";
import { useBrowser, clickItem } from "./browser.mjs";
import { showDescent } from "./sequence-lessons.mjs";

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
