// A press lands where the finger is (issue 39.3): every input number of every
// step of the-cat-sat, scrolled into view, pressed, moved sideways in paced
// moves and released, at 800×500 with a mouse and at 390×844 with a finger
// (pixel ratio 3), changes that number and no other, and stays where it was
// pressed until the release. The challenge is taken on first, as a learner
// does at step 4: its card then sits above the numbers of every other step
// and changes as they change (before the fix it moved them under the finger).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import {
  newContext,
  startServer,
  openPage,
  items,
  inPage,
  settled,
  saveArtifact,
  scrollIntoView,
  finger,
  drawnFrame as frame,
} from "./browser.mjs";

let server, url;
before(async () => ({ server, url } = await startServer()));
after(() => server?.close());

const inputs = (page) =>
  page.evaluate(async () => {
    const out = {};
    for (const m of (await window.attention.trace()).steps.flatMap((s) => s.matrices))
      if (m.changeable === "input") out[m.name] = m.data;
    return out;
  });

// Every number that differs between two sets of inputs, as "W_k[2][0]".
function differences(before, after) {
  const out = [];
  for (const [name, rows] of Object.entries(after))
    rows.forEach((row, r) => row.forEach((v, c) => v !== before[name][r][c] && out.push(`${name}[${r}][${c}]`)));
  return out;
}

// The rectangles of the last frame drawn (the registry is on: items() was called).
const drawn = (page) => page.evaluate(() => window.attention.testing.items());
// ...once the layout has settled after a release: the frame that sees the
// release is still laid out as while pressed, the next one no longer.
async function laidOut(page) {
  await frame(page);
  await frame(page);
  await settled(page);
  return drawn(page);
}

// A mouse: the pointer arrives, presses, moves right in three paced steps; release() lets go.
const mouse = {
  async press(page, x, y) {
    await page.mouse.move(x, y);
    await frame(page);
    await page.mouse.down();
    await frame(page);
    for (let i = 1; i <= 3; ++i) {
      await page.mouse.move(x + 12 * i, y);
      await frame(page);
    }
  },
  async release(page) {
    await page.mouse.up();
    await frame(page);
  },
  async scroll(page, x, y, by) {
    await page.mouse.move(x, y);
    await page.mouse.wheel(0, by * 1.2);
  },
  async click(page, label) {
    const [x0, y0, x1, y1] = (await scrollIntoView(page, this, await items(page), label))[label];
    const box = await page.locator("#canvas").boundingBox();
    await page.mouse.move(box.x + (x0 + x1) / 2, box.y + (y0 + y1) / 2);
    await frame(page);
    await page.mouse.down();
    await frame(page);
    await page.mouse.up();
    await frame(page);
  },
};

async function pressEveryInput(page, hand) {
  // The challenge of step 4 taken on, after its question is answered.
  await page.evaluate(() => window.attention.setStep(3));
  await hand.click(page, "##option:0");
  await hand.click(page, "##take:cat-sat-make-sat-win");
  await inPage(page, async () => (await window.attention.state()).challenge !== "");
  const box = await page.locator("#canvas").boundingBox();
  const steps = (await page.evaluate(() => window.attention.state())).steps;
  const misses = [];
  let pressed = 0;
  for (let step = 0; step < steps; ++step) {
    await page.evaluate((s) => window.attention.setStep(s), step);
    let before = await inputs(page);
    let all = await items(page);
    // Top to bottom, as a learner goes (the fewest scrolls).
    const cells = Object.keys(all)
      .filter((label) => {
        const m = /^##(.+):\d+:\d+$/.exec(label);
        return m && m[1] in before;
      })
      .sort((a, b) => all[a][1] - all[b][1] || all[a][0] - all[b][0]);
    // One after another, without taking the last back: the challenge's card
    // above the numbers changes with each (its rule allows one changed number).
    for (const label of cells) {
      all = await scrollIntoView(page, hand, all, label);
      const [x0, y0, x1, y1] = all[label];
      const [, name, r, c] = /^##(.+):(\d+):(\d+)$/.exec(label);
      const cell = `${name}[${r}][${c}]`;
      await hand.press(page, box.x + (x0 + x1) / 2, box.y + (y0 + y1) / 2);
      const held = (await drawn(page))[label];
      if (held[1] !== y0) {
        misses.push(`step ${step + 1}: ${cell} moved from y ${y0} to ${held[1]} while pressed`);
        saveArtifact(`press-miss-step${step + 1}-${cell}.png`, await page.screenshot());
      }
      await hand.release(page);
      const after = await inputs(page);
      const changed = differences(before, after);
      if (changed.length !== 1 || changed[0] !== cell)
        misses.push(`step ${step + 1}: pressed ${cell}, changed ${changed.join(", ") || "nothing"}`);
      before = after;
      all = await laidOut(page);
      ++pressed;
    }
    await page.evaluate(() => window.attention.reset());
  }
  assert.equal(pressed, 72, "X on steps 1 and 2, W_q, W_k and W_v on step 2");
  assert.deepEqual(misses, []);
}

test("at 800×500, a mouse press on each input number changes that number and only it", async () => {
  const context = await newContext({ viewport: { width: 800, height: 500 } });
  const { page, problems } = await openPage(context, `${url}?lesson=the-cat-sat`);
  await pressEveryInput(page, mouse);
  assert.deepEqual(problems, []);
  await context.close();
});

test("at 390×844 with a finger, a press on each input number changes that number and only it", async () => {
  const context = await newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
    deviceScaleFactor: 3,
  });
  const { page, problems } = await openPage(context, `${url}?lesson=the-cat-sat`);
  await pressEveryInput(page, finger(await context.newCDPSession(page)));
  assert.deepEqual(problems, []);
  await context.close();
});
