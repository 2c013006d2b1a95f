// The served page renders in Chromium: window.attention.ready resolves after
// the first drawn frame, the canvas is not blank, and nothing errs.
import { test } from "node:test";
import assert from "node:assert/strict";
import { useBrowser, openPage, distinctColours, saveArtifact } from "./browser.mjs";

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
