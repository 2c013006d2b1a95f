// web/editor/sentences.js: a step's text and a prediction's reveal as
// sentences, without a browser: where each sentence's words and condition
// live (the pointers the loader's errors name), and the list after each
// action, a single sentence staying a string so a file saved unchanged is
// the same file.
import assert from "node:assert/strict";
import { test } from "node:test";
import { editSentences, sentenceFields, sentencePointers, sentencesOf } from "../../../web/editor/sentences.js";
import { form, pointersUnder } from "./form-parts.mjs";

const lesson = { tokens: ["The", "cat", "sat"] };
const when = { largest: { of: "weights", query: "The" }, is: "cat" };

test("a text is its sentences: a string one, a list its items, nothing none", () => {
  assert.deepEqual(sentencesOf("One."), ["One."]);
  assert.deepEqual(sentencesOf(["One.", { text: "Two.", when }]), ["One.", { text: "Two.", when }]);
  assert.deepEqual(sentencesOf(undefined), []);
});

test("each sentence's words and condition are where the loader names them", () => {
  assert.deepEqual(sentencePointers("/steps/2/text", "One.", 0), { text: "/steps/2/text", when: null });
  assert.deepEqual(sentencePointers("/steps/2/text", undefined, 0), { text: "/steps/2/text", when: null });
  const list = ["One.", { text: "Two.", when }];
  assert.deepEqual(sentencePointers("/steps/2/text", list, 0), { text: "/steps/2/text/0", when: null });
  assert.deepEqual(sentencePointers("/steps/2/text", list, 1), {
    text: "/steps/2/text/1/text",
    when: "/steps/2/text/1/when",
  });
});

test("sentences added, conditioned, freed and removed", () => {
  assert.deepEqual(editSentences("One.", "sentence-add", 1, lesson), ["One.", ""]);
  assert.deepEqual(editSentences(undefined, "sentence-add", 0, lesson), [""]);
  // The condition offered reads the lesson's own tokens.
  assert.deepEqual(editSentences("One.", "sentence-when", 0, lesson), [{ text: "One.", when }]);
  assert.deepEqual(editSentences(["One.", { text: "Two.", when }], "sentence-always", 1, lesson), ["One.", "Two."]);
  assert.deepEqual(editSentences(["One.", "Two."], "sentence-remove", 0, lesson), ["Two."]);
  assert.equal(editSentences(["One."], "sentence-remove", 0, lesson), undefined);
  // The list given is left as it was (the undo history holds it).
  const given = ["One."];
  editSentences(given, "sentence-add", 1, lesson);
  assert.deepEqual(given, ["One."]);
  assert.throws(() => editSentences("One.", "sentence-shout", 0, lesson), /not a sentence action/);
});

test("a sentence's condition of the simple shape is fields at its pointers; any other a JSON box", () => {
  const value = ["always", { text: "sometimes", when }];
  const simple = pointersUnder(sentenceFields("Text", "/steps/0/text", value, form, { lesson }));
  for (const at of ["/steps/0/text/1/when", "/steps/0/text/1/when/largest/query", "/steps/0/text/1/when/is"])
    assert.ok(simple.includes(at), at);
  const asJson = new Set(["/steps/0/text/1/when"]);
  const boxed = pointersUnder(sentenceFields("Text", "/steps/0/text", value, form, { lesson, asJson }));
  assert.deepEqual(
    boxed.filter((p) => p.startsWith("/steps/0/text/1/when")),
    ["/steps/0/text/1/when"],
  );
});
