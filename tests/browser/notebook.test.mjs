// attention_lab.show() and link() from a notebook executed headless
// (tests/python/run_notebook.py: nbclient, Debian's python3-nbclient and
// python3-ipykernel): its HTML outputs, opened in Chromium as a notebook shows
// them, hold the page with each example's numbers, and its trace is numpy's
// own attention of those arrays to the 8 decimals numpy printed; the link
// opens the same. No server: the outputs and the single file from file://.
import { test, before } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { newContext, watch, forgetWorkOnce, openPage, DIST, ROOT } from "./browser.mjs";

const OUT = fs.mkdtempSync(path.join(os.tmpdir(), "attention-notebook-"));
let browser;
let expected;

before(async () => {
  execFileSync(
    "/usr/bin/python3",
    [path.join(ROOT, "tests/python/run_notebook.py"), OUT, path.join(DIST, "attention-lab.html")],
    {
      stdio: ["ignore", "inherit", "inherit"],
      env: { ...process.env, PYDEVD_DISABLE_FILE_VALIDATION: "1" },
    },
  );
  expected = JSON.parse(fs.readFileSync(path.join(OUT, "expected.json"), "utf8"));
  browser = await newContext();
});
test.after(async () => {
  await browser?.close();
  fs.rmSync(OUT, { recursive: true, force: true });
});

function matrix(trace, name) {
  for (const step of trace.steps) for (const m of step.matrices) if (m.name === name) return m.data;
  throw new Error(`no ${name} in the trace`);
}

function checkTrace(trace, want, name) {
  for (const key of ["X", "W_q", "W_k", "W_v", "Q", "K", "V"])
    if (key in want.lesson) assert.deepEqual(matrix(trace, key), want.lesson[key], `${name}: ${key}`);
  assert.deepEqual(
    matrix(trace, "output").map((row) => row.map((v) => v.toFixed(8))),
    want.output,
    `${name}: output as numpy printed it`,
  );
}

// The page in an output's iframe, once it has drawn.
async function pageIn(frame) {
  await frame.waitForFunction(() => window.attention && window.attention.firstFrameMs !== null);
  await frame.evaluate(() => window.attention.ready);
  return frame;
}

test("the executed notebook's outputs show each of the five notebooks' examples in the page, numpy's numbers, the program carried once", async () => {
  const html = fs.readFileSync(path.join(OUT, "outputs.html"), "utf8");
  const size = fs.statSync(path.join(DIST, "attention-lab.html")).size;
  const names = Object.keys(expected); // the five notebooks' examples, in the notebook's order
  assert.equal(names.length, 5);
  assert.ok(html.length < 1.2 * size, `${html.length} characters for five outputs: the page once (${size} bytes)`);
  const page = await browser.newPage();
  const problems = watch(page);
  await page.addInitScript(forgetWorkOnce);
  await page.goto(pathToFileURL(path.join(OUT, "outputs.html")).href);
  await page.waitForFunction(
    () =>
      document.querySelectorAll("iframe").length === 5 &&
      [...document.querySelectorAll("iframe")].every((f) => f.srcdoc.length > 0),
  );
  const frames = page.frames().filter((f) => f !== page.mainFrame());
  assert.equal(frames.length, 5);
  const widths = await page.evaluate(() =>
    [...document.querySelectorAll("iframe")].map((f) => f.getBoundingClientRect().width),
  );
  assert.deepEqual(widths, [900, 900, 900, 900, 900], "as wide as the cell");
  for (const [i, name] of names.entries()) {
    const frame = frames[i];
    // A page out of view rests until it is scrolled to, as in a notebook.
    await (await frame.frameElement()).scrollIntoViewIfNeeded();
    await pageIn(frame);
    const state = await frame.evaluate(() => window.attention.state());
    assert.equal(state.lesson, expected[name].lesson.id, name);
    assert.deepEqual(state.notices, [], name);
    checkTrace(await frame.evaluate(() => window.attention.trace()), expected[name], name);
  }
  assert.deepEqual(problems, []);
  await page.close();
});

test("the notebook's link opens the same numbers", async () => {
  const want = expected["she-likes-coffee"];
  assert.match(want.link, /^file:.*attention-lab\.html#lesson=[A-Za-z0-9_-]+$/);
  const { page, problems } = await openPage(browser, want.link);
  assert.equal((await page.evaluate(() => window.attention.state())).lesson, want.lesson.id);
  checkTrace(await page.evaluate(() => window.attention.trace()), want, "link");
  assert.deepEqual(problems, []);
  await page.close();
});
