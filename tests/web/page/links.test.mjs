// web/page/links.js: the URL's parameters as the app gets them, and links
// made from what the app says a link needs (the state as base64url).
import assert from "node:assert/strict";
import { test } from "node:test";
import { fromBase64Url, toBase64Url } from "../../../web/page/base64url.js";
import { first, keepLessonHash, linkFor, readParameters } from "../../../web/page/links.js";

test("base64url carries any text there and back, in one unbroken word", () => {
  for (const text of ["", "a", "ab", "abc", '{"X":[[1.5,-2]]}', "注意力 кошка 😀", "?&=/+", "\u0000\uffff"]) {
    const word = toBase64Url(text);
    assert.match(word, /^[A-Za-z0-9_-]*$/, `${JSON.stringify(text)} as ${word}`);
    assert.equal(fromBase64Url(word), text);
  }
  // Bytes whose standard base64 has + and / (and padding): as - and _, without =.
  assert.equal(toBase64Url("\u00fb\u00ff"), "w7vDvw");
  assert.equal(toBase64Url(">>>?"), "Pj4-Pw");
  assert.equal(fromBase64Url("Pj4-Pw"), ">>>?");
});

test("a damaged state is passed on as it came, for the app to say why", () => {
  assert.throws(() => fromBase64Url("w7"), TypeError); // a cut UTF-8 sequence
  const parameters = readParameters("?lesson=the-cat-sat&state=%%%&state=w7");
  assert.deepEqual(parameters, [
    ["lesson", "the-cat-sat"],
    ["state", "%%%"],
    ["state", "w7"],
  ]);
});

test("every parameter, in order, repeats and unknown ones included; the first of a key wins", () => {
  const state = toBase64Url('{"edits":[]}');
  const parameters = readParameters(`?theme=dark&lesson=a&theme=light&x=1&state=${state}&lang=es`);
  assert.deepEqual(parameters, [
    ["theme", "dark"],
    ["lesson", "a"],
    ["theme", "light"],
    ["x", "1"],
    ["state", '{"edits":[]}'],
    ["lang", "es"],
  ]);
  assert.equal(first(parameters, "theme"), "dark");
  assert.equal(first(parameters, "step"), null);
  assert.deepEqual(readParameters(""), []);
});

test("a link is the page's address with the app's parts, its state in base64url, read back the same", () => {
  const parts = { lesson: "she-likes-coffee", step: "3", state: '{"X":[[0.25]]}', lang: "zh-Hans" };
  const link = linkFor(parts, "https://example.org/lab/index.html?old=1#top");
  const url = new URL(link);
  assert.equal(url.origin + url.pathname, "https://example.org/lab/index.html");
  assert.equal(url.hash, "#top");
  assert.equal(url.searchParams.get("old"), null);
  assert.match(url.searchParams.get("state"), /^[A-Za-z0-9_-]+$/);
  assert.deepEqual(Object.fromEntries(readParameters(url.search)), parts);
});

test("a lesson the page's address carried (#lesson=) stays in a link to it, and leaves a link to another", () => {
  const hash = "#lesson=H4sIAAAAAAACA6tWyk5NzClWsgIAGT3yfQ8AAAA";
  keepLessonHash(hash);
  try {
    const href = `https://example.org/lab/?step=2${hash}`;
    const own = new URL(linkFor({ "lesson-in-link": "1", step: "3" }, href));
    assert.equal(own.hash, hash);
    assert.deepEqual(Object.fromEntries(readParameters(own.search)), { step: "3" });
    const other = new URL(linkFor({ lesson: "the-cat-sat", step: "1" }, own.href));
    assert.equal(other.hash, "");
    assert.equal(other.searchParams.get("lesson"), "the-cat-sat");
    // ...and back: the page keeps the lesson's fragment though the address lost it.
    assert.equal(new URL(linkFor({ "lesson-in-link": "1", step: "1" }, other.href)).hash, hash);
  } finally {
    keepLessonHash("");
  }
});
