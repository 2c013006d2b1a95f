// A phone (390×844, pixel ratio 3, a finger), issue 39: after an answer the
// learner still sees where they are (the step's title above the verdict), and
// Settings' tooltips and popups stay inside the screen.
import { test } from "node:test";
import assert from "node:assert/strict";
import { useBrowser, openPage, items, inPage, drawnFrame as frame } from "./browser.mjs";

const env = useBrowser({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 }, deviceScaleFactor: 3 });

async function fingers(page) {
  const cdp = await page.context().newCDPSession(page);
  const box = await page.locator("#canvas").boundingBox();
  const touch = (type, points) =>
    cdp.send("Input.dispatchTouchEvent", {
      type,
      touchPoints: points.map(([x, y]) => ({ x: box.x + x, y: box.y + y })),
    });
  return {
    async down(x, y) {
      await touch("touchStart", [[x, y]]);
      await frame(page);
    },
    async up() {
      await touch("touchEnd", []);
      // A tap is played to the UI over the frames after the lift: wait them out.
      for (let i = 0; i < 5; ++i) await frame(page);
    },
    async tap(rect) {
      await this.down((rect[0] + rect[2]) / 2, (rect[1] + rect[3]) / 2);
      await this.up();
    },
    // Up the panel by `by` px in paced moves.
    async swipe(x, y, by) {
      await touch("touchStart", [[x, y]]);
      for (let i = 1; i <= 4; ++i) {
        await touch("touchMove", [[x, y - (by * i) / 4]]);
        await frame(page);
      }
      await touch("touchEnd", []);
      await frame(page);
    },
  };
}

const inside = (r, [x0, y0, x1, y1]) => r[0] >= x0 && r[1] >= y0 && r[2] <= x1 && r[3] <= y1;

test("phone: answering the-cat-sat's step 4 keeps the step's title in view above the verdict", async () => {
  const { page, problems } = await openPage(env.browser, `${env.url}?lesson=the-cat-sat&step=4`);
  const hand = await fingers(page);
  await hand.tap((await items(page))["##option:0"]);
  await inPage(page, async () => (await window.attention.progress()).answered === 1, null, "the answer");
  const all = await items(page);
  const panel = all["##step-panel"];
  assert.ok(inside(all["##step-title"], panel), `the title ${all["##step-title"]} in the panel ${panel}`);
  assert.ok(inside(all["##verdict"], panel), `the verdict ${all["##verdict"]} in the panel ${panel}`);
  assert.ok(all["##step-title"][3] <= all["##verdict"][1], "the title above the verdict");
  assert.deepEqual(problems, []);
});

test("phone: Settings' tooltip and the Start over popup stay inside the screen", async () => {
  const { page, problems } = await openPage(env.browser, `${env.url}?lesson=the-cat-sat&step=4`);
  const hand = await fingers(page);
  // Settings are under the step, in its panel: swiped up to "Start over…".
  let all = await items(page);
  for (let i = 0; i < 30; ++i) {
    const panel = all["##step-panel"];
    if (all["##start-over"] && inside(all["##start-over"], [0, panel[1] + 4, 390, panel[3] - 60])) break;
    await hand.swipe(panel[0] + 20, (panel[1] + panel[3]) / 2, 200);
    all = await items(page);
  }
  const screen = [0, 0, 390, 844];
  // A finger held on the button: its tooltip (the only hover a finger has).
  const button = all["##start-over"];
  await hand.down((button[0] + button[2]) / 2, (button[1] + button[3]) / 2);
  for (let i = 0; i < 3; ++i) await frame(page);
  const tip = (await page.evaluate(() => window.attention.testing.items()))["##tooltip"];
  assert.ok(tip, "a tooltip while the finger is held");
  assert.ok(inside(tip, screen), `the tooltip ${tip} inside the screen`);
  await hand.up();
  const popup = (await items(page))["##start-over-popup"];
  assert.ok(popup, "the tap opened the popup");
  assert.ok(inside(popup, screen), `the popup ${popup} inside the screen`);
  assert.deepEqual(problems, []);
});
