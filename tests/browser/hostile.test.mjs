// Bad input in the browser: every malformed lesson gives its line and keeps
// the current lesson; markup from lessons and links stays text; a long random
// session neither errs nor grows the WebAssembly heap.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { useBrowser, openPage, newContext, watch, itemCentre, injectable, DIST, ROOT } from "./browser.mjs";

// At the embed size, 800×500: a software-GL frame costs half one at 1280×800,
// and the random session draws over a thousand of them.
const env = useBrowser(
  { viewport: { width: 800, height: 500 } },
  { mounts: { "/fixtures/": path.join(ROOT, "tests/fixtures") } },
);
const corpus = fs
  .readFileSync(path.join(ROOT, "tests/malformed/expected.tsv"), "utf8")
  .split("\n")
  .filter((l) => l && !l.startsWith("#"))
  .map((l) => l.split("\t"));

test(`each of the ${corpus.length} malformed lessons: its error to the caller, and the lesson before it stays usable`, async () => {
  const { page, problems } = await openPage(env.browser, `${env.url}?lesson=she-likes-coffee&step=3`);
  for (const [file, expected] of corpus) {
    const bytes = fs.readFileSync(path.join(ROOT, "tests/malformed", file));
    // As a page reads a file: its bytes, undecoded.
    const result = await page.evaluate(
      async ({ bytes, name }) => {
        let error = null;
        const before = (await window.attention.state()).notices;
        try {
          await window.attention.loadLesson(new Uint8Array(bytes), name);
        } catch (e) {
          error = e.message;
        }
        const state = await window.attention.state();
        return {
          error,
          lesson: state.lesson,
          step: state.step,
          noticesKept: JSON.stringify(state.notices) === JSON.stringify(before),
        };
      },
      { bytes: [...bytes], name: file },
    );
    assert.equal(result.lesson, "she-likes-coffee", file);
    assert.equal(result.step, 2, file);
    assert.ok(result.error && result.error.startsWith(`${file}: `), `${file}: ${result.error}`);
    // The caller has the error; the canvas gains no notice of a file the learner did not open.
    assert.ok(result.noticesKept, `${file}: no notice for an API caller's file`);
    assert.equal(result.error, `${file}: ${expected}`);
  }
  // Strings far larger than the module's stack (ccall would put them there).
  const huge = await page.evaluate(async () => {
    const errors = [];
    for (const f of [
      () => window.attention.loadLesson("x".repeat(3e6), "huge.json"),
      () => window.attention.setLesson("x".repeat(3e6)),
    ]) {
      try {
        await f();
      } catch (e) {
        errors.push(e.message.slice(0, 60));
      }
    }
    return errors;
  });
  assert.equal(huge.length, 2);
  assert.match(huge[0], /^huge\.json: file is 3000000 bytes/);
  assert.match(huge[1], /^Unknown lesson "xxx/);
  // Still usable: steps and edits work.
  await page.evaluate(async () => {
    await window.attention.setStep(4);
    await window.attention.setValue("X", 0, 0, 2);
  });
  assert.equal(await page.evaluate(async () => (await window.attention.state()).edited), true);
  assert.deepEqual(problems, []);
  await page.close();
});

async function assertNothingRan(page, elementsBefore) {
  assert.equal(await page.evaluate(() => window.__pwned), undefined, "an injected handler ran");
  assert.equal(await page.evaluate(injectable), elementsBefore, "markup from a lesson became elements");
}

test("markup in a lesson file and in link parameters is shown as text and never runs", async () => {
  const { page, problems } = await openPage(env.browser, `${env.url}?lesson-url=fixtures/markup-lesson.json&step=1`);
  const scripts = await page.evaluate(injectable);
  await page.evaluate(() => window.attention.showTextView());
  const text = await page.textContent("#text-view");
  assert.match(text, /<iframe src=javascript:window\.__pwned=7>/);
  assert.match(text, /<img src=x onerror=window\.__pwned=4>/);
  assert.match(text, /&lt;entity&gt; and <u>markup<\/u> are shown as written/);
  await page.mouse.move(300, 300); // hover, in case a handler waits for it
  await assertNothingRan(page, scripts);
  const trace = await page.evaluate(() => window.attention.trace());
  assert.equal(trace.title, '<img src=x onerror="window.__pwned=1"> <script>window.__pwned=2</script>');
  assert.deepEqual(problems, []);
  await page.close();

  const link = await openPage(
    env.browser,
    `${env.url}?lesson=%3Cimg%20src%3Dx%20onerror%3Dwindow.__pwned%3D9%3E&theme=%3Cscript%3Ewindow.__pwned%3D10%3C%2Fscript%3E`,
  );
  await link.page.evaluate(() => window.attention.showTextView());
  await assertNothingRan(link.page, scripts);
  assert.ok((await link.page.evaluate(async () => (await window.attention.state()).notices)).length >= 2);
  await link.page.close();
});

test("in the single file, where no CSP would stop inline handlers, markup still stays text", async () => {
  const browser = await newContext();
  try {
    const page = await browser.newPage();
    const problems = watch(page);
    await page.goto("file://" + path.join(DIST, "attention-lab.html"));
    await page.evaluate(() => window.attention.ready);
    const scripts = await page.evaluate(injectable);
    assert.ok(scripts >= 1, "the single file's own inline script");
    const lesson = fs.readFileSync(path.join(ROOT, "tests/fixtures/markup-lesson.json"), "utf8");
    await page.evaluate((text) => window.attention.loadLesson(text, "markup-lesson.json"), lesson);
    await page.evaluate(() => window.attention.showTextView());
    await page.click("#text-view-next");
    await page.mouse.move(200, 200);
    await assertNothingRan(page, scripts);
    assert.match(await page.textContent("#text-view"), /<\/td><\/tr><\/table><img src=y onerror=window\.__pwned=5>/);
    assert.deepEqual(problems, []);
  } finally {
    await browser.close();
  }
});

test("1,000 random interactions by mouse and API: no page error, the heap does not grow", async () => {
  // A small embed-sized window: software GL redraws it quickly, so the bounded
  // number of interactions finishes in reasonable time on a slow machine.
  const { page, problems } = await openPage(env.browser, env.url);
  await page.setViewportSize({ width: 640, height: 400 });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  let seed = 12345;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const box = await page.locator("#canvas").boundingBox();
  const lessons = await page.evaluate(() => window.attention.lessons());
  const values = [0, 1, -2.5, 1e300, -1e300, 1e-300, NaN, Infinity, 42];
  async function interact() {
    const r = random();
    if (r < 0.4) {
      await page.mouse.move(box.x + random() * box.width, box.y + random() * box.height);
    } else if (r < 0.55) {
      const x = box.x + random() * box.width,
        y = box.y + random() * box.height;
      await page.mouse.move(x, y);
      await page.mouse.down();
      await page.mouse.move(x + (random() - 0.5) * 80, y, { steps: 3 });
      await page.mouse.up();
    } else if (r < 0.62) {
      await page.mouse.wheel(0, (random() - 0.5) * 400);
    } else if (r < 0.68) {
      await page.keyboard.press(["ArrowLeft", "ArrowRight", "Home", "End", "Tab"][Math.floor(random() * 5)]);
    } else {
      await page.evaluate(
        async ({ op, lesson, step, row, col, value }) => {
          const a = window.attention;
          try {
            if (op === 0) await a.setLesson(lesson);
            else if (op === 1) await a.setStep(step);
            else if (op === 2) {
              const editable = (await a.trace()).steps
                .flatMap((s) => s.matrices)
                .map((m) => m.name)
                .filter((n) => /^(\w+\/)?(X|W_.|b_.|Q|K|V|weights)$/.test(n));
              await a.setValue(editable[row % editable.length] || "X", row % 5, col % 5, value);
            } else if (op === 3) await a.reset();
            else if (op === 4) await a.setTheme(step % 2 ? "dark" : "light");
            else await a.trace();
          } catch (e) {
            if (!/no step|outside|not a finite|no matrix|computed/.test(e.message)) throw e;
          }
        },
        {
          op: Math.floor(random() * 6),
          lesson: lessons[Math.floor(random() * lessons.length)],
          step: Math.floor(random() * 10) - 1,
          row: Math.floor(random() * 64),
          col: Math.floor(random() * 64),
          value: values[Math.floor(random() * values.length)],
        },
      );
    }
  }
  for (let i = 0; i < 300; ++i) await interact(); // warm-up: every lesson opened, buffers at their peak
  const heap = await page.evaluate(() => window.attention.testing.heapBytes());
  const started = Date.now();
  for (let i = 0; i < 1000; ++i) await interact();
  console.log(`# 1,000 interactions in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  assert.equal(await page.evaluate(() => window.attention.testing.heapBytes()), heap, "the WebAssembly heap grew");
  const trace = await page.evaluate(() => window.attention.trace());
  for (const w of trace.result.weights) for (const row of w) for (const v of row) assert.ok(Number.isFinite(v));
  assert.deepEqual(problems, []);
  await page.close();
});
