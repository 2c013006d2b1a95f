// web/editor/conditions.js: a condition of the common shape ("the largest
// entry of this row is at this token") gets fields, each at the JSON pointer
// the loader's errors name; any other condition is a JSON box; the two switch
// both ways and leave the lesson as valid as it was. The form's `element` and
// `field` are stand-ins here: plain objects, no browser.
import assert from "node:assert/strict";
import { test } from "node:test";
import { conditionFields, editCondition, simpleCondition, withSide } from "../../../web/editor/conditions.js";
import { element, field, text } from "./form-parts.mjs";

const lesson = () => ({
  tokens: ["The", "cat", "sat"],
  steps: [{ challenges: [{ goal: { largest: { of: "weights", query: "The" }, is: "cat" } }] }],
});
const simple = { largest: { of: "weights", query: "The" }, is: "cat" };

// The form's parts as objects: a field is {label, control, pointer}.
const parts = { element, field, text };
const labels = { legend: "Goal", json: "Goal (a condition, JSON)" };
const fieldsOf = (box) => box.children.filter((c) => c.pointer !== undefined);
const buttonsOf = (box) => box.children.filter((c) => c.tag === "button").map((b) => b.attributes["data-action"]);

test("the simple shape, exactly its keys, is recognised; anything else is not", () => {
  assert.deepEqual(simpleCondition(simple), { side: "largest", of: "weights", query: "The", is: "cat" });
  assert.deepEqual(simpleCondition({ smallest: { of: "scores", query: "sat" }, is: 2 }), {
    side: "smallest",
    of: "scores",
    query: "sat",
    is: 2,
  });
  for (const other of [
    { largest: { of: "weights", query: "The" } }, // no winner
    { largest: { of: "weights", query: "The" }, is: "cat", within: 0.1 }, // a key more
    { largest: { of: "weights", row: "The" }, is: "cat" }, // a row, not a query
    { largest: { of: "weights", query: "The", notebook: true }, is: "cat" },
    { largest: { of: "weights", query: "The" }, smallest: { of: "weights", query: "The" }, is: "cat" },
    { all: [simple] },
    { same: ["output@your_answer", "output"], within: 1e-6 },
    { largest: { of: 3, query: "The" }, is: "cat" },
    { largest: { of: "weights", query: ["The"] }, is: "cat" },
    [simple],
    null,
    undefined,
    "largest",
  ])
    assert.equal(simpleCondition(other), null, JSON.stringify(other));
});

test("a simple condition's fields name the pointers the loader's errors name", () => {
  const base = "/steps/0/challenges/0/goal";
  const box = conditionFields(simple, base, lesson(), parts, { labels });
  assert.equal(box.tag, "fieldset");
  assert.deepEqual(
    fieldsOf(box).map((f) => f.pointer),
    [base, `${base}/largest/of`, `${base}/largest/query`, `${base}/is`],
  );
  const [side, matrix, row, winner] = fieldsOf(box).map((f) => f.control);
  assert.equal(side.attributes["data-action"], "condition-side");
  assert.deepEqual(
    side.children.map((o) => [o.attributes.value, !!o.attributes.selected]),
    [
      ["largest", true],
      ["smallest", false],
    ],
  );
  assert.equal(matrix.attributes.value, "weights");
  // The tokens offered are the lesson's, the file's own chosen.
  for (const [select, chosen] of [
    [row, "The"],
    [winner, "cat"],
  ]) {
    assert.equal(select.tag, "select");
    assert.deepEqual(
      select.children.map((o) => o.attributes.value),
      ["The", "cat", "sat"],
    );
    assert.deepEqual(
      select.children.filter((o) => o.attributes.selected).map((o) => o.attributes.value),
      [chosen],
    );
  }
  assert.deepEqual(buttonsOf(box), ["condition-json"]);
  // A smallest one's fields are under "smallest".
  const smallest = conditionFields(withSide(simple, "smallest"), base, lesson(), parts, { labels });
  assert.deepEqual(fieldsOf(smallest)[2].pointer, `${base}/smallest/query`);
});

test("a token the lesson does not have is offered too; a memory's tokens are the keys", () => {
  const box = conditionFields({ largest: { of: "weights", query: "Teh" }, is: "dog" }, "/g", lesson(), parts, {
    labels,
  });
  const [, , row] = fieldsOf(box).map((f) => f.control);
  assert.deepEqual(
    row.children.map((o) => o.attributes.value),
    ["The", "cat", "sat", "Teh"],
  );
  const cross = { ...lesson(), memory: { tokens: ["le", "chat"] } };
  const winner = fieldsOf(conditionFields(simple, "/g", cross, parts, { labels }))[3].control;
  assert.deepEqual(
    winner.children.map((o) => o.attributes.value),
    ["le", "chat", "cat"],
  );
});

test("a condition of another shape, or one chosen as JSON, is a JSON box at the condition's pointer", () => {
  const all = { all: [simple, { scale: "none" }] };
  const box = conditionFields(all, "/g", lesson(), parts, { labels });
  assert.deepEqual(
    fieldsOf(box).map((f) => [f.label, f.pointer, f.control.attributes["data-kind"]]),
    [["Goal (a condition, JSON)", "/g", "json"]],
  );
  assert.deepEqual(JSON.parse(fieldsOf(box)[0].control.children[0]), all);
  assert.deepEqual(buttonsOf(box), ["condition-simple"]);
  const chosen = conditionFields(simple, "/g", lesson(), parts, { labels, asJson: new Set(["/g"]) });
  assert.deepEqual(JSON.parse(fieldsOf(chosen)[0].control.children[0]), simple);
});

test("switching both ways: JSON keeps the condition, a simple goal replaces only what fields cannot show", () => {
  const base = "/steps/0/challenges/0/goal";
  const draft = lesson();
  const asJson = new Set();
  editCondition(draft, base, "condition-json", asJson);
  assert.deepEqual(draft, lesson(), "written as JSON, the lesson is the same");
  assert.ok(asJson.has(base));
  editCondition(draft, base, "condition-simple", asJson);
  assert.deepEqual(draft, lesson(), "a simple condition stays as it was");
  assert.ok(!asJson.has(base));
  draft.steps[0].challenges[0].goal = { all: [simple, { mask: true }] };
  editCondition(draft, base, "condition-simple", asJson);
  assert.deepEqual(draft.steps[0].challenges[0].goal, {
    largest: { of: "weights", query: "The" },
    is: "cat",
  });
  editCondition(draft, base, "condition-side", asJson, "smallest");
  assert.deepEqual(draft.steps[0].challenges[0].goal, { smallest: { of: "weights", query: "The" }, is: "cat" });
  assert.throws(() => editCondition(draft, base, "condition-what", asJson));
});

test("a simple goal keeps what the condition said: its row, matrix and winner, else those of the answers beside it", () => {
  const draft = {
    tokens: ["The", "cat", "sat"],
    steps: [
      {
        predict: [
          {
            id: "which",
            choices: [
              { text: "cat", when: { largest: { of: "weights", query: "sat" }, is: "cat" } },
              { text: "near", when: { largest: { of: "scores", row: "sat", within: 0.1 }, is: "sat" } },
              { text: "other", when: { not: { largest: { of: "weights", query: "sat" }, is: "cat" } } },
            ],
          },
        ],
      },
    ],
  };
  const asJson = new Set();
  const when = (k) => `/steps/0/predict/0/choices/${k}/when`;
  // A row and a matrix of its own: kept, "within" dropped.
  editCondition(draft, when(1), "condition-simple", asJson);
  assert.deepEqual(draft.steps[0].predict[0].choices[1].when, {
    largest: { of: "scores", query: "sat" },
    is: "sat",
  });
  // Nothing of the shape: the prediction's row and matrix from the answer beside it, not the lesson's default.
  editCondition(draft, when(2), "condition-simple", asJson);
  assert.deepEqual(draft.steps[0].predict[0].choices[2].when, {
    largest: { of: "weights", query: "sat" },
    is: "cat",
  });
  // A simple condition inside "all": that one.
  draft.steps[0].predict[0].choices[0].when = {
    all: [{ smallest: { of: "weights", query: "cat" }, is: "The" }, { mask: true }],
  };
  editCondition(draft, when(0), "condition-simple", asJson);
  assert.deepEqual(draft.steps[0].predict[0].choices[0].when, { smallest: { of: "weights", query: "cat" }, is: "The" });
});
