// web/page/languages.js: the page's choice of language, before the app runs,
// against the cases the app is checked against too (tests/core/language-choice.json).
import assert from "node:assert/strict";
import fs from "node:fs";
import { test } from "node:test";
import { chooseLanguage, findLanguage } from "../../../web/page/languages.js";

const cases = JSON.parse(fs.readFileSync(new URL("../../core/language-choice.json", import.meta.url), "utf8"));

test("every tag finds the shipped language the app finds, or none", () => {
  for (const [tag, code] of cases.tags) assert.equal(findLanguage(tag), code, `the tag ${JSON.stringify(tag)}`);
});

test("every start chooses the language the app shows", () => {
  for (const s of cases.starts)
    assert.equal(chooseLanguage(s.parameters, s.saved, s.languages), s.shown, JSON.stringify(s));
});

test("anything that is not a tag finds nothing, and no input at all is English", () => {
  for (const junk of [undefined, null, 42, {}, "__proto__", "constructor"]) assert.equal(findLanguage(junk), null);
  assert.equal(chooseLanguage([], "", []), "en");
  assert.equal(chooseLanguage([], undefined, [undefined, "ko"]), "ko");
});
