// web/page/saved-work.js: the storage format of the learner's work
// (docs/embedding.md: keys attention-lab:v1:work:LESSON, :last, :language).
import assert from "node:assert/strict";
import { test } from "node:test";
import { MemoryStorage } from "../memory-storage.mjs";
import { STORE, readSavedWork, writeSavedWork } from "../../../web/page/saved-work.js";

test("the keys are the documented ones, per lesson, under one versioned prefix", () => {
  assert.equal(STORE, "attention-lab:v1:");
  const s = new MemoryStorage();
  writeSavedWork(s, { lesson: "the-cat-sat", work: '{"step":2}', language: "es" });
  writeSavedWork(s, { lesson: "i-am-batman", work: '{"step":0}', language: "es" });
  assert.deepEqual(Object.fromEntries([...Array(s.length)].map((_, i) => [s.key(i), s.getItem(s.key(i))])), {
    "attention-lab:v1:work:the-cat-sat": '{"step":2}',
    "attention-lab:v1:work:i-am-batman": '{"step":0}',
    "attention-lab:v1:last": "i-am-batman",
    "attention-lab:v1:language": "es",
  });
});

test("what was written is read back as the app's start takes it", () => {
  const s = new MemoryStorage();
  writeSavedWork(s, { lesson: "a", work: "work of a", language: "ko" });
  writeSavedWork(s, { lesson: "b_2", work: "work of b", language: "ko" });
  s.setItem("someone-else:work:c", "not ours");
  s.setItem("attention-lab:v2:work:d", "another version's");
  assert.deepEqual(readSavedWork(s), {
    lessons: { a: "work of a", b_2: "work of b" },
    last: "b_2",
    language: "ko",
  });
});

test("no work (a lesson started over) removes its key; the lesson stays the last one", () => {
  const s = new MemoryStorage();
  writeSavedWork(s, { lesson: "a", work: "old", language: "en" });
  writeSavedWork(s, { lesson: "a", work: null, language: "en" });
  assert.deepEqual(readSavedWork(s), { lessons: {}, last: "a", language: "en" });
});

test("no storage, an empty one, or one that throws: no work, and no failure", () => {
  assert.deepEqual(readSavedWork(null), { lessons: {} });
  assert.deepEqual(readSavedWork(new MemoryStorage()), { lessons: {}, last: "", language: "" });
  const blocked = {
    get length() {
      throw new Error("SecurityError");
    },
  };
  const info = console.info;
  console.info = () => {};
  try {
    assert.deepEqual(readSavedWork(blocked), { lessons: {} });
  } finally {
    console.info = info;
  }
});
