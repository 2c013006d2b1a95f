// "Show how gradient descent would do it" on a phone (390×844, pixel ratio 3)
// with a finger, as descent.test.mjs does it with a mouse: each button
// brought into view by a swipe of the step panel, then tapped (down, a frame,
// up); a number of W_k dragged sideways by a finger, each move seen in a
// frame of its own; and a tap held past the press delay while the phone is
// busy (no frame drawn meanwhile), which must still press the button under it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { useBrowser, openPage, items, inPage, scrollIntoView } from "./browser.mjs";
import { showDescent, frame, DESCENT } from "./sequence-lessons.mjs";

const env = useBrowser({ hasTouch: true, isMobile: true, viewport: { width: 390, height: 844 }, deviceScaleFactor: 3 });

// A finger on the page, through the DevTools protocol (real touch events).
async function finger(page) {
  const cdp = await page.context().newCDPSession(page);
  const touch = (type, points) => cdp.send("Input.dispatchTouchEvent", { type, touchPoints: points });
  // Down at `from`, then through each point of `path` (a frame after each), then up.
  const stroke = async (from, path) => {
    await touch("touchStart", [from]);
    await frame(page);
    for (const p of path) {
      await touch("touchMove", [p]);
      await frame(page);
    }
    await touch("touchEnd", []);
    await frame(page);
  };
  const hand = {
    // Up or down by `by` px from (x, y): the panel under the finger follows it.
    scroll: (_, x, y, by) =>
      stroke(
        { x, y },
        [1, 2, 3, 4].map((i) => ({ x, y: y - (by * i) / 4 })),
      ),
    // The centre of `label` in the page, once the step panel shows it whole.
    async at(label) {
      const deadline = Date.now() + 120000;
      let all = await items(page);
      while (!all[label]) {
        if (Date.now() > deadline) throw new Error(`${label} never appeared`);
        all = await items(page);
      }
      const [x0, y0, x1, y1] = (await scrollIntoView(page, hand, all, label))[label];
      const box = await page.locator("#canvas").boundingBox();
      return { x: box.x + (x0 + x1) / 2, y: box.y + (y0 + y1) / 2 };
    },
    async tap(_, label) {
      const p = await hand.at(label);
      await stroke(p, []);
    },
    // Pressed, then sideways by `dx` in six moves, then lifted.
    async drag(label, dx) {
      const p = await hand.at(label);
      await stroke(
        p,
        [1, 2, 3, 4, 5, 6].map((i) => ({ x: p.x + (dx * i) / 6, y: p.y })),
      );
    },
    // Down, then held still while the page's one thread is busy for `ms` (a
    // slow phone: no frame is drawn meanwhile), the lift arriving during it.
    async busyTap(label, ms) {
      const p = await hand.at(label);
      await touch("touchStart", [p]);
      const busy = page.evaluate((ms) => {
        const until = performance.now() + ms;
        while (performance.now() < until);
      }, ms);
      await touch("touchEnd", []);
      await busy;
      await frame(page);
    },
  };
  return hand;
}

const wk = (page) => page.evaluate(async () => (await window.attention.trace()).steps[1].matrices);

test("on a phone, a finger plays gradient descent on a challenge, compares it with its own edit, and takes it back", async () => {
  let hand = null;
  const press = async (page, label) => {
    hand ??= await finger(page);
    await hand.tap(page, label);
  };
  const edit = async (page) => {
    const before = JSON.stringify(await wk(page));
    await hand.drag("##W_k:0:0", -60); // lower: "sat" no nearer to winning
    await inPage(page, async (b) => JSON.stringify((await window.attention.trace()).steps[1].matrices) !== b, before);
  };
  const { played, restored, mine, solvedAfter, problems } = await showDescent(env, press, { edit });
  assert.notEqual(mine, "", "the finger's drag changed a number");
  assert.ok(played.steps > 1, "more than one step");
  assert.ok(played.seen > 1, "the steps were seen one by one");
  assert.ok(played.reached);
  assert.ok(played.changed, "descent's numbers were on screen");
  assert.match(played.said[1], /^It changed \d+ numbers by [\d.]+ in total\.$/);
  assert.match(played.said[2], /^You changed 1 number by [\d.]+ in total\.$/);
  assert.equal(played.solved, 0, "descent's numbers are not the learner's solve");
  assert.ok(restored, "the learner's own numbers, the drag with them, came back");
  assert.equal(solvedAfter, 0);
  assert.deepEqual(problems, []);
});

test("on a busy phone, a tap held past the press delay before any frame still presses Take it on", async () => {
  const { page, problems } = await openPage(env.browser, `${env.url}?lesson=the-cat-sat&step=4`);
  const hand = await finger(page);
  await hand.tap(page, "##skip-prediction");
  await hand.busyTap(`##take:${DESCENT}`, 700);
  await inPage(
    page,
    async (id) => (await window.attention.state()).challenge === id,
    DESCENT,
    "the challenge taken on",
  );
  assert.deepEqual(problems, []);
});
