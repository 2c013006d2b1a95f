// High-DPI, layout sizes and resizing, in real Chromium.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { newContext, startServer, openPage, distinctColours, saveArtifact, itemCentre } from "./browser.mjs";

// One browser for the sizes (a page sets its own); a pixel ratio needs a browser of its own.
let server, url, browser;
before(async () => {
  ({ server, url } = await startServer());
  browser = await newContext();
});
after(async () => {
  await browser?.close();
  server?.close();
});

for (const ratio of [1, 2, 3]) {
  test(`device-pixel ratio ${ratio}: the backing store is the CSS size × ${ratio}`, async () => {
    const scaled = await newContext({ deviceScaleFactor: ratio, viewport: { width: 900, height: 600 } });
    try {
      const { page, problems } = await openPage(scaled, url);
      const size = await page.evaluate(() => {
        const c = document.getElementById("canvas");
        return { w: c.width, h: c.height, cw: c.clientWidth, ch: c.clientHeight };
      });
      assert.equal(size.w, Math.round(size.cw * ratio));
      assert.equal(size.h, Math.round(size.ch * ratio));
      if (ratio === 2) saveArtifact("dpr2.png", await page.screenshot());
      assert.deepEqual(problems, []);
    } finally {
      await scaled.close();
    }
  });
}

test("pointer coordinates stay exact at ratio 2: a drag lands on the cell under the pointer", async () => {
  const scaled = await newContext({ deviceScaleFactor: 2 });
  try {
    const { page, problems } = await openPage(scaled, `${url}?lesson=i-am-batman`);
    const { x, y } = await itemCentre(page, "##X:0:1");
    const before = await page.evaluate(async () => (await window.attention.trace()).steps[0].matrices[0].data);
    await page.mouse.move(x, y);
    await page.mouse.down();
    for (let i = 1; i <= 6; ++i) await page.mouse.move(x + i * 10, y, { steps: 2 });
    await page.mouse.up();
    const after = await page.evaluate(async () => (await window.attention.trace()).steps[0].matrices[0].data);
    assert.ok(after[0][1] > before[0][1], "X[I, 1] grew");
    assert.equal(after[0][0], before[0][0]);
    assert.equal(after[1][1], before[1][1]);
    assert.deepEqual(problems, []);
  } finally {
    await scaled.close();
  }
});

for (const [w, h] of [
  [360, 640],
  [800, 500],
  [1280, 800],
  [1920, 1080],
]) {
  test(`the layout fills ${w}×${h} and draws`, async () => {
    const { page, problems } = await openPage(browser, `${url}?lesson=udl-multihead&step=8`, {
      viewport: { width: w, height: h },
    });
    const shot = await page.screenshot();
    saveArtifact(`layout-${w}x${h}.png`, shot);
    assert.ok(distinctColours(shot) > 20);
    const canvas = await page.locator("#canvas").boundingBox();
    assert.deepEqual([canvas.width, canvas.height], [w, h]);
    assert.deepEqual(problems, []);
    await page.close();
  });
}

test("the canvas follows a resize of its container", async () => {
  const { page, problems } = await openPage(browser, url, { viewport: { width: 1000, height: 700 } });
  await page.setViewportSize({ width: 700, height: 520 });
  await page.waitForFunction(() => document.getElementById("canvas").width === 700, null);
  assert.equal(await page.evaluate(() => document.getElementById("canvas").height), 520);
  assert.deepEqual(problems, []);
  await page.close();
});
