// The served page renders in Chromium: window.attention.ready resolves after
// the first drawn frame, the canvas is not blank, and nothing errs.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { customSection, SECTION } from "../../scripts/program_files.mjs";
import {
  built,
  useBrowser,
  openPage,
  newContext,
  watch,
  distinctColours,
  saveArtifact,
  DIST,
  ROOT,
} from "./browser.mjs";

const env = useBrowser();

test("the page draws its first frame and the canvas is not blank", async () => {
  const { page, problems } = await openPage(env.browser, env.url);
  const state = await page.evaluate(async () => {
    await window.attention.ready;
    return window.attention.state();
  });
  assert.equal(state.lesson, "the-cat-sat");
  assert.ok((await page.evaluate(() => window.attention.firstFrameMs)) > 0);
  const shot = await page.locator("#canvas").screenshot();
  saveArtifact("page.png", shot);
  assert.ok(distinctColours(shot) > 20, "the canvas is a single colour");
  assert.equal(await page.locator("#loading").isHidden(), true);
  assert.deepEqual(problems, []);
});

// The program's files are named by its build (scripts/dist_files.mjs):
// attention.js and the wasm, which index.html preloads, and the wasm's second
// part (fetched after the first frame, tests/browser/program-parts.test.mjs).
// Each is fetched once, and each wasm compiled from the response as it
// downloads (compileStreaming), then instantiated.
test("the program's files are named by their build, fetched once each, each wasm compiled as it downloads", async () => {
  const { js, wasm, deferred } = built();
  assert.match(js, /^attention\.[0-9a-f]{12}\.js$/);
  assert.equal(wasm, js.replace(/js$/, "wasm"), "one build id names both");
  assert.equal(deferred, wasm.replace(/^attention\./, "attention-deferred."), "and the second part");
  const context = await newContext();
  try {
    const page = await context.newPage();
    await page.addInitScript(() => {
      window.compiled = [];
      const compileStreaming = WebAssembly.compileStreaming;
      WebAssembly.compileStreaming = (source) => {
        window.compiled.push("streaming");
        return compileStreaming(source);
      };
      const compile = WebAssembly.compile;
      WebAssembly.compile = (bytes) => {
        window.compiled.push("from bytes");
        return compile(bytes);
      };
    });
    const problems = watch(page);
    await page.goto(env.url);
    await page.evaluate(() => window.attention.ready);
    const fetched = await page.evaluate(() =>
      performance.getEntriesByType("resource").map((e) => new URL(e.name).pathname.slice(1)),
    );
    assert.deepEqual(
      fetched.filter((f) => f.startsWith("attention")),
      [js, wasm, deferred].filter((f) => fetched.includes(f)),
    );
    for (const file of [js, wasm, deferred])
      assert.equal(fetched.filter((f) => f === file).length, 1, `${file}: fetched once`);
    assert.deepEqual(await page.evaluate(() => window.compiled), ["streaming", "streaming"]);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

// Files of two builds (a cache or CDN that mixed them) never run together:
// each carries the build id the page was made with.
test("a wasm or attention.js of another build is refused with a clear message", async () => {
  const { js, wasm } = built();
  const build = js.split(".")[1];
  const bytes = fs.readFileSync(path.join(DIST, wasm));
  const section = customSection(SECTION, build);
  assert.ok(bytes.subarray(bytes.length - section.length).equals(section), "the wasm ends with its build id");
  const other = Buffer.concat([
    bytes.subarray(0, bytes.length - section.length),
    customSection(SECTION, "0123456789ab"),
  ]);
  const script = fs.readFileSync(path.join(DIST, js), "utf8").replace(`build = "${build}"`, 'build = "0123456789ab"');
  for (const [file, body, type] of [
    [wasm, other, "application/wasm"],
    [js, script, "text/javascript"],
  ]) {
    const context = await newContext();
    try {
      const page = await context.newPage();
      await page.route(`**/${file}`, (route) => route.fulfill({ status: 200, body, contentType: type }));
      await page.goto(env.url);
      await page.waitForSelector("#failure:not([hidden])");
      assert.equal(
        await page.textContent("#failure-message"),
        `Attention Lab could not load its program (${file} is from another build: 0123456789ab, the page's is ${build}). Check the connection and reload the page.`,
      );
      await assert.rejects(
        page.evaluate(() => window.attention.ready),
        /from another build/,
      );
    } finally {
      await context.close();
    }
  }
});

// The program comes in two parts (scripts/split_program.mjs): the first frame
// needs only the first, the second is fetched after it, and `ready` waits for
// it. A first frame that called into the second part would load it "on a
// call", with a synchronous request: the list of what the first frames run
// (web/first-frames.funcs) is stale, and ./dev split-profile writes it again.

// The function a placeholder of the first part stands for (the build's map of them).
function placeholderName(index) {
  const map = path.join(ROOT, "build/web/program/placeholders.txt");
  const line = fs.existsSync(map)
    ? fs
        .readFileSync(map, "utf8")
        .split("\n")
        .find((l) => l.startsWith(`${index}:`))
    : null;
  return line ? line.slice(line.indexOf(":") + 1, 200).trim() : `placeholder ${index}`;
}
async function firstFramesNeedFirstPart(page, where) {
  const second = await page.evaluate(() => window.attention.testing.secondPart());
  assert.notEqual(
    second && second.how,
    "on a call",
    `${where}: the first frames called ${second && placeholderName(second.placeholder)}: run ./dev split-profile`,
  );
  return second;
}

const SIZES = [
  ["1280x800", { viewport: { width: 1280, height: 800 } }, ""],
  ["800x500 frame", { viewport: { width: 800, height: 500 } }, "?embed=1"],
  ["phone", { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, hasTouch: true, isMobile: true }, ""],
];
for (const [name, options, query] of SIZES)
  test(`${name}: the first frame needs only the program's first part; the second comes after it`, async () => {
    const context = await newContext(options);
    try {
      const { page, problems } = await openPage(context, env.url + query);
      const [firstFrameMs, second, requested] = await page.evaluate(() => [
        window.attention.firstFrameMs,
        window.attention.testing.secondPart(),
        performance
          .getEntriesByType("resource")
          .filter((e) => e.name.includes("attention-deferred."))
          .map((e) => e.startTime),
      ]);
      await firstFramesNeedFirstPart(page, name);
      assert.equal(second.how, "after the first frame");
      assert.equal(requested.length, 1);
      assert.ok(requested[0] >= firstFrameMs, `asked for at ${requested[0]} ms, the first frame at ${firstFrameMs}`);
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

test("every built-in lesson's first frames, guided and to explore, need only the first part", async () => {
  const context = await newContext();
  try {
    const { page } = await openPage(context, env.url);
    const lessons = await page.evaluate(() => window.attention.lessons());
    await page.close();
    for (const id of lessons)
      for (const query of [`?lesson=${id}`, `?lesson=${id}&mode=explore&step=2`]) {
        const opened = await openPage(context, env.url + query);
        await firstFramesNeedFirstPart(opened.page, query);
        assert.deepEqual(opened.problems, []);
        await opened.page.close();
      }
  } finally {
    await context.close();
  }
});

test("a call into the second part before it is here loads it at once", async () => {
  const { deferred } = built();
  const context = await newContext();
  try {
    const page = await context.newPage();
    const problems = watch(page);
    const warnings = [];
    page.on("console", (m) => m.type() === "warning" && warnings.push(m.text()));
    // The fetch after the first frame fails; the synchronous request of the call gets it.
    let failed = 0;
    await page.route(`**/${deferred}`, (route) => (failed++ ? route.continue() : route.abort()));
    await page.goto(env.url);
    await page.evaluate(() => window.attention.ready);
    assert.equal(await page.evaluate(() => window.attention.testing.secondPart()), null);
    assert.ok(
      warnings.some((w) => w.includes(`${deferred}:`) && w.includes("fetched again when first needed")),
      warnings.join("\n"),
    );
    // attn_heap_bytes is in the second part: web/first-frames.funcs does not name it.
    const firstFrames = fs.readFileSync(path.join(ROOT, "web/first-frames.funcs"), "utf8");
    assert.ok(!firstFrames.split("\n").includes("attn_heap_bytes"));
    assert.ok((await page.evaluate(() => window.attention.testing.heapBytes())) > 0);
    assert.equal((await page.evaluate(() => window.attention.testing.secondPart())).how, "on a call");
    await page.evaluate(() => window.attention.showTextView(true));
    await page.waitForFunction(() => document.body.innerText.includes("Back to the interactive view"));
    await page.evaluate(() => window.attention.setValue("X", 0, 0, 0.5));
    assert.equal((await page.evaluate(() => window.attention.state())).lesson, "the-cat-sat");
    assert.deepEqual(
      problems.filter((p) => !p.includes("Failed to load resource")),
      [],
    );
  } finally {
    await context.close();
  }
});
