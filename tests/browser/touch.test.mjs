// Touch: a tap presses a button, a finger drags a number, a finger scrolls a panel.
import { test } from "node:test";
import assert from "node:assert/strict";
import { useBrowser, openPage, itemCentre } from "./browser.mjs";

const env = useBrowser({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 700 }, deviceScaleFactor: 2 });

// A finger from (x, y) moving by (dx, dy) in steps, through the DevTools protocol.
async function swipe(page, x, y, dx, dy) {
  const cdp = await page.context().newCDPSession(page);
  const at = (f) => [{ x: x + dx * f, y: y + dy * f }];
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: at(0) });
  await page.waitForTimeout(60);
  for (let i = 1; i <= 10; ++i) {
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: at(i / 10) });
    await page.waitForTimeout(30);
  }
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await page.waitForTimeout(100);
}

test("a tap on the next-step arrow goes to the next step", async () => {
  const { page, problems } = await openPage(env.browser, env.url);
  const { x, y } = await itemCentre(page, "##next");
  await page.touchscreen.tap(x, y);
  await page.waitForFunction(() => window.attention.state().step === 1, null);
  assert.deepEqual(problems, []);
});

test("a finger drags a number", async () => {
  const { page, problems } = await openPage(env.browser, `${env.url}?lesson=i-am-batman`);
  const { x, y } = await itemCentre(page, "##X:0:0");
  const before = await page.evaluate(() => window.attention.trace().steps[0].matrices[0].data[0][0]);
  await swipe(page, x, y, 60, 0);
  const after = await page.evaluate(() => window.attention.trace().steps[0].matrices[0].data[0][0]);
  assert.ok(after > before, `X[0][0] went from ${before} to ${after}`);
  assert.deepEqual(problems, []);
});

test("a finger on empty space scrolls the panel", async () => {
  const { page, problems } = await openPage(env.browser, `${env.url}?lesson=the-cat-sat&step=2`);
  const { rect } = await itemCentre(page, "##W_q:0:0");
  const box = await page.locator("#canvas").boundingBox();
  // On the step's explanation text: no widget there (a cell would be dragged).
  await swipe(page, box.x + 100, box.y + rect[1] - 110, 0, -250);
  // Cells keep their names while scrolled out of view (their rectangles go
  // above the panel), so the cell is always found.
  const moved = await itemCentre(page, "##W_q:0:0");
  assert.ok(moved.rect[1] < rect[1] - 50, `the matrices scrolled up (${rect[1]} → ${moved.rect[1]})`);
  assert.deepEqual(problems, []);
});
