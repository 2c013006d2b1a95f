// State in the URL: lesson, step, theme, embed, shared links, lesson files,
// and at least 30 malformed links that must open with defaults and a notice.
import { test } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { newContext, useBrowser, openPage, itemCentre, clipboardText, ROOT } from "./browser.mjs";

const env = useBrowser({}, { mounts: { "/fixtures/": path.join(ROOT, "tests/fixtures") } });

async function open(query) {
  const { page, problems } = await openPage(env.browser, env.url + query);
  const state = await page.evaluate(() => window.attention.state());
  return { page, problems, state };
}

test("?lesson=ID&step=N&theme=dark&embed=1 opens there", async () => {
  const { page, problems, state } = await open("?lesson=udl-multihead&step=4&theme=dark&embed=1");
  assert.equal(state.lesson, "udl-multihead");
  assert.equal(state.step, 3);
  assert.equal(state.theme, "dark");
  assert.deepEqual(state.notices, []);
  // Embedded: no lesson picker.
  await page.evaluate(() => window.attention.testing.enableItems());
  await page.waitForTimeout(300);
  assert.equal((await page.evaluate(() => window.attention.testing.items()))["##lesson"], undefined);
  assert.deepEqual(problems, []);
  await page.close();
});

test("Copy link puts the full state in the URL, and the link reopens exactly that", async () => {
  const { page, problems } = await open("?lesson=the-cat-sat");
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.evaluate(() => {
    const a = window.attention;
    a.setValue("W_q", 1, 2, 0.125);
    a.setValue("X", 2, 0, -3.5);
    a.setStep(3);
  });
  const wanted = await page.evaluate(() => window.attention.trace());
  const { x, y } = await itemCentre(page, "Copy link");
  await page.mouse.click(x, y);
  const link = await clipboardText(page, "state=");
  assert.equal(link, await page.evaluate(() => window.location.href), "the address bar shows it too");
  assert.deepEqual(problems, []);
  await page.close();

  const reopened = await openPage(env.browser, link);
  const got = await reopened.page.evaluate(async () => ({
    trace: await window.attention.trace(),
    state: await window.attention.state(),
  }));
  assert.deepEqual(got.trace, wanted);
  assert.equal(got.state.step, 3);
  assert.equal(got.state.edited, true);
  assert.deepEqual(reopened.problems, []);
  await reopened.page.close();
});

test("?lesson-url loads an instructor's lesson from beside the page", async () => {
  const { page, problems, state } = await open("?lesson-url=fixtures/instructor-lesson.json&step=3");
  assert.equal(state.lesson, "two-words");
  assert.equal(state.step, 2);
  assert.equal(state.builtin, false);
  assert.deepEqual(state.notices, []);
  assert.deepEqual(problems, []);
  await page.close();
});

test("a broken lesson file gives its one-line error and the built-in lesson stays", async () => {
  const { page, state } = await open("?lesson-url=fixtures/broken-lesson.json");
  assert.equal(state.lesson, "the-cat-sat");
  assert.deepEqual(state.notices, [
    "fixtures/broken-lesson.json: /X/1: row has 1 number, expected 2 like row 0 (rows must have equal length)",
  ]);
  await page.close();
});

// Malformed links, end to end: what crosses the border from the page's
// address to the app (markup, NUL, an emoji, bad percent-encoding, huge values,
// repeats, lesson-url's origins) and one of each key the app judges. The rest
// of the values the app judges are in tests/app/app_test.cpp ("start:
// malformed values ..."), without a page load each.
const malformed = [
  "?lesson=%3Cimg%20src%3Dx%3E",
  "?lesson=" + "a".repeat(5000),
  "?step=%00",
  "?step=%F0%9F%98%80",
  "?theme=purple",
  "?embed=yes",
  "?state=!!!!",
  "?state=" + "A".repeat(70000),
  "?lesson-url=https://evil.example/lesson.json",
  "?lesson-url=//evil.example/x.json",
  "?lesson-url=fixtures/missing.json",
  "?lesson-url=javascript:alert(1)",
  "?lesson=the-cat-sat&lesson=i-am-batman&step=2&step=x",
  "?" + "x=1&".repeat(30000),
  "?%E0%A4%A=1",
];

test(`${malformed.length} malformed links open with defaults and a visible notice, never an error`, async () => {
  assert.ok(malformed.length >= 15);
  const context = await newContext();
  try {
    for (const query of malformed) {
      const page = await context.newPage();
      const errors = [];
      page.on("pageerror", (e) => errors.push(e.message));
      page.on("console", (m) => {
        if (m.type() === "error" && !/Failed to load resource/.test(m.text())) errors.push(m.text());
      });
      await page.goto(env.url + query);
      await page.waitForFunction(() => window.attention && window.attention.firstFrameMs !== null);
      await page.evaluate(() => window.attention.ready);
      const state = await page.evaluate(() => window.attention.state());
      assert.ok(state.notices.length > 0, `${query.slice(0, 60)}: no notice`);
      assert.ok(state.steps > 0);
      assert.deepEqual(errors, [], query.slice(0, 60));
      await page.close();
    }
  } finally {
    await context.close();
  }
});
