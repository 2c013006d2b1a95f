// Debian's Chromium, driven by playwright-core: headless, SwiftShader WebGL2.
// Two ways to get a browser: launch() starts one of its own with an empty
// profile (a cold load, nothing cached or compiled anywhere: what the bench
// measures); sharedContext() opens a fresh context, isolated as a new
// profile is (its own storage, cache and service workers), in one Chromium
// that the process starts once: a tenth of the cost of a browser, for tests.
// No node:test here: the bench and scripts import this.
import { chromium } from "playwright-core";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--use-angle=swiftshader",
  "--enable-unsafe-swiftshader",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];
const BROWSER = { executablePath: "/usr/bin/chromium", args: FLAGS, headless: true };
const CONTEXT = { viewport: { width: 1280, height: 800 } };

// Waits are for progress, not for a fixed short time: a loaded 2-core machine
// can take seconds where a quiet one takes milliseconds.
const TIMEOUT = 90000;

// A browser with its own empty profile (removed again by close()), with
// Playwright context options: viewport, deviceScaleFactor, hasTouch...
export async function launch(options = {}) {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "attention-chromium-"));
  const context = await chromium.launchPersistentContext(profile, { ...BROWSER, ...CONTEXT, ...options });
  context.setDefaultTimeout(TIMEOUT);
  const close = context.close.bind(context);
  context.close = async () => {
    await close();
    fs.rmSync(profile, { recursive: true, force: true });
  };
  return context;
}

let shared = null; // the process's one Chromium, a promise, started on first use

// A fresh context in the process's one Chromium, with the same options as
// launch(). Whoever uses it calls closeSharedBrowser() when done.
export async function sharedContext(options = {}) {
  shared ??= chromium.launch(BROWSER);
  const browser = await shared;
  const context = await browser.newContext({ ...CONTEXT, ...options });
  context.setDefaultTimeout(TIMEOUT);
  const close = context.close.bind(context);
  context.close = async () => {
    if (browser.isConnected()) await close(); // closing the browser closed it
  };
  return context;
}

export async function closeSharedBrowser() {
  const browser = await shared;
  shared = null;
  await browser?.close();
}
