// A lesson carried in the page's address (#lesson=, web/page/lesson-link.js),
// packed as attention_lab.link() packs it (gzip, base64url): served and in the
// single file from file:// (as attention_lab.show() opens it), its numbers
// exactly; the loader's one-line error for a bad one; "Copy link" keeps it.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import { execFileSync } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { useBrowser, openPage, itemCentre, clipboardText, DIST, ROOT } from "./browser.mjs";

const env = useBrowser();
const LINK = JSON.parse(fs.readFileSync(path.join(ROOT, "web/lesson-link.json"), "utf8"));
const pack = (lesson) => `#${LINK.key}=${gzipSync(Buffer.from(JSON.stringify(lesson))).toString("base64url")}`;

const LESSON = {
  id: "notebook-test",
  title: "My arrays",
  tokens: ["The", "cat", "sat"],
  X: [
    [0.1, -2.5e-7, 3],
    [1e-5, 0.30000000000000004, -1],
    [2, 0, 0.7151893663724195],
  ],
  W_q: [
    [1, 0.5],
    [0, 1],
    [0.25, -1],
  ],
  W_k: [
    [0.5, 1],
    [1, 0],
    [-0.75, 0.125],
  ],
  W_v: [
    [1, 2],
    [3, 4],
    [5, 6],
  ],
};

// Scaled dot-product attention as numpy computes it (rows per token).
function attention({ X, W_q, W_k, W_v }) {
  const mul = (A, B) => A.map((r) => B[0].map((_, j) => r.reduce((s, v, k) => s + v * B[k][j], 0)));
  const [Q, K, V] = [mul(X, W_q), mul(X, W_k), mul(X, W_v)];
  const weights = Q.map((q) => {
    const s = K.map((k) => q.reduce((a, v, i) => a + v * k[i], 0) / Math.sqrt(q.length));
    const m = Math.max(...s);
    const e = s.map((v) => Math.exp(v - m));
    const sum = e.reduce((a, b) => a + b, 0);
    return e.map((v) => v / sum);
  });
  return mul(weights, V);
}

// python/attention_lab's from_page(), in Debian's python3 (python3-numpy).
function fromPage(text) {
  const code =
    "import json, sys, attention_lab as a\n" +
    "back = a.from_page(sys.stdin.read())\n" +
    "print(json.dumps({k: v.tolist() if hasattr(v, 'tolist') else v for k, v in back.items()}))";
  return execFileSync("/usr/bin/python3", ["-c", code], {
    input: text,
    env: { ...process.env, PYTHONPATH: path.join(ROOT, "python") },
    encoding: "utf8",
  });
}

function matrix(trace, name) {
  for (const step of trace.steps) for (const m of step.matrices) if (m.name === name) return m.data;
  throw new Error(`no ${name} in the trace`);
}

function checkLesson(trace) {
  for (const name of ["X", "W_q", "W_k", "W_v"]) assert.deepEqual(matrix(trace, name), LESSON[name], name);
  const want = attention(LESSON);
  matrix(trace, "output").forEach((row, i) =>
    row.forEach((v, j) =>
      assert.ok(Math.abs(v - want[i][j]) <= 1e-12 * Math.max(1, Math.abs(want[i][j])), `output[${i}][${j}]`),
    ),
  );
}

test("a lesson in the address opens with its numbers exactly, and Copy link keeps it", async () => {
  const hash = pack(LESSON);
  const { page, problems } = await openPage(env.browser, `${env.url}?step=2${hash}`);
  const state = await page.evaluate(() => window.attention.state());
  assert.equal(state.lesson, "notebook-test");
  assert.equal(state.step, 1);
  assert.deepEqual(state.notices, []);
  checkLesson(await page.evaluate(() => window.attention.trace()));

  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.evaluate(() => window.attention.setValue("W_q", 1, 0, 0.125));
  const wanted = await page.evaluate(() => window.attention.trace());
  const snippet = await page.evaluate(() => window.attention.numpy());
  const { x, y } = await itemCentre(page, "Copy link");
  await page.mouse.click(x, y);
  const link = await clipboardText(page, "state=");
  assert.equal(new URL(link).hash, hash, "the lesson stays in the link's fragment");

  // Back in the notebook: attention_lab.from_page() of the snippet and of the link
  // gives the edited numbers, float64 for float64.
  for (const copied of [snippet, link]) {
    const back = JSON.parse(fromPage(copied));
    const edited = LESSON.W_q.map((row) => [...row]);
    edited[1][0] = 0.125;
    assert.deepEqual(back.W_q, edited);
    for (const name of ["X", "W_k", "W_v"]) assert.deepEqual(back[name], LESSON[name], name);
    assert.deepEqual(back.tokens, LESSON.tokens);
  }
  assert.deepEqual(problems, []);
  await page.close();

  const reopened = await openPage(env.browser, link);
  assert.deepEqual(await reopened.page.evaluate(() => window.attention.trace()), wanted);
  assert.deepEqual(reopened.problems, []);
  await reopened.page.close();
});

test("the single file from file:// opens a lesson in its address (as attention_lab.show() does)", async () => {
  const file = pathToFileURL(path.join(DIST, "attention-lab.html")).href;
  const { page, problems } = await openPage(env.browser, file + pack(LESSON));
  const state = await page.evaluate(() => window.attention.state());
  assert.equal(state.lesson, "notebook-test");
  assert.deepEqual(state.notices, []);
  checkLesson(await page.evaluate(() => window.attention.trace()));
  assert.deepEqual(problems, []);
  await page.close();
});

test("a bad lesson, or a damaged or too long link, gives one line and the built-in lesson", async () => {
  const cases = [
    [
      pack({
        ...LESSON,
        W_k: [
          [1, 0],
          [0, 1],
        ],
      }),
      "#lesson: /W_k: W_k (2, 2) does not fit: X·W needs as many rows as X has columns (3)",
    ],
    [
      `#${LINK.key}=bm90IGd6aXA`,
      "The lesson in this link could not be read (it is damaged: not gzip data, or cut short); showing the built-in lessons.",
    ],
    [
      `#${LINK.key}=${"A".repeat(LINK.maxChars + 1)}`,
      `The lesson in this link could not be read (it is ${LINK.maxChars + 1} characters long, the limit is ${LINK.maxChars}); showing the built-in lessons.`,
    ],
  ];
  for (const [hash, notice] of cases) {
    const { page } = await openPage(env.browser, env.url + hash);
    const state = await page.evaluate(() => window.attention.state());
    assert.equal(state.lesson, "the-cat-sat");
    assert.deepEqual(state.notices, [notice]);
    await page.close();
  }
});
