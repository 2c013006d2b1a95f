// The text view: the current step as real tables, kept up to date, reachable
// from the keyboard, text only.
import { test } from "node:test";
import assert from "node:assert/strict";
import { useBrowser, openPage } from "./browser.mjs";

const env = useBrowser();

test("the toggle shows the step as tables with token headers, matching the trace", async () => {
  const { page, problems } = await openPage(env.browser, `${env.url}?lesson=the-cat-sat&step=4`);
  assert.equal(await page.isVisible("#text-view"), false);
  await page.click("#text-view-toggle");
  assert.equal(await page.getAttribute("#text-view-toggle", "aria-expanded"), "true");
  assert.equal(await page.textContent("#text-view h2"), "Step 4: Apply Softmax to get weights");
  const table = await page.$$eval("#text-view table", (tables) =>
    tables.map((t) => ({
      caption: t.caption.textContent,
      cols: [...t.tHead.querySelectorAll("th")].map((th) => th.textContent),
      rows: [...t.tBodies[0].rows].map((r) => [...r.cells].map((c) => c.textContent)),
    })),
  );
  assert.equal(table.length, 1);
  assert.equal(table[0].caption, "attention weights (3×3)");
  assert.deepEqual(table[0].cols, ["The", "cat", "sat"]);
  assert.deepEqual(table[0].rows[0], ["The", "0.01495411", "0.63870437", "0.34634152"]);
  assert.equal(await page.getAttribute("#text-view", "aria-live"), "polite");
  assert.deepEqual(problems, []);
  await page.close();
});

test("it follows edits and steps as they happen", async () => {
  const { page, problems } = await openPage(env.browser, `${env.url}?lesson=i-am-batman&step=7`);
  await page.click("#text-view-toggle");
  const first = await page.textContent("#text-view table:last-of-type tbody");
  await page.evaluate(() => window.attention.setValue("X", 0, 0, 3));
  await page.waitForFunction(
    (before) => document.querySelector("#text-view table:last-of-type tbody").textContent !== before,
    first,
  );
  await page.evaluate(() => window.attention.setStep(0));
  await page.waitForFunction(() => document.querySelector("#text-view h2").textContent.startsWith("Step 1"));
  assert.deepEqual(problems, []);
  await page.close();
});

test("it is reachable from the keyboard and its numbers are selectable text", async () => {
  const { page, problems } = await openPage(env.browser, env.url);
  await page.keyboard.press("Tab"); // the first stop on the page
  assert.equal(await page.evaluate(() => document.activeElement.id), "text-view-toggle");
  await page.keyboard.press("Enter");
  assert.equal(await page.evaluate(() => document.activeElement.id), "text-view");
  const selected = await page.evaluate(() => {
    const cell = document.querySelector("#text-view td:nth-child(2)");
    const range = document.createRange();
    range.selectNodeContents(cell);
    getSelection().removeAllRanges();
    getSelection().addRange(range);
    return getSelection().toString();
  });
  assert.equal(selected, "1.00000000");
  assert.deepEqual(problems, []);
  await page.close();
});
