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
// second must arrive after it and serve what needs it (here the text view).
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
      await page.evaluate(() => document.getElementById("text-view-toggle").click());
      await page.waitForFunction(() => document.getElementById("text-view").innerText.includes("The cat sat"));
      assert.deepEqual(problems, [], name);
    } finally {
      await context.close();
    }
  }
});
