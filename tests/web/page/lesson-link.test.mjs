// web/page/lesson-link.js: the lesson a link carries after #lesson=, unpacked
// with DecompressionStream (node has the browser's), within the limits of
// web/lesson-link.json, or why not.
import assert from "node:assert/strict";
import fs from "node:fs";
import { test } from "node:test";
import { gzipSync } from "node:zlib";
import { lessonInLink } from "../../../web/page/lesson-link.js";

const LINK = JSON.parse(fs.readFileSync(new URL("../../../web/lesson-link.json", import.meta.url)));
const pack = (bytes) => `#${LINK.key}=${Buffer.from(gzipSync(bytes)).toString("base64url")}`;
const text = (r) => new TextDecoder().decode(r.bytes);

test("an address without a lesson carries none", () => {
  for (const hash of ["", "#", "#top", "#lessons=x", "#step=2"]) assert.equal(lessonInLink(hash), null, hash);
});

test("a lesson comes back byte for byte, whatever its characters", async () => {
  const lesson = JSON.stringify({ id: "x", title: "Кошка 猫 😀", tokens: ["a"], X: [[0.1, -2.5e-7]] });
  assert.equal(text(await lessonInLink(pack(lesson))), lesson);
  assert.equal(text(await lessonInLink(pack(""))), "");
});

test("too long, not base64url, damaged, cut short or too large unpacked: each says why in a few words", async () => {
  const long = `#${LINK.key}=${"A".repeat(LINK.maxChars + 1)}`;
  assert.deepEqual(await lessonInLink(long), {
    error: `it is ${LINK.maxChars + 1} characters long, the limit is ${LINK.maxChars}`,
  });
  assert.deepEqual(await lessonInLink(`#${LINK.key}=abc+def`), { error: "it is not base64url" });
  assert.deepEqual(await lessonInLink(`#${LINK.key}=bm90IGd6aXA`), {
    error: "it is damaged: not gzip data, or cut short",
  });
  const whole = pack(JSON.stringify({ id: "x", title: "a longer lesson than this", tokens: ["a", "b", "c"] }));
  assert.deepEqual(await lessonInLink(whole.slice(0, -6)), { error: "it is damaged: not gzip data, or cut short" });
  // A small link that unpacks to more than the loader would read: stopped at the limit.
  const bomb = pack(Buffer.alloc(LINK.maxBytes + 1, 32));
  assert.ok(bomb.length < LINK.maxChars, `${bomb.length} characters`);
  assert.deepEqual(await lessonInLink(bomb), { error: `it unpacks to more than ${LINK.maxBytes} bytes, the limit` });
  assert.equal(text(await lessonInLink(pack(Buffer.alloc(LINK.maxBytes, 32)))).length, LINK.maxBytes);
});
