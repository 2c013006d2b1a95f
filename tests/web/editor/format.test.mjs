// web/editor/format.js: the editor reads the lesson format's rules from the
// core's description (python/attention_lab/lesson_format.json) and keeps no
// copy: fed a description that says otherwise, the tokens, the widths and the
// live values offered follow it.
import assert from "node:assert/strict";
import fs from "node:fs";
import { test } from "node:test";
import { setSize, setTokens, sizesOf } from "../../../web/editor/draft.js";
import { suggestions } from "../../../web/editor/completion.js";
import { FORMAT, inputAxes, inputPointer, keyMatrices, stageOf } from "../../../web/editor/format.js";

// The description with `change` made to a copy of it.
const changed = (change) => {
  const format = structuredClone(FORMAT);
  change(format);
  return format;
};
const input = (format, name) => format.inputs.find((i) => i.name === name);

test("the editor reads the committed description, the one the core writes", () => {
  const committed = JSON.parse(fs.readFileSync("python/attention_lab/lesson_format.json", "utf8"));
  assert.deepEqual(FORMAT, committed);
  assert.deepEqual(inputAxes("X", "columns"), ["d", "N"]);
  assert.deepEqual(inputAxes("W_q", "rows_transposed_weights"), ["d_k", "d"]);
  assert.deepEqual(inputAxes("b_v", "rows"), ["1", "d_v"]);
  assert.equal(inputAxes("scores", "rows"), null); // computed, never given
  assert.equal(stageOf("value-64/weights_h2@your_answer"), "weights");
  assert.equal(stageOf("W_q"), "W_q");
});

test("tokens resize the inputs the description gives a token axis, along the axis it says", () => {
  const lesson = () => ({
    tokens: ["a", "b"],
    layout: "rows_transposed_weights",
    X: [
      [1, 2],
      [3, 4],
    ],
  });
  const asIs = lesson();
  setTokens(asIs, ["a", "b", "c"]);
  assert.deepEqual(asIs.X, [
    [1, 2],
    [3, 4],
    [0, 0],
  ]);
  // Were X written transposed in this layout, its columns would be the tokens.
  const transposed = lesson();
  setTokens(
    transposed,
    ["a", "b", "c"],
    changed((f) => input(f, "X").transposed_in.push("rows_transposed_weights")),
  );
  assert.deepEqual(transposed.X, [
    [1, 2, 0],
    [3, 4, 0],
  ]);
  // And an input with one row per token that is not one today follows too.
  const wq = { tokens: ["a", "b"], X: [[1], [2]], W_q: [[1], [2]] };
  setTokens(
    wq,
    ["a", "b", "c"],
    changed((f) => (input(f, "W_q").rows = "N")),
  );
  assert.deepEqual(wq.W_q, [[1], [2], [0]]);
});

test("widths are the description's, named as it names them, on the axes it says", () => {
  const lesson = {
    tokens: ["a"],
    X: [[1, 2]],
    W_q: [
      [1, 0, 0],
      [0, 1, 0],
    ],
    W_k: [
      [1, 0, 0],
      [0, 1, 0],
    ],
    W_o: [[1], [2]],
    V: [[1, 2]],
  };
  assert.deepEqual(sizesOf(lesson), { d: 2, d_k: 3, d_v: 2, d_out: 1 });
  const renamed = changed((f) => {
    input(f, "W_q").cols = "d_q";
    input(f, "W_k").cols = "d_q";
  });
  assert.deepEqual(sizesOf(lesson, renamed), { d: 2, d_q: 3, d_v: 2, d_out: 1 });
  setSize(lesson, "d_q", 1, renamed);
  assert.deepEqual(lesson.W_q, [[1], [0]]);
  // Given values (V) set d_v, and W_o's rows follow it.
  setSize(lesson, "d_v", 3);
  assert.deepEqual(lesson.W_o, [[1], [2], [0]]);
  assert.deepEqual(lesson.V, [[1, 2, 0]]);
});

test("a draw for one head has its share of the widths the description says heads split", () => {
  const lesson = JSON.parse(fs.readFileSync("lessons/udl-multihead.json", "utf8"));
  assert.deepEqual(sizesOf(lesson), { d: 8, d_k: 8, d_v: 8, d_out: 8 });
  setSize(lesson, "d_k", 6);
  const shapes = (name) => lesson.random[1].draws.filter((d) => d.name === name).map((d) => d.shape);
  assert.deepEqual(shapes("W_q"), [
    [3, 8],
    [3, 8],
  ]);
  assert.deepEqual(shapes("b_k"), [
    [3, 1],
    [3, 1],
  ]);
  assert.deepEqual(sizesOf(lesson).d_k, 6);
  const unsplit = changed((f) => (f.widths.find((w) => w.name === "d_k").split_by_heads = false));
  assert.equal(sizesOf(lesson, unsplit).d_k, 3);
});

test("live values follow the description's axes", () => {
  const lesson = { tokens: ["The", "cat"] };
  const offered = (format) => suggestions(lesson, ["output", "X"], format);
  assert.ok(!offered(FORMAT).includes("{largest output[The]}"));
  // Were the output's columns keys, its largest would be offered by token.
  const outputByKey = changed((f) => (f.axes.output = ["query", "key"]));
  assert.ok(offered(outputByKey).includes("{largest output[The]}"));
  assert.ok(offered(outputByKey).includes("{output[The, cat]:2}"));
  // Were the weights' columns dimensions, no token would name one.
  const weightsByDim = changed((f) => (f.axes.weights = ["query", "dim"]));
  assert.ok(offered(weightsByDim).includes("{weights[The, 0]:2}"));
  assert.ok(!offered(weightsByDim).some((s) => s.startsWith("{largest weights")));
  // X's rows as dimensions: indexed by number; a name the description lacks: nothing.
  const xByDim = changed((f) => {
    f.axes.X = ["dim", "dim"];
    delete f.axes.output;
  });
  assert.ok(offered(xByDim).includes("{X[0, 0]:2}"));
  assert.ok(!offered(xByDim).some((s) => s.includes("output")));
  // A matrix whose columns are its tokens is named token first, as the loader reads it.
  assert.ok(suggestions(lesson, ["K_T"]).includes("{K_T[The, 0]:2}"));
});

test("where a lesson writes an input and the matrices its keys bring are the description's", () => {
  assert.equal(inputPointer("P"), "/positions");
  assert.equal(inputPointer("memory"), "/memory/X");
  assert.equal(inputPointer("W_q"), "/W_q");
  assert.equal(inputPointer("scores"), null);
  assert.deepEqual(keyMatrices({ positions: "sinusoidal", rope: true }), [
    ...FORMAT.matrices_by_key.positions,
    ...FORMAT.matrices_by_key.rope,
  ]);
  assert.deepEqual(keyMatrices({ kv_cache: false, train: null }), []);
  const moved = changed((f) => {
    input(f, "P").key = "where/P";
    f.matrices_by_key.positions = ["P", "waves"];
    f.axes.waves = ["position", "dim"];
  });
  assert.equal(inputPointer("P", moved), "/where/P");
  assert.ok(suggestions({ tokens: ["a"], positions: "sinusoidal" }, [], moved).includes("{waves[0, 0]:2}"));
  // P where the description says it is: resized with the tokens there.
  const lesson = { tokens: ["a"], X: [[1, 2]], where: { P: [[3, 4]] } };
  setTokens(lesson, ["a", "b"], moved);
  assert.deepEqual(lesson.where.P, [
    [3, 4],
    [0, 0],
  ]);
});

test("the ways a prediction asks are the description's kinds, a pick by each of its sides", async () => {
  const { PREDICTION_KINDS, predictionKinds, withKind } = await import("../../../web/editor/activities.js");
  assert.deepEqual(PREDICTION_KINDS, ["pick-largest", "pick-smallest", "choices", "estimate"]);
  const more = changed((f) => {
    f.steps.prediction_kinds.push("rank");
    f.steps.keys.pick.push("median");
  });
  assert.deepEqual(predictionKinds(more), [
    "pick-largest",
    "pick-smallest",
    "pick-median",
    "choices",
    "estimate",
    "rank",
  ]);
  const asked = withKind({ id: "p", ask: "?", pick: { largest: {} }, reveal: "r" }, "estimate", { tokens: ["a", "b"] });
  assert.deepEqual(Object.keys(asked).sort(), ["ask", "estimate", "id", "reveal"]);
});
