// The panels keep their place (issue 39): in an 800×500 embed, pressing Next
// step after step moves neither the step panel's edges nor the live result's
// (sized to each step, the live result grew and shrank under the learner's
// eyes, and the Settings under it moved).
import { test } from "node:test";
import assert from "node:assert/strict";
import { useBrowser, openPage, items, inPage, clickItem } from "./browser.mjs";

const env = useBrowser({ viewport: { width: 800, height: 500 } });

// the-cat-sat's live result stood 281, 281, 281, 179, 252 px tall on its five steps;
// attention-times-value's was tallest on step 5, not on step 1.
for (const lesson of ["the-cat-sat", "attention-times-value"])
  test(`800×500, ${lesson}: Next, step after step, moves no panel`, async () => {
    const { page, problems } = await openPage(env.browser, `${env.url}?lesson=${lesson}&embed=1`);
    const steps = (await page.evaluate(() => window.attention.state())).steps;
    const panels = (all) => ({ step: all["##step-panel"], live: all["##live-panel"], next: all["##next"] });
    const first = panels(await items(page));
    for (let s = 1; s < steps; ++s) {
      await clickItem(page, "##next"); // the pointer arrives, presses, releases, each in a frame
      await inPage(page, async (s) => (await window.attention.state()).step === s, s, `step ${s + 1}`);
      assert.deepEqual(panels(await items(page)), first, `step ${s + 1}`);
    }
    assert.deepEqual(problems, []);
  });
