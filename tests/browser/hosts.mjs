// The widget in someone else's page, for the tests that embed it
// (embed.test.mjs, host-api.test.mjs): a host page on one origin, the widget
// on another, and the ways to open them.
import { before, beforeEach, after } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { built, newContext, startServer, ROOT, watch, forgetWorkOnce, inPage } from "./browser.mjs";

// The servers and the browser: env.widget, env.host ({url, server}), env.browser.
export function useHosts() {
  const env = {};
  before(async () => {
    env.widget = await startServer();
    // The host is someone else's page, with its own rules.
    env.host = await startServer({ csp: false, mounts: { "/fixtures/": path.join(ROOT, "tests/fixtures") } });
    env.browser = await newContext({ viewport: { width: 1000, height: 900 } });
  });
  after(async () => {
    await env.browser?.close();
    env.widget?.server.close();
    env.host?.server.close();
  });
  // The widget keeps a learner's work in its origin's storage, and Chromium
  // runs a closed page's pagehide (the widget saves there) in the background,
  // possibly after the next test cleared that storage: each host gets a widget
  // on a new port, a new origin with storage of its own.
  beforeEach(async () => {
    const previous = env.widget;
    env.widget = await startServer();
    previous?.server.close();
  });
  return env;
}

// Page errors and console errors, and the warning a postMessage to the wrong
// document earns (the helper must never post into the iframe's about:blank).
export function watchHost(page) {
  const problems = watch(page);
  page.on("console", (m) => {
    if (m.type() === "warning" && m.text().includes("postMessage")) problems.push(`warning: ${m.text()}`);
  });
  return problems;
}

// The guide's example host page (web/examples/embed.html), its widget at its first step.
export async function openHost(env) {
  const page = await env.browser.newPage();
  const problems = watchHost(page);
  await page.addInitScript(forgetWorkOnce);
  await page.goto(`${env.host.url}examples/embed.html?widget=${encodeURIComponent(env.widget.url)}`);
  await page.waitForFunction(() => document.getElementById("status").textContent.startsWith("Step "));
  const status = await page.textContent("#status");
  assert.ok(status.startsWith("Step 1 of 5"), `the widget opened at its first step, not: ${status}`);
  const frame = page.frames().find((f) => f.url().startsWith(env.widget.url));
  return { page, frame, problems };
}

// An empty host page (tests/fixtures/host.html) that loads the helper from dist/examples/.
export async function openEmptyHost(env) {
  const page = await env.browser.newPage();
  const problems = watchHost(page);
  await page.goto(`${env.host.url}fixtures/host.html`);
  return { page, problems };
}

// Holds the widget's wasm until release() (page.route sees the iframe's requests too).
export async function holdWasm(page) {
  let release;
  const released = new Promise((resolve) => (release = resolve));
  await page.route(`**/${built().wasm}`, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

// The widget's frame, once its page has arrived (bounded: 60 s).
export async function widgetFrame(page, env) {
  for (let i = 0; i < 600; ++i) {
    const frame = page.frames().find((f) => f.url().startsWith(env.widget.url));
    if (frame) return frame;
    await page.waitForTimeout(100);
  }
  throw new Error("the widget's page never arrived");
}

// A labelled item's centre in the host page's coordinates (the frame's items
// are recorded as frames are drawn).
export async function frameItem(page, frame, label) {
  await frame.evaluate(() => window.attention.testing.enableItems());
  for (let tries = 0; tries < 400; ++tries) {
    const rect = await frame.evaluate((l) => {
      window.attention.testing.wake();
      return window.attention.testing.items()[l];
    }, label);
    if (rect) {
      const box = await page.locator("iframe").boundingBox();
      return { x: box.x + (rect[0] + rect[2]) / 2, y: box.y + (rect[1] + rect[3]) / 2, rect };
    }
    await page.waitForTimeout(100);
  }
  throw new Error(`no item ${label} in the widget`);
}

// Whether an item labelled `label` is drawn in the frame, two frames from now.
export async function frameShows(frame, label) {
  await frame.evaluate(() => window.attention.testing.enableItems());
  const n = await frame.evaluate(() => window.attention.framesDrawn());
  await inPage(
    frame,
    async (before) => {
      window.attention.testing.wake();
      return (await window.attention.framesDrawn()) > before + 1;
    },
    n,
  );
  return frame.evaluate((l) => l in window.attention.testing.items(), label);
}
