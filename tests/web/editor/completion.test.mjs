// web/editor/completion.js: the live values offered after "{", made from the
// lesson's own matrices and tokens, and where an open brace starts.
import assert from "node:assert/strict";
import { test } from "node:test";
import { openBrace, suggestions } from "../../../web/editor/completion.js";

test("the suggestions name the lesson's tokens and the step's matrices, each once, each valid for its matrix", () => {
  const s = suggestions({ tokens: ["The", "cat", "왕"] }, ["scores", "X"]);
  assert.equal(s[0], "{scores[The, cat]:2}");
  assert.ok(s.includes("{largest weights[왕]}"));
  assert.ok(s.includes("{max weights[The]:2}"));
  assert.ok(s.includes("{scale}") && s.includes("{divisor}"));
  // X's and the output's columns are dimensions: by index, and no "largest" (a column number).
  assert.ok(s.includes("{X[The, 0]:2}") && s.includes("{row output[The]:2}"));
  assert.ok(!s.some((x) => /X\[The, cat\]|output\[The, cat\]|largest (X|output)/.test(x)), s.join(" "));
  assert.equal(new Set(s).size, s.length);
});

test("an open brace is found before the caret; a closed one is not", () => {
  assert.deepEqual(openBrace("It gives {max wei", 17), { at: 9, typed: "{max wei" });
  assert.equal(openBrace("It gives {scale} now", 20), null);
  assert.equal(openBrace("no brace", 8), null);
  assert.deepEqual(openBrace("{a} and {", 9), { at: 8, typed: "{" });
});

test("the matrices a lesson's keys bring are offered where it has them, a memory's tokens along its keys", () => {
  const tokens = ["The", "cat", "sat"];
  const plain = suggestions({ tokens });
  for (const m of ["P", "X_P", "Q_rot", "weights_t", "loss"]) assert.ok(!plain.some((s) => s.includes(`${m}[`)), m);
  const positions = suggestions({ tokens, positions: "sinusoidal" });
  assert.ok(positions.includes("{X_P[The, 0]:2}"));
  assert.ok(positions.includes("{P[0, 0]:2}")); // positions, not tokens, run along P's rows
  assert.ok(suggestions({ tokens, rope: { base: 100 } }).includes("{Q_rot[The, 0]:2}"));
  assert.ok(!suggestions({ tokens, rope: false }).some((s) => s.includes("Q_rot")));
  const cache = suggestions({ tokens, causal: true, kv_cache: true });
  assert.ok(cache.includes("{weights_t[0, 0]:2}") && cache.includes("{K_cache[0, 0]:2}"));
  const train = suggestions({ tokens, train: { target: { weights: [] } } });
  assert.ok(train.includes("{loss[0, 0]:2}") && train.includes("{target[The, cat]:2}"));
  assert.ok(train.includes("{grad_W_q[0, 0]:2}"));
  // Cross-attention: the weights' columns and K's rows are the memory's tokens.
  const memory = suggestions({ tokens, memory: { tokens: ["le", "chat"], X: [[1]] } }, ["K"]);
  assert.ok(memory.includes("{weights[The, le]:2}"), memory.join(" "));
  assert.ok(memory.includes("{K[le, 0]:2}") && memory.includes("{largest K[chat]}") === false);
  assert.ok(memory.includes("{largest weights[sat]}"));
  assert.ok(!memory.some((s) => s.includes("weights[The, cat]")));
});
