// The served page renders in Chromium: window.attention.ready resolves after
// the first drawn frame, the canvas is not blank, and nothing errs.
import { test } from "node:test";
import assert from "node:assert/strict";
import { useBrowser, openPage, launch, distinctColours, saveArtifact } from "./browser.mjs";

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

// The program comes in two parts (scripts/split_wasm.mjs): the first frame
// must run on the first alone, at every size a visit starts at, and the
// second must arrive after it and serve what needs it (the trace's JSON, an
// edit).
test("the first frame needs only the program's first part; the rest arrives after it", async () => {
  const sizes = [
    { name: "1280x800", options: {} },
    { name: "800x500", options: { viewport: { width: 800, height: 500 } } },
    {
      name: "phone",
      options: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, hasTouch: true, isMobile: true },
    },
  ];
  for (const { name, options } of sizes) {
    const context = await launch(options);
    try {
      const { page, problems } = await openPage(context, env.url);
      await page.waitForFunction(() => window.attention.testing.deferred() !== null, null, { timeout: 120000 });
      const { first, deferred, fetchedAt } = await page.evaluate(() => ({
        first: window.attention.firstFrameMs,
        deferred: window.attention.testing.deferred(),
        fetchedAt: performance
          .getEntriesByType("resource")
          .filter((e) => e.name.endsWith("/attention.deferred.wasm"))
          .map((e) => e.startTime),
      }));
      assert.equal(deferred.how, "after the first frame", `${name}: a call needed the second part first`);
      assert.equal(fetchedAt.length, 1, `${name}: attention.deferred.wasm fetched ${fetchedAt.length} times`);
      assert.ok(fetchedAt[0] >= first, `${name}: fetched at ${fetchedAt[0]} ms, before the first frame (${first} ms)`);
      const after = await page.evaluate(() => {
        window.attention.setValue("X", 0, 0, 1.5);
        return {
          x: window.attention.trace().steps[0].matrices[0].data[0][0],
          how: window.attention.testing.deferred().how,
        };
      });
      assert.deepEqual(after, { x: 1.5, how: "after the first frame" }, name);
      assert.deepEqual(problems, [], name);
    } finally {
      await context.close();
    }
  }
});

test("without its second part the page says it cannot go on, at the first call that needs it", async () => {
  const context = await launch();
  try {
    const page = await context.newPage();
    await page.route("**/attention.deferred.wasm", (route) => route.fulfill({ status: 404, body: "gone" }));
    await page.goto(env.url);
    await page.evaluate(() => window.attention.ready); // the first part runs alone
    assert.equal(await page.locator("#failure").isHidden(), true);
    const error = await page.evaluate(() => {
      try {
        window.attention.setValue("X", 0, 0, 1.5);
        return null;
      } catch (e) {
        return e.message;
      }
    });
    assert.match(error, /attention\.deferred\.wasm: HTTP 404/);
    assert.equal(await page.locator("#failure").isHidden(), false);
    assert.match(await page.textContent("#failure-message"), /attention\.deferred\.wasm: HTTP 404/);
  } finally {
    await context.close();
  }
});
