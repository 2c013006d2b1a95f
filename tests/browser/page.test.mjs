// The served page renders in Chromium: window.attention.ready resolves after
// the first drawn frame, the canvas is not blank, and nothing errs.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { customSection, SECTION } from "../../scripts/program_files.mjs";
import { built, useBrowser, openPage, newContext, watch, distinctColours, saveArtifact, DIST } from "./browser.mjs";

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

// The program is two files named by its build (scripts/dist_files.mjs),
// which index.html preloads: each is fetched once, and the wasm is compiled
// from the response as it downloads (compileStreaming), then instantiated.
test("the program's two files are named by their build, fetched once each, the wasm compiled as it downloads", async () => {
  const { js, wasm } = built();
  assert.match(js, /^attention\.[0-9a-f]{12}\.js$/);
  assert.equal(wasm, js.replace(/js$/, "wasm"), "one build id names both");
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
      fetched.filter((f) => f.startsWith("attention.")),
      [js, wasm].filter((f) => fetched.includes(f)),
    );
    assert.equal(fetched.filter((f) => f === wasm).length, 1, `${wasm}: fetched once`);
    assert.equal(fetched.filter((f) => f === js).length, 1, `${js}: fetched once`);
    assert.deepEqual(await page.evaluate(() => window.compiled), ["streaming"]);
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
