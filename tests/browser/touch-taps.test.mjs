// Quick taps on a busy phone: each tap lifted is its own click, played in
// order, even when the next one comes before any frame has played the last.
import { test } from "node:test";
import assert from "node:assert/strict";
import { useBrowser, openPage, items, inPage, drawnFrame } from "./browser.mjs";

const env = useBrowser({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 }, deviceScaleFactor: 3 });

// Taps at each of `points` while the page's one thread is busy (a slow
// phone): every touch event waits for it, and all arrive before the next
// frame. The events are sent without waiting for the page's answers (it
// answers once free), and the busy loop starts once the page has replied.
async function busyTaps(page, points) {
  const cdp = await page.context().newCDPSession(page);
  const touch = (type, touchPoints) => cdp.send("Input.dispatchTouchEvent", { type, touchPoints });
  await page.evaluate(() => {
    const until = performance.now() + 1500;
    setTimeout(() => {
      while (performance.now() < until);
    }, 0);
  });
  await Promise.all(points.flatMap((p) => [touch("touchStart", [p]), touch("touchEnd", [])]));
}

// The centre of `label` in the page.
async function centre(page, label) {
  const [x0, y0, x1, y1] = (await items(page))[label];
  const box = await page.locator("#canvas").boundingBox();
  return { x: box.x + (x0 + x1) / 2, y: box.y + (y0 + y1) / 2 };
}

// Until the page has played all its input and stopped drawing.
const idle = (page) => inPage(page, () => window.attention.testing.loop().stopped, null, "the page idle");

const step = async (page) => (await page.evaluate(() => window.attention.state())).step;

test("two quick taps on the next-step arrow on a busy phone go two steps on", async () => {
  const { page, problems } = await openPage(env.browser, `${env.url}?lesson=the-cat-sat&step=1`);
  assert.equal(await step(page), 0);
  const next = await centre(page, "##next");
  await busyTaps(page, [next, next]);
  await idle(page);
  assert.equal(await step(page), 2, "each tap went a step on");
  assert.deepEqual(problems, []);
});

test("quick taps on different buttons on a busy phone press each, in order, where it was tapped", async () => {
  const { page, problems } = await openPage(env.browser, `${env.url}?lesson=the-cat-sat&step=2`);
  assert.equal(await step(page), 1);
  const previous = await centre(page, "##previous");
  const next = await centre(page, "##next");
  // Back to the first step, back again (the arrow is off there: nothing),
  // then on: step 2 again. Played in another order this ends on the first
  // step; with only the last tap played, on the third.
  await busyTaps(page, [previous, previous, next]);
  await idle(page);
  assert.equal(await step(page), 1);
  assert.deepEqual(problems, []);
});

test("a press held on the next-step arrow and lifted as another finger lands, before a frame, still goes a step on", async () => {
  const { page, problems } = await openPage(env.browser, `${env.url}?lesson=the-cat-sat&step=1`);
  const next = await centre(page, "##next");
  const box = await page.locator("#canvas").boundingBox();
  const elsewhere = { x: box.x + 3, y: box.y + box.height - 3 }; // the canvas's corner: nothing to press
  const cdp = await page.context().newCDPSession(page);
  const touch = (type, touchPoints) => cdp.send("Input.dispatchTouchEvent", { type, touchPoints });
  // Held still past the hold time, frames drawn meanwhile: a press the UI has.
  await touch("touchStart", [next]);
  const start = await page.evaluate(() => performance.now());
  await inPage(
    page,
    async (t) => (
      window.attention.testing.wake(),
      performance.now() - t > 800 && (await window.attention.framesDrawn()) > 0
    ),
    start,
    "the press held",
  );
  for (let i = 0; i < 3; ++i) await drawnFrame(page);
  assert.equal(await step(page), 0, "held: not a step on yet");
  // Lifted, and the next finger down and up, all before the next frame.
  await page.evaluate(() => {
    const until = performance.now() + 1500;
    setTimeout(() => {
      while (performance.now() < until);
    }, 0);
  });
  await Promise.all([touch("touchEnd", []), touch("touchStart", [elsewhere]), touch("touchEnd", [])]);
  await idle(page);
  assert.equal(await step(page), 1, "the press's release was played where it lifted");
  assert.deepEqual(problems, []);
});
