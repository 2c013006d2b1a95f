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
