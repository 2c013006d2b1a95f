// Shared setup for the browser tests: Debian's Chromium (chromium.mjs), a
// fresh context per test, and every page error or console error collected so
// tests can fail on it.
import { before, after } from "node:test";
import { launch, sharedContext, closeSharedBrowser } from "./chromium.mjs";
import fs from "node:fs";
import path from "node:path";
import { PNG } from "pngjs";
import { distNames } from "../../scripts/dist_files.mjs";
import { serve } from "../../scripts/serve.mjs";

export const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");
export const DIST = path.join(ROOT, "dist");
export const OUTPUT = path.join(ROOT, "test-output");
// The program's files in dist/, named by their content: {css, js, wasm, page} (scripts/dist_files.mjs).
export const built = () => distNames(DIST);

export { launch };

// Each test's browser: a fresh context, as isolated as a new profile, in the
// test file's one Chromium (chromium.mjs), which closes after the file's last
// test. A test that needs a cold browser, nothing compiled anywhere, uses launch().
// The hook only in a test file: the bench and scripts import these helpers too,
// and a node:test hook would make them report as tests.
export const newContext = sharedContext;
if (/\.test\.mjs$/.test(process.argv[1] ?? "")) after(closeSharedBrowser);

// Runs in the page before its scripts: removes the page's saved work once per
// tab (sessionStorage outlives a reload, so a reload keeps the work).
export function forgetWorkOnce() {
  if (sessionStorage.getItem("attention-test:forgot")) return;
  sessionStorage.setItem("attention-test:forgot", "1");
  for (const key of Object.keys(localStorage)) if (key.startsWith("attention-lab:")) localStorage.removeItem(key);
}

// Records page errors, console errors and CSP violations on a page.
export function watch(page) {
  const problems = [];
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  page.on("console", (m) => {
    if (m.type() === "error") problems.push(`console error: ${m.text()}`);
  });
  return problems;
}

export async function startServer(options = {}) {
  if (!fs.existsSync(path.join(DIST, "index.html"))) throw new Error("dist/ is not built: run ./dev build");
  return serve({ dir: DIST, port: 0, ...options });
}

// Opens the page and waits for window.attention.ready (the first drawn frame).
// The browser's profile lasts a whole test file, and the page keeps a
// learner's work in it: each page starts with none unless `keepWork` (a
// reload of the same page keeps it, as it does for a learner).
export async function openPage(context, url, { keepWork = false, viewport = null } = {}) {
  const page = await context.newPage();
  if (viewport) await page.setViewportSize(viewport); // one browser for several sizes
  const problems = watch(page);
  if (!keepWork) await page.addInitScript(forgetWorkOnce);
  await page.goto(url);
  await page.waitForFunction(() => window.attention && window.attention.firstFrameMs !== null);
  await page.evaluate(() => window.attention.ready); // a lesson file named by the link has loaded
  return { page, problems };
}

// Waits until the page has drawn more frames than `before`, waking it while
// it waits. A loaded 2-core machine can take seconds for a frame: this waits
// as long as the page is alive (it answers), up to 2 minutes, never a fixed
// short time.
export async function nextFrame(page, before) {
  const deadline = Date.now() + 120000;
  for (;;) {
    const n = await page.evaluate(() => {
      window.attention.testing.wake();
      return window.attention.framesDrawn();
    });
    if (n > before) return n;
    if (Date.now() > deadline) throw new Error(`no frame after frame ${before} in 2 minutes`);
    await page.waitForTimeout(50);
  }
}

// Each input event is seen in a drawn frame of its own, as a hand's are: the
// page's next frame, waited for in the page (a poll from here would add its
// interval to each of the test's few hundred frames). Bounded: 2 minutes.
export const drawnFrame = (page) =>
  page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const { testing } = window.attention;
        const before = testing.frames();
        const deadline = performance.now() + 120000;
        const check = () => {
          if (testing.frames() > before) return resolve();
          if (performance.now() > deadline) return reject(new Error(`no frame after frame ${before}`));
          testing.wake();
          requestAnimationFrame(check);
        };
        check();
      }),
  );
// Waits until `predicate`, run in the page (or frame) with `arg`, gives a
// truthy value, and returns it. The predicate may be async, as reading
// window.attention is (every method answers with a promise, which
// waitForFunction would take as truthy at once): polled every 50 ms while the
// page answers, up to 2 minutes.
export async function inPage(target, predicate, arg, what = "the page's condition") {
  const deadline = Date.now() + 120000;
  for (;;) {
    const value = await target.evaluate(predicate, arg);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${what} did not hold in 2 minutes`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

// Distinct colours in a PNG (a blank canvas has one).
export function distinctColours(pngBuffer) {
  const png = PNG.sync.read(pngBuffer);
  const seen = new Set();
  for (let i = 0; i < png.data.length && seen.size < 1000; i += 4)
    seen.add((png.data[i] << 16) | (png.data[i + 1] << 8) | png.data[i + 2]);
  return seen.size;
}

// Elements markup could turn into, counted in the page (pass to evaluate); the
// page itself has none of them except its own scripts (inline ones in the
// single file), counted before, and the text view's renderer, which the page
// loads when the view first opens.
export const injectable = () =>
  document.querySelectorAll('img, svg, iframe, script:not([src^="textview."]), a, b, u').length;

export function saveArtifact(name, buffer) {
  fs.mkdirSync(OUTPUT, { recursive: true });
  fs.writeFileSync(path.join(OUTPUT, name), buffer);
}

// Waits, bounded, until the last frame drawn laid things out as the one before
// it: ImGui settles some layouts a frame late (a new step's content size, a
// scrollbar), and a rectangle read before then can be rows away from where a
// press lands on a loaded machine. Or until the loop has stopped: a layout
// that never settles stops it after 10 frames, and waiting longer changes
// nothing. A page that keeps changing (an animation) is taken as it is after 20 s.
export async function settled(page) {
  const deadline = Date.now() + 20000;
  while (Date.now() < deadline) {
    const loop = await page.evaluate(() => window.attention.testing.loop());
    if (loop.settled || loop.stopped) return;
    await page.waitForTimeout(20);
  }
}

// The centre of a labelled ImGui item in page coordinates (items are recorded
// while frames are drawn, so this wakes the page, waits for a frame, and then
// for the layout to settle).
export async function itemCentre(page, label) {
  const all = await items(page);
  const rect = all[label];
  if (!rect) {
    const shown = Object.keys(all);
    throw new Error(`no item ${label} on screen (${shown.length} items: ${shown.slice(0, 12).join(" ")})`);
  }
  const box = await page.locator("#canvas").boundingBox();
  return { x: box.x + (rect[0] + rect[2]) / 2, y: box.y + (rect[1] + rect[3]) / 2, rect };
}

// The clipboard's text once it contains `expected` (a copy lands a frame or
// two after the click); throws after about 10 s.
export async function clipboardText(page, expected) {
  let text = "";
  for (let i = 0; i < 100; ++i) {
    text = await page.evaluate(() => navigator.clipboard.readText());
    if (text.includes(expected)) return text;
    await page.waitForTimeout(100);
  }
  throw new Error(
    `the clipboard never held ${JSON.stringify(expected)} (it holds ${JSON.stringify(text.slice(0, 80))})`,
  );
}

// Waits until the page stops drawing (it is idle).
export async function settle(page) {
  let last = -1;
  for (let i = 0; i < 40; ++i) {
    const n = await page.evaluate(() => window.attention.framesDrawn());
    if (n === last) return n;
    last = n;
    await page.waitForTimeout(250);
  }
  throw new Error("the page never stopped drawing");
}

// One server and one browser for a test file: `const env = useBrowser();`
// then env.url and env.browser inside the tests.
// More set-up can chain on `await env.ready`.
export function useBrowser(launchOptions = {}, serverOptions = {}) {
  let started;
  const env = { ready: new Promise((resolve) => (started = resolve)) };
  before(async () => {
    Object.assign(env, await startServer(serverOptions));
    env.browser = await newContext(launchOptions);
    started(env);
  });
  after(async () => {
    await env.browser?.close();
    env.server?.close();
  });
  return env;
}

// Every labelled item ({label: [x0, y0, x1, y1]} in CSS px of the canvas), once
// a frame was drawn with the registry on and the layout has settled.
export async function items(page) {
  await page.evaluate(() => window.attention.testing.enableItems());
  await nextFrame(page, (await page.evaluate(() => window.attention.framesDrawn())) + 1);
  await settled(page);
  return page.evaluate(() => window.attention.testing.items());
}

// The labels of every item drawn in the next frames.
export async function labels(page) {
  return Object.keys(await items(page));
}

// Clicks a labelled item as a person does: the pointer arrives, then presses
// and releases, each seen in a frame of its own (a press and release within
// one frame can be lost on a loaded machine). Waits, bounded, for the item.
export async function clickItem(page, label) {
  const deadline = Date.now() + 90000;
  while (!(await labels(page)).includes(label)) if (Date.now() > deadline) throw new Error(`${label} never appeared`);
  const { x, y } = await itemCentre(page, label);
  const frame = async () => nextFrame(page, await page.evaluate(() => window.attention.framesDrawn()));
  await page.mouse.move(x, y, { steps: 4 });
  await frame();
  await page.mouse.down();
  await frame();
  await page.mouse.up();
  await frame();
}

// Scrolls the step panel with `hand.scroll(page, x, y, by)` (a wheel or a
// finger) until the item `label` is inside it; returns the items then.
export async function scrollIntoView(page, hand, all, label) {
  const box = await page.locator("#canvas").boundingBox();
  for (let tries = 0; tries < 20; ++tries) {
    const [x0, top, , bottom] = all["##step-panel"];
    if (!all[label])
      throw new Error(
        `no ${label}: ${Object.keys(all).join(" ")} ${JSON.stringify(await page.evaluate(() => window.attention.state()))}`,
      );
    const [, y0, , y1] = all[label];
    if (y0 >= top + 4 && y1 <= bottom - 4) return all;
    const by = y0 < top + 4 ? y0 - top - 40 : y1 - bottom + 40;
    const reach = (bottom - top) / 2 - 20;
    await hand.scroll(page, box.x + x0 + 12, box.y + (top + bottom) / 2, Math.max(-reach, Math.min(reach, by)));
    all = await items(page);
  }
  throw new Error(`${label} could not be scrolled into view`);
}

// A finger: down, then sideways in three paced moves (past the slop that
// makes it a drag, not a scroll); release() lifts it.
export function finger(cdp, frame = drawnFrame) {
  const touch = (type, points) => cdp.send("Input.dispatchTouchEvent", { type, touchPoints: points });
  return {
    async press(page, x, y) {
      await touch("touchStart", [{ x, y }]);
      await frame(page);
      for (let i = 1; i <= 3; ++i) {
        await touch("touchMove", [{ x: x + 14 * i, y }]);
        await frame(page);
      }
    },
    // On from a press: the finger moves to (x, y).
    async move(page, x, y) {
      await touch("touchMove", [{ x, y }]);
      await frame(page);
    },
    async release(page) {
      await touch("touchEnd", []);
      await frame(page);
    },
    // A tap: a mouse click would make the page a mouse page, with smaller targets.
    // Up or down: the panel follows the finger.
    async scroll(page, x, y, by) {
      await touch("touchStart", [{ x, y }]);
      for (let i = 1; i <= 4; ++i) {
        await touch("touchMove", [{ x, y: y - (by * i) / 4 }]);
        await frame(page);
      }
      await touch("touchEnd", []);
      await frame(page);
    },
    async click(page, label) {
      const [x0, y0, x1, y1] = (await scrollIntoView(page, this, await items(page), label))[label];
      const box = await page.locator("#canvas").boundingBox();
      const [x, y] = [box.x + (x0 + x1) / 2, box.y + (y0 + y1) / 2];
      await touch("touchStart", [{ x, y }]);
      await frame(page);
      await touch("touchEnd", []);
      // A tap is played to the UI over the frames after the lift (hover,
      // press, release: browser_input.cpp's play_tap): wait them out.
      for (let i = 0; i < 5; ++i) await frame(page);
    },
  };
}
