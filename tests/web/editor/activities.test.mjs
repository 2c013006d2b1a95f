// web/editor/activities.js: new predictions and challenges take the tokens
// in turn, so a second one added asks about another row than the first, with
// a winner other than its row; asking a prediction another way keeps its row.
import assert from "node:assert/strict";
import { test } from "node:test";
import { activityFields, newChallenge, newPrediction, rowOf, withKind } from "../../../web/editor/activities.js";
import { simpleCondition } from "../../../web/editor/conditions.js";
import { fieldsUnder, form, pointersUnder } from "./form-parts.mjs";

const lesson = { tokens: ["The", "cat", "sat"] };

test("the n-th challenge added asks about token n − 1, round the tokens, and another token wins", () => {
  const goals = [1, 2, 3, 4].map((n) => newChallenge(lesson, n).goal);
  assert.deepEqual(goals, [
    { largest: { of: "weights", query: "The" }, is: "cat" },
    { largest: { of: "weights", query: "cat" }, is: "sat" },
    { largest: { of: "weights", query: "sat" }, is: "The" },
    { largest: { of: "weights", query: "The" }, is: "cat" },
  ]);
  // Each is of the simple shape: the editor shows it as fields.
  for (const goal of goals) assert.ok(simpleCondition(goal));
  assert.equal(newChallenge(lesson, 2).id, "challenge-2");
});

test("the n-th prediction added picks in row n − 1, and asked another way keeps it", () => {
  const rows = [1, 2, 3, 4].map((n) => newPrediction(lesson, n).pick.largest.query);
  assert.deepEqual(rows, ["The", "cat", "sat", "The"]);
  const second = newPrediction(lesson, 2);
  assert.equal(rowOf(second, lesson), 1);
  assert.deepEqual(withKind(second, "pick-smallest", lesson).pick, { smallest: { of: "weights", query: "cat" } });
  const choices = withKind(second, "choices", lesson).choices;
  assert.deepEqual(
    choices.map((c) => [c.text, c.when]),
    [
      ["sat", { largest: { of: "weights", query: "cat" }, is: "sat" }],
      ["The", { largest: { of: "weights", query: "cat" }, is: "The" }],
    ],
  );
  assert.equal(rowOf({ choices }, lesson), 1);
  const estimate = withKind(second, "estimate", lesson);
  assert.deepEqual(estimate.estimate.measure, { value: { of: "weights", query: "cat", key: "sat" } });
  assert.equal(rowOf(estimate, lesson), 1);
  assert.equal(estimate.pick, undefined);
});

test("two tokens: the winner is the other one; a lesson without tokens names them by index", () => {
  const two = { tokens: ["a", "b"] };
  assert.deepEqual(newChallenge(two, 2).goal, { largest: { of: "weights", query: "b" }, is: "a" });
  assert.deepEqual(newChallenge({}, 1).goal, { largest: { of: "weights", query: 0 }, is: 0 });
  assert.equal(rowOf({ pick: { largest: { of: "weights", query: "zzz" } } }, lesson), 0);
});

test("in cross-attention the winner is a memory token: a new goal, choice or estimate is valid as it stands", () => {
  const cross = { tokens: ["the", "cat"], memory: { tokens: ["le", "chat", "dort"] } };
  assert.deepEqual(newChallenge(cross, 2).goal, { largest: { of: "weights", query: "cat" }, is: "dort" });
  const second = newPrediction(cross, 2);
  assert.deepEqual(
    withKind(second, "choices", cross).choices.map((c) => c.when.is),
    ["dort", "le"],
  );
  assert.equal(withKind(second, "estimate", cross).estimate.measure.value.key, "dort");
});

test("a challenge's goal and each choice's condition are fields, at the loader's pointers", () => {
  const step = {
    predict: [withKind(newPrediction(lesson, 1), "choices", lesson)],
    challenges: [newChallenge(lesson, 1)],
  };
  const all = activityFields(step, 2, form, lesson).flatMap(pointersUnder);
  for (const at of [
    "/steps/2/predict/0/choices/0/when",
    "/steps/2/predict/0/choices/0/when/largest/query",
    "/steps/2/predict/0/choices/1/when/is",
    "/steps/2/challenges/0/goal",
    "/steps/2/challenges/0/goal/largest/of",
    "/steps/2/challenges/0/goal/largest/query",
    "/steps/2/challenges/0/goal/is",
  ])
    assert.ok(all.includes(at), at);
  // A pick's row is a select of the lesson's tokens, its own chosen.
  const picked = { predict: [newPrediction(lesson, 2)] };
  const row = activityFields(picked, 0, form, lesson)
    .flatMap(fieldsUnder)
    .find((f) => f.pointer === "/steps/0/predict/0/pick/largest/query");
  assert.equal(row.control.tag, "select");
  assert.deepEqual(
    row.control.children.map((o) => [o.attributes.value, o.attributes.selected]),
    [
      ["The", false],
      ["cat", true],
      ["sat", false],
    ],
  );
  // Chosen as JSON, the goal is one box at its own pointer.
  const json = activityFields(step, 2, form, lesson, new Set(["/steps/2/challenges/0/goal"]));
  assert.deepEqual(
    json.flatMap(pointersUnder).filter((p) => p.startsWith("/steps/2/challenges/0/goal")),
    ["/steps/2/challenges/0/goal"],
  );
});
