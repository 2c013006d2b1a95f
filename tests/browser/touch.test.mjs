// Touch: a tap presses a button, a finger drags a number, a finger scrolls a panel.
import { test } from "node:test";
import assert from "node:assert/strict";
import { useBrowser, openPage, itemCentre, items, clickItem, nextFrame, inPage } from "./browser.mjs";

const env = useBrowser({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 700 }, deviceScaleFactor: 2 });

// A finger from (x, y) moving by (dx, dy) in steps, through the DevTools
// protocol. It moves at once, as a finger does: a pause after it goes down
// could, on a loaded machine, last the 400 ms that make a touch a press.
// Paced, it pauses between moves; otherwise every event is sent without
// waiting for the page (a flick faster than its frames).
async function swipe(page, x, y, dx, dy, { paced = true } = {}) {
  const cdp = await page.context().newCDPSession(page);
  const at = (f) => [{ x: x + dx * f, y: y + dy * f }];
  const sent = [];
  const send = async (type, touchPoints) => {
    sent.push(cdp.send("Input.dispatchTouchEvent", { type, touchPoints }));
    if (paced) await sent[sent.length - 1];
  };
  await send("touchStart", at(0));
  for (let i = 1; i <= 10; ++i) {
    await send("touchMove", at(i / 10));
    if (paced) await page.waitForTimeout(30);
  }
  await send("touchEnd", []);
  await Promise.all(sent);
  if (paced) await page.waitForTimeout(100);
}

test("a tap on the next-step arrow goes to the next step", async () => {
  const { page, problems } = await openPage(env.browser, env.url);
  const { x, y } = await itemCentre(page, "##next");
  await page.touchscreen.tap(x, y);
  await inPage(page, async () => (await window.attention.state()).step === 1);
  assert.deepEqual(problems, []);
});

test("a finger drags a number", async () => {
  const { page, problems } = await openPage(env.browser, `${env.url}?lesson=i-am-batman`);
  const { x, y } = await itemCentre(page, "##X:0:0");
  const before = await page.evaluate(async () => (await window.attention.trace()).steps[0].matrices[0].data[0][0]);
  await swipe(page, x, y, 60, 0);
  const after = await page.evaluate(async () => (await window.attention.trace()).steps[0].matrices[0].data[0][0]);
  assert.ok(after > before, `X[0][0] went from ${before} to ${after}`);
  assert.deepEqual(problems, []);
});

test("a slow, deliberate finger drags a number too: each frame's move adds up", async () => {
  const { page, problems } = await openPage(env.browser, `${env.url}?lesson=i-am-batman`);
  const { x, y } = await itemCentre(page, "##X:0:0");
  const value = () => page.evaluate(async () => (await window.attention.trace()).steps[0].matrices[0].data[0][0]);
  const before = await value();
  // 30 px, a pixel at a time, each move seen in a frame of its own: less per
  // frame than the grid the number snaps to.
  const cdp = await page.context().newCDPSession(page);
  const frame = async () => nextFrame(page, await page.evaluate(() => window.attention.framesDrawn()));
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y }] });
  for (let i = 1; i <= 30; ++i) {
    await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x: x + i, y }] });
    await frame();
  }
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await frame();
  const after = await value();
  assert.ok(after > before + 0.05, `X[0][0] went from ${before} to ${after}`);
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

test("a vertical swipe that starts on a number, or on a row's label, scrolls and edits nothing", async () => {
  for (const from of ["cell", "label"]) {
    const { page, problems } = await openPage(env.browser, `${env.url}?lesson=the-cat-sat&step=2`);
    // A number the step panel shows (not one scrolled under the live panel).
    const all = await items(page);
    const panel = all["##step-panel"];
    const name = Object.keys(all).find((k) => {
      const r = all[k];
      return /^##\w+:\d+:0$/.test(k) && r[1] >= panel[1] && r[3] <= panel[3];
    });
    assert.ok(name, "a number in the step panel");
    const rect = all[name];
    const box = await page.locator("#canvas").boundingBox();
    const before = await page.evaluate(async () => (await window.attention.state()).changes);
    // The row's label sits left of its first cell.
    const x = from === "cell" ? (rect[0] + rect[2]) / 2 : Math.max(panel[0] + 4, rect[0] - 12);
    await swipe(page, box.x + x, box.y + (rect[1] + rect[3]) / 2, 0, -200);
    const moved = (await items(page))[name];
    assert.ok(moved[1] < rect[1] - 50, `from a ${from}: the panel scrolled (${rect[1]} → ${moved[1]})`);
    assert.equal(await page.evaluate(async () => (await window.attention.state()).changes), before, "nothing edited");
    assert.deepEqual(problems, []);
  }
});

test("after a finger, a mouse's first click lands where it was made (a touch-screen laptop)", async () => {
  const { page, problems } = await openPage(env.browser, `${env.url}?lesson=the-cat-sat&step=4&touch=1`);
  assert.equal((await page.evaluate(() => window.attention.state())).touch, true);
  // The targets switch to the mouse's size only once this click has landed.
  await clickItem(page, "##option:0");
  await inPage(page, async () => (await window.attention.progress()).answered === 1, null, "the answer");
  await inPage(page, async () => (await window.attention.state()).touch === false, null, "mouse-sized targets");
  assert.deepEqual(problems, []);
});

test("a quick flick on a busy page still scrolls (it is not a tap)", async () => {
  const { page, problems } = await openPage(env.browser, `${env.url}?lesson=the-cat-sat&step=2`);
  const { rect } = await itemCentre(page, "##W_q:0:0");
  const box = await page.locator("#canvas").boundingBox();
  // The page's thread is busy (a slow phone): the whole flick arrives before
  // the next frame, so only the events can tell what the finger did.
  await page.evaluate(() => {
    const until = performance.now() + 1500;
    setTimeout(() => {
      while (performance.now() < until);
    }, 0);
  });
  await swipe(page, box.x + 100, box.y + rect[1] - 110, 0, -250, { paced: false });
  await nextFrame(page, (await page.evaluate(() => window.attention.framesDrawn())) + 3);
  const moved = await itemCentre(page, "##W_q:0:0");
  assert.ok(moved.rect[1] < rect[1] - 50, `the matrices scrolled up (${rect[1]} → ${moved.rect[1]})`);
  assert.deepEqual(problems, []);
});
