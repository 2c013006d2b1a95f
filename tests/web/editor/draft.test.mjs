// web/editor/draft.js: the lesson editor's draft without a browser: JSON
// pointers as the loader names places, the field an error belongs to, tokens
// added and removed with the inputs that follow them, undo, and the draft in
// storage (a damaged one set aside, not lost).
import assert from "node:assert/strict";
import { test } from "node:test";
import { MemoryStorage } from "../memory-storage.mjs";
import {
  DAMAGED_PREFIX,
  DRAFT_KEY,
  History,
  blankLesson,
  fieldFor,
  getAt,
  lessonText,
  parseMatrix,
  pointerOf,
  readDraft,
  setAt,
  setMemoryTokens,
  setSize,
  setTokens,
  sizesOf,
  writeDraft,
  typeDraws,
  drawInput,
} from "../../../web/editor/draft.js";

// Two tokens given directly: X (2, 2) and W_q (2, 2), fresh each time.
const twoTokens = () => ({
  X: [
    [1, 2],
    [3, 4],
  ],
  W_q: [
    [1, 0],
    [0, 1],
  ],
});

test("JSON pointers read and write the places the loader names, ~ and / escaped", () => {
  const lesson = { steps: [{ title: "a" }], names: { "a/b": 1, "c~d": 2 } };
  assert.equal(getAt(lesson, "/steps/0/title"), "a");
  assert.equal(getAt(lesson, "/names/a~1b"), 1);
  assert.equal(getAt(lesson, "/names/c~0d"), 2);
  assert.equal(getAt(lesson, "/steps/3/title"), undefined);
  assert.equal(pointerOf(["names", "a/b"]), "/names/a~1b");
  setAt(lesson, "/steps/0/formula", "x");
  setAt(lesson, "/names/c~0d", undefined);
  setAt(lesson, "/variants/0", { id: "v" });
  assert.deepEqual(lesson, {
    steps: [{ title: "a", formula: "x" }],
    names: { "a/b": 1 },
    variants: { 0: { id: "v" } },
  });
});

test("an error goes to its own field, else to the nearest field holding its place", () => {
  const fields = ["", "/title", "/X", "/steps/1/text", "/tokens/0"];
  assert.equal(fieldFor("/title", fields), "/title");
  assert.equal(fieldFor("/X/2/1", fields), "/X");
  assert.equal(fieldFor("/steps/1/text/0", fields), "/steps/1/text");
  assert.equal(fieldFor("/steps/1/predict", fields), ""); // no field of its own: the lesson file's text
  assert.equal(fieldFor("/titles", fields), "");
  assert.equal(fieldFor("/tokens", ["/tokens/0"]), null);
});

test("adding and removing tokens resizes the inputs that have one row per token", () => {
  const lesson = blankLesson();
  setTokens(lesson, ["The", "cat", "sat", "down"]);
  assert.deepEqual(lesson.random[0].draws[0].shape, [4, 4]);
  assert.deepEqual(lesson.random[1].draws[0].shape, [4, 4]); // W_q is (d, d_k): unchanged
  const given = {
    tokens: ["a", "b"],
    ...twoTokens(),
  };
  setTokens(given, ["a", "b", "c"]);
  assert.deepEqual(given.X, [
    [1, 2],
    [3, 4],
    [0, 0],
  ]);
  assert.deepEqual(given.W_q, [
    [1, 0],
    [0, 1],
  ]);
  setTokens(given, ["a"]);
  assert.deepEqual(given.X, [[1, 2]]);
  const columns = {
    tokens: ["a", "b"],
    layout: "columns",
    X: [
      [1, 2],
      [3, 4],
      [5, 6],
    ],
  };
  setTokens(columns, ["a", "b", "c"]);
  assert.deepEqual(columns.X, [
    [1, 2, 0],
    [3, 4, 0],
    [5, 6, 0],
  ]);
  const weights = {
    tokens: ["a", "b"],
    weights: [
      [0.5, 0.5],
      [0.25, 0.75],
    ],
  };
  setTokens(weights, ["a", "b", "c"]);
  assert.equal(weights.weights.length, 3);
  assert.deepEqual(weights.weights[0].slice(0, 2), [0.5, 0.5]);
});

test("a typed matrix: rows by lines, numbers by commas or spaces, a minus sign too; errors say where", () => {
  assert.deepEqual(parseMatrix("1, 2\n3 4\n\n−5;6"), {
    matrix: [
      [1, 2],
      [3, 4],
      [-5, 6],
    ],
  });
  assert.deepEqual(parseMatrix("1, x"), { error: 'Row 1: "x" is not a number.' });
  assert.deepEqual(parseMatrix("1, 2\n3"), { error: "Row 2 is not as long as row 1: 1 against 2." });
  assert.deepEqual(parseMatrix("  "), { error: "No numbers: write one row per line." });
  // A decimal comma: the issue named, not the lengths it led to.
  assert.deepEqual(parseMatrix("0.5 1 2\n0,5 1 2"), {
    error: 'Row 2: "0,5" has a decimal comma. Write decimals with a point (0.5): commas and spaces separate numbers.',
  });
  assert.deepEqual(parseMatrix("1,2,3\n4,5,6"), {
    matrix: [
      [1, 2, 3],
      [4, 5, 6],
    ],
  }); // commas between numbers
});

test("undo and redo walk the drafts; typing in one field is one step", () => {
  const h = new History("a");
  h.change("ab", "/title", 0);
  h.change("abc", "/title", 100); // the same word being typed
  h.change("abcd", "/source", 200);
  assert.equal(h.undo(), "abc");
  assert.equal(h.undo(), "a");
  assert.equal(h.undo(), null);
  assert.equal(h.redo(), "abc");
  h.change("x", "/title", 5000);
  assert.equal(h.canRedo, false);
  const bounded = new History("0", 3);
  for (let i = 1; i <= 10; ++i) bounded.change(String(i), null, i * 1000);
  assert.equal(bounded.past.length, 3);
});

test("the draft in storage is read back; a damaged one is set aside under its own key, once", () => {
  const s = new MemoryStorage();
  assert.deepEqual(readDraft(s), { text: null });
  const text = lessonText(blankLesson());
  assert.equal(writeDraft(s, text), true);
  assert.deepEqual(readDraft(s), { text });
  s.setItem(DRAFT_KEY, '{"version": 1, "text": "{not json');
  const damaged = readDraft(s, 1234);
  assert.deepEqual(damaged, { text: null, damaged: `${DAMAGED_PREFIX}1234` });
  assert.equal(s.getItem(`${DAMAGED_PREFIX}1234`), '{"version": 1, "text": "{not json');
  assert.equal(s.getItem(DRAFT_KEY), null);
  assert.deepEqual(readDraft(s), { text: null }); // said once
  assert.deepEqual(readDraft(null), { text: null }); // storage blocked
});

test("a lesson file round-trips: what is read is written back equal, as JSON", () => {
  const file = '{"id":"x","title":"T","tokens":["a"],"Q":[[1e-7,0.1]],"K":[[2,3]],"_note":"kept"}';
  assert.deepEqual(JSON.parse(lessonText(JSON.parse(file))), JSON.parse(file));
});

test("widths: read from the inputs, and changed in every input that has them, by layout", () => {
  const lesson = blankLesson();
  assert.deepEqual(sizesOf(lesson), { d: 4, d_k: 4, d_v: 4 });
  setSize(lesson, "d_k", 2);
  assert.deepEqual(
    lesson.random[1].draws.map((d) => d.shape),
    [
      [4, 2],
      [4, 2],
      [4, 4],
    ],
  );
  setSize(lesson, "d", 3);
  assert.deepEqual(lesson.random[0].draws[0].shape, [3, 3]);
  assert.deepEqual(sizesOf(lesson), { d: 3, d_k: 2, d_v: 4 });
  const columns = {
    layout: "columns",
    tokens: ["a", "b"],
    ...twoTokens(),
    b_q: [[0], [1]],
  };
  setSize(columns, "d_k", 3);
  assert.deepEqual(columns.W_q, [
    [1, 0],
    [0, 1],
    [0, 0],
  ]);
  assert.deepEqual(columns.b_q, [[0], [1], [0]]);
  const flat = {
    tokens: ["a"],
    X: [[1, 2]],
    W_q: [
      [1, 0],
      [0, 1],
    ],
    b_q: [5, 6],
  };
  setSize(flat, "d_k", 1);
  assert.deepEqual(flat.W_q, [[1], [0]]);
  assert.deepEqual(flat.b_q, [5]);
});

test("given positions and a memory's X are reshaped where the lesson writes them", () => {
  const lesson = {
    tokens: ["The", "cat"],
    X: [
      [1, 2],
      [3, 4],
    ],
    W_q: [
      [1, 0],
      [0, 1],
    ],
    positions: [
      [0.5, 0.5],
      [0.25, 0.25],
    ],
    memory: { tokens: ["le"], X: [[7, 8]] },
  };
  // The memory's count is its tokens', not a width to set.
  assert.deepEqual(sizesOf(lesson), { d: 2, d_k: 2 });
  setTokens(lesson, ["The", "cat", "sat"]);
  assert.deepEqual(lesson.positions, [
    [0.5, 0.5],
    [0.25, 0.25],
    [0, 0],
  ]);
  assert.deepEqual(lesson.memory.X, [[7, 8]]); // the memory's rows are its own tokens'
  setMemoryTokens(lesson, ["le", "chat"]);
  assert.deepEqual(lesson.memory, {
    tokens: ["le", "chat"],
    X: [
      [7, 8],
      [0, 0],
    ],
  });
  setSize(lesson, "d", 3);
  assert.deepEqual(lesson.positions[0], [0.5, 0.5, 0]);
  assert.deepEqual(lesson.memory.X[0], [7, 8, 0]);
  // Sinusoidal positions are a word: nothing to reshape.
  const words = { tokens: ["a"], X: [[1]], W_q: [[1]], positions: "sinusoidal" };
  setTokens(words, ["a", "b"]);
  assert.equal(words.positions, "sinusoidal");
});

test("an input switched from drawn to typed keeps the numbers drawn, and back to drawn keeps its shape", () => {
  const lesson = blankLesson();
  const x = [
    [0.1, 0.2, 0.3, 0.4],
    [0.5, 0.6, 0.7, 0.8],
    [0.9, 1.0, 1.1, 1.2],
  ];
  assert.equal(typeDraws(lesson, 0, { X: x }), "");
  assert.deepEqual(lesson.X, x);
  assert.ok(
    lesson.random.every((g) => g.draws.every((d) => d.name !== "X")),
    "X is no longer drawn",
  );
  assert.equal(drawInput(lesson, "X"), "");
  assert.equal(lesson.X, undefined);
  assert.deepEqual(lesson.random.at(-1), { seed: 0, draws: [{ name: "X", fn: "normal", shape: [3, 4] }] });
  // Whatever cannot be switched is said, and nothing changes.
  const before = JSON.stringify(lesson);
  assert.equal(typeDraws(lesson, 9, {}), "There is no such group of random draws.");
  assert.equal(drawInput(lesson, "W_o"), "W_o is not typed in.");
  assert.equal(JSON.stringify(lesson), before);
  // The last group typed in: no empty "random" left behind.
  const one = { tokens: ["a"], random: [{ seed: 1, draws: [{ name: "X", fn: "rand", shape: [1, 2] }] }] };
  assert.equal(typeDraws(one, 0, { X: [[0.5, 0.25]] }), "");
  assert.deepEqual(one, { tokens: ["a"], X: [[0.5, 0.25]] });
});
