// The learning loop on one screen, with real input: at 1280×800, in an
// 800×500 embed and on a 390×844 phone (touch, pixel ratio 3), a paced drag
// on an input of every built-in lesson changes the softmax weights, and the
// live result on screen shows it, outside the matrix being dragged. Fingers
// that scroll never edit; the keyboard edits without a mouse; wide heatmaps
// at pixel ratio 3 are never black.
import { test } from "node:test";
import assert from "node:assert/strict";
import { PNG } from "pngjs";
import { newContext, startServer, openPage, nextFrame, saveArtifact, items, inPage } from "./browser.mjs";

const SIZES = [
  { name: "desktop", options: { viewport: { width: 1280, height: 800 } } },
  { name: "embed", options: { viewport: { width: 800, height: 500 } } },
  {
    name: "phone",
    options: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, hasTouch: true, isMobile: true },
  },
];

// The union of rectangles, [x0, y0, x1, y1].
const union = (rects) =>
  rects.reduce(
    (u, r) => [Math.min(u[0], r[0]), Math.min(u[1], r[1]), Math.max(u[2], r[2]), Math.max(u[3], r[3])],
    [Infinity, Infinity, -Infinity, -Infinity],
  );
const inside = (r, w, h) => r[0] >= 0 && r[1] >= 0 && r[2] <= w && r[3] <= h;

// Pixels that differ between two decoded screenshots taken at CSS scale,
// inside `region` and outside `skip` (both [x0, y0, x1, y1] in CSS px).
function changedPixels(a, b, region, skip) {
  let changed = 0;
  for (let y = Math.max(0, region[1]); y < Math.min(a.height, region[3]); ++y)
    for (let x = Math.max(0, region[0]); x < Math.min(a.width, region[2]); ++x) {
      if (skip && x >= skip[0] && x < skip[2] && y >= skip[1] && y < skip[3]) continue;
      const i = (Math.floor(y) * a.width + Math.floor(x)) * 4;
      if (
        Math.abs(a.data[i] - b.data[i]) +
          Math.abs(a.data[i + 1] - b.data[i + 1]) +
          Math.abs(a.data[i + 2] - b.data[i + 2]) >
        30
      )
        ++changed;
    }
  return changed;
}

// At CSS scale: a phone's pixel-ratio-3 capture is nine times the pixels to
// encode and decode, and the comparison is in CSS px either way.
const screenshot = (page) => page.screenshot({ scale: "css" });

// A finger (through the DevTools protocol) or a mouse: press, paced moves, release.
async function pointer(page, touch) {
  const cdp = touch ? await page.context().newCDPSession(page) : null;
  return {
    async down(x, y) {
      if (touch) await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y }] });
      else (await page.mouse.move(x, y), await page.mouse.down());
    },
    async move(x, y) {
      if (touch) await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x, y }] });
      else await page.mouse.move(x, y);
      await page.waitForTimeout(40); // a person's pace: frames come between the moves
    },
    async up() {
      if (touch) await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
      else await page.mouse.up();
    },
  };
}

const env = {};
test.before(async () => {
  Object.assign(env, await startServer());
  env.browser = await newContext();
});
test.after(async () => {
  await env.browser?.close();
  env.server?.close();
});

// Where a test opens its page: the file's own browser when `options` ask for
// a size alone (a page sets its own size), else a context of its own with them
// (a pixel ratio, touch). done() closes what open() made.
async function browserFor(options) {
  if (Object.keys(options).every((k) => k === "viewport")) {
    let opened = null;
    return {
      open: async (url) => (opened = await openPage(env.browser, url, { viewport: options.viewport })),
      done: async () => opened?.page.close(),
    };
  }
  const browser = await newContext(options);
  return { open: (url) => openPage(browser, url), done: () => browser.close() };
}

for (const size of SIZES) {
  test(`${size.name}: a drag on an input of every lesson moves the live result on screen`, async () => {
    const browser = await browserFor(size.options);
    try {
      const { page, problems } = await browser.open(env.url);
      const { width, height } = size.options.viewport;
      for (const lesson of await page.evaluate(() => window.attention.lessons())) {
        // The lesson's result part, at the first step that shows one of its inputs.
        const { step, inputs } = await page.evaluate(async (id) => {
          await window.attention.setLesson(id);
          const t = await window.attention.trace();
          const main = t.steps.findIndex(
            (s) => s.part === t.steps.find((x) => x.matrices.some((m) => m.name.endsWith("weights")))?.part,
          );
          for (let s = Math.max(0, main); s < t.steps.length; ++s) {
            const inputs = t.steps[s].matrices.filter((m) => m.changeable === "input").map((m) => m.name);
            if (inputs.length) return { step: s, inputs };
          }
          return {};
        }, lesson);
        assert.ok(inputs, `${lesson}: no step with an input`);
        const input = inputs.join(", ");
        await page.evaluate((s) => window.attention.setStep(s), step);
        let all = await items(page);
        const live = Object.entries(all).filter(([k]) => /^(?!##)(.*\/)?weights(_h\d+)?:\d+:\d+$/.test(k));
        // A lesson whose later questions cover every query's weights here
        // (rotary-positions: RoPE's scores are asked about) says so instead.
        if (live.length === 0 && all["##live-covered"]) continue;
        assert.ok(live.length >= 2, `${lesson}: the live result's weights are listed (${live.length})`);
        // The query the bars show (another stands in while an open prediction
        // covers the followed one's): a row of a given Q moves that query alone.
        const at = live.map(([k]) => k.match(/:(\d+):(\d+)$/).slice(1));
        const shown = at.every(([r]) => r === at[0][0]) ? at[0][0] : at[0][1];
        const cells = Object.entries(all).filter(
          ([k]) =>
            inputs.some((m) => k.startsWith(`##${m}:`)) && (!k.startsWith("##Q:") || k.startsWith(`##Q:${shown}:`)),
        );
        for (const [k, r] of live) assert.ok(inside(r, width, height), `${lesson}: ${k} on screen`);
        const liveRect = union(live.map(([, r]) => r));
        const panel = all["##live-panel"] || liveRect;
        // Cells on screen and not under the live panel (docked over the step's
        // on a phone); a number the shown query does not read (its token's
        // embedding is 0 there) moves nothing in the bars: the next is tried.
        const candidates = cells.filter(([, r]) => {
          const cy = (r[1] + r[3]) / 2,
            cx = (r[0] + r[2]) / 2;
          return (
            cy > 0 &&
            cy < height &&
            cx < width &&
            !(cy > panel[1] - 4 && cy < panel[3] + 4 && cx > panel[0] - 4 && cx < panel[2] + 4)
          );
        });
        assert.ok(candidates.length, `${lesson}: a cell of ${input} on screen`);
        let outside = 0,
          inLive = 0,
          cellName = "";
        // One cell of each row (of each matrix), the rows tried in turn.
        const tried = [
          candidates[0],
          ...new Map(candidates.slice(1).map((c) => [c[0].replace(/:\d+$/, ""), c])).values(),
        ];
        for (const [name, r] of tried.slice(0, 4)) {
          cellName = name;
          const matrix = cellName.slice(0, cellName.indexOf(":", 2) + 1);
          const matrixRect = union(cells.filter(([k]) => k.startsWith(matrix)).map(([, r]) => r));
          const x = (r[0] + r[2]) / 2,
            y = (r[1] + r[3]) / 2;
          const before = await page.evaluate(async () => (await window.attention.trace()).result.weights);
          const shotBefore = await screenshot(page);
          const p = await pointer(page, size.options.hasTouch);
          await p.down(x, y);
          for (let i = 1; i <= 6; ++i) await p.move(x + i * 12, y);
          await nextFrame(page, await page.evaluate(() => window.attention.framesDrawn()));
          const shotDuring = await screenshot(page); // mid-drag
          await p.up();
          saveArtifact(`live-${size.name}-${lesson}.png`, shotDuring);
          const after = await page.evaluate(async () => (await window.attention.trace()).result.weights);
          assert.notDeepEqual(after, before, `${lesson}: dragging ${cellName} changed the weights`);
          const region = [0, 0, width, height];
          const skip = [matrixRect[0] - 4, matrixRect[1] - 40, matrixRect[2] + 60, matrixRect[3] + 4];
          const [a, b] = [PNG.sync.read(shotBefore), PNG.sync.read(shotDuring)];
          outside = changedPixels(a, b, region, skip);
          inLive = changedPixels(a, b, liveRect, null);
          if (inLive > 20) break;
          await page.evaluate(() => window.attention.reset());
        }
        assert.ok(outside > 50, `${lesson}: ${outside} px changed outside ${input}`);
        assert.ok(inLive > 20, `${lesson}: ${inLive} px of the live result changed`);
        await page.evaluate(() => window.attention.reset());
      }
      assert.deepEqual(problems, []);
    } finally {
      await browser.done();
    }
  });
}

test("phone: a vertical or diagonal swipe that starts on a number scrolls and never edits", async () => {
  // At pixel ratio 1: what a finger means is read in CSS pixels whatever the
  // ratio, and software GL takes about 400 ms a frame at ratio 3 on a loaded
  // machine, long enough to turn the swipe's start into a finger held still.
  const browser = await newContext({ ...SIZES[2].options, deviceScaleFactor: 1 });
  try {
    const { page, problems } = await openPage(browser, `${env.url}?lesson=the-cat-sat&step=2`);
    for (const [dx, dy] of [
      [0, -22], // up
      [9, 18], // down and to the side
    ]) {
      // A number in the step's panel, above the live result docked below it.
      const all = await items(page);
      const liveTop = all["##live-panel"][1];
      const [name, cell] = Object.entries(all).find(
        ([k, r]) => /^##(X|W_q|W_k|W_v):/.test(k) && r[1] > 150 && r[3] < liveTop - 20,
      );
      const before = JSON.stringify(await page.evaluate(() => window.attention.trace()));
      const x = (cell[0] + cell[2]) / 2,
        y = (cell[1] + cell[3]) / 2;
      const p = await pointer(page, true);
      // A finger still for 400 ms is a press (kHoldMs, src/platform/web/browser_input.cpp).
      // On a loaded machine the first move can reach the page that late, and
      // then the page is right to edit: such a swipe is tried again (bounded).
      // The page's own clock says how long the finger was still.
      const still = () =>
        page.evaluate(() => {
          const [start, move] = window.__touchTimes;
          return move - start;
        });
      await page.evaluate(() => {
        if (window.__touchTimes) return; // listening already (the first swipe)
        window.__touchTimes = [];
        for (const type of ["touchstart", "touchmove"])
          window.addEventListener(type, () => window.__touchTimes.push(performance.now()), { capture: true });
      });
      let held = Infinity;
      for (let attempt = 0; attempt < 4 && held >= 400; ++attempt) {
        if (attempt) await page.evaluate(() => window.attention.reset());
        await page.evaluate(() => (window.__touchTimes = []));
        await p.down(x, y);
        for (let i = 1; i <= 10; ++i) await p.move(x + dx * i, y + dy * i);
        await p.up();
        await nextFrame(page, await page.evaluate(() => window.attention.framesDrawn()));
        held = await still();
      }
      assert.ok(held < 400, `the first move reached the page within 400 ms (${Math.round(held)} ms)`);
      assert.equal(
        JSON.stringify(await page.evaluate(() => window.attention.trace())),
        before,
        `(${dx}, ${dy}) from ${name}: no number changed`,
      );
      const moved = (await items(page))[name];
      assert.ok(
        Math.sign(moved[1] - cell[1]) === Math.sign(dy) && Math.abs(moved[1] - cell[1]) > 50,
        `(${dx}, ${dy}): the panel scrolled with the finger (${cell[1]} → ${moved[1]})`,
      );
    }
    assert.deepEqual(problems, []);
  } finally {
    await browser.close();
  }
});

test("the keyboard alone: Tab onto the numbers, arrows, + to nudge, Enter to type", async () => {
  const browser = await browserFor(SIZES[0].options);
  try {
    const { page, problems } = await browser.open(`${env.url}?lesson=the-cat-sat`);
    await page.keyboard.press("Tab"); // the text view's skip link
    await page.keyboard.press("Tab"); // the canvas: onto its first matrix of numbers
    assert.equal(await page.evaluate(() => document.activeElement.id), "canvas");
    const x01 = () => page.evaluate(async () => (await window.attention.trace()).steps[0].matrices[0].data[0][1]);
    const weights = () => page.evaluate(async () => (await window.attention.trace()).result.weights[0]);
    const before = await weights();
    await page.keyboard.press("ArrowRight"); // X[The, 1]
    await page.keyboard.press("+");
    await inPage(page, async () => (await window.attention.trace()).steps[0].matrices[0].data[0][1] === 0.01);
    await page.keyboard.press("Enter");
    // The editor opens at a frame, and its field takes the keys at the next:
    // wait (bounded) for the field, then one more frame, before typing.
    const deadline = Date.now() + 90000;
    while (!(await items(page))["##typed"]) if (Date.now() > deadline) throw new Error("the editor never opened");
    await nextFrame(page, (await page.evaluate(() => window.attention.framesDrawn())) + 1);
    await page.keyboard.type("2.5");
    await page.keyboard.press("Enter");
    await inPage(page, async () => (await window.attention.trace()).steps[0].matrices[0].data[0][1] === 2.5);
    assert.equal(await x01(), 2.5);
    assert.notDeepEqual(await weights(), before, "the softmax followed");
    saveArtifact("keyboard-focus.png", await page.screenshot());
    assert.deepEqual(problems, []);
  } finally {
    await browser.done();
  }
});

test("pixel ratio 3: the 64-column values and outputs are drawn, with no black block", async () => {
  for (const options of [{ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 3 }, SIZES[2].options]) {
    const browser = await newContext(options);
    try {
      const { page, problems } = await openPage(browser, `${env.url}?lesson=attention-times-value&mode=explore`);
      for (const [step, matrix] of [
        [1, "value-64/V"],
        [2, "value-64/output"],
      ]) {
        await page.evaluate((s) => window.attention.setStep(s), step);
        const all = await items(page);
        const { width, height } = options.viewport;
        const rects = Object.entries(all)
          .filter(([k]) => k.startsWith(`##${matrix}:`))
          .map(([, r]) => [Math.max(r[0], 0), Math.max(r[1], 0), Math.min(r[2], width), Math.min(r[3], height)])
          .filter((r) => r[2] > r[0] && r[3] > r[1]);
        assert.ok(rects.length > 10, `${matrix}: cells on screen`);
        const shot = PNG.sync.read(await page.screenshot());
        const u = union(rects),
          s = options.deviceScaleFactor;
        let black = 0,
          total = 0;
        for (let y = Math.floor(u[1] * s); y < Math.floor(u[3] * s); ++y)
          for (let x = Math.floor(u[0] * s); x < Math.floor(u[2] * s); ++x) {
            const i = (y * shot.width + x) * 4;
            total++;
            if (shot.data[i] < 12 && shot.data[i + 1] < 12 && shot.data[i + 2] < 12) ++black;
          }
        assert.ok(black / total < 0.01, `${matrix} at ${options.viewport.width}px: ${black} of ${total} pixels black`);
      }
      assert.deepEqual(problems, []);
    } finally {
      await browser.close();
    }
  }
});

test("800×500: the dragged cell stays under the pointer when a sentence above it stops holding", async () => {
  // the-cat-sat step 4 says "every word attends mostly to cat" above the
  // scaled scores; dragging a score far enough makes it untrue. The sentence
  // then moves under the numbers, and what is above keeps its height until
  // the learner lets go (it moved the numbers 51 px before).
  const { server, url } = await startServer();
  const browser = await browserFor({ viewport: { width: 800, height: 500 } });
  try {
    const { page, problems } = await browser.open(`${url}?lesson=the-cat-sat&step=4&mode=explore`);
    const label = "##scaled:0:0";
    const start = (await items(page))[label];
    assert.ok(start, `${label} is on screen`);
    const box = await page.locator("#canvas").boundingBox();
    const x = box.x + (start[0] + start[2]) / 2,
      y = box.y + (start[1] + start[3]) / 2;
    const stale = () =>
      page.evaluate(async () => (await window.attention.trace()).steps[3].sentences.filter((s) => !s.holds).length);
    assert.equal(await stale(), 0);
    await page.mouse.move(x, y);
    await page.mouse.down();
    const tops = [];
    for (let i = 1; i <= 8; ++i) {
      await page.mouse.move(x + i * 25, y);
      tops.push((await items(page))[label][1]);
    }
    assert.ok((await stale()) > 0, "the drag made a sentence untrue");
    assert.deepEqual(
      tops.map((t) => Math.round(t - start[1])),
      tops.map(() => 0),
    );
    await page.mouse.up();
    assert.deepEqual(problems, []);
  } finally {
    await browser.done();
    server.close();
  }
});
