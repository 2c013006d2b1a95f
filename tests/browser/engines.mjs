// One small driver for the cross-engine tests (engines.test.mjs): the same few
// operations in Chromium (playwright-core), Firefox ESR (puppeteer-core over
// WebDriver BiDi) and WebKitGTK (selenium-webdriver, WebKitWebDriver and
// MiniBrowser), all from Debian's packages. Firefox and WebKit need an X
// display: run them under `xvfb-run -a -s "-screen 0 1280x1024x24"` (ctest
// does). docs/cross-browser-testing.md has the engines' traps.
//
//   const engine = await openEngine("webkit");
//   await engine.goto(url);                         // returns after the load event
//   await engine.evaluate(fn, arg);                 // fn runs in the page; a promise is awaited
//   await engine.mouse.move(x, y); .down(); .up();  // viewport CSS pixels, left button
//   await engine.keyboard.type("text"); .press("ArrowRight");
//   await engine.screenshot();                      // the viewport, as a PNG Buffer
//   await engine.errors();                          // page and console errors since the last call
//   await engine.close();
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import { launch, watch } from "./browser.mjs";

export const ENGINES = ["chromium", "firefox", "webkit"];
const FIREFOX = "/usr/bin/firefox-esr";
const MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser";
// Waits are for progress, with limits generous enough for a loaded 2-core machine.
const TIMEOUT = 120000;

export async function openEngine(name, { width = 1280, height = 800 } = {}) {
  if (name === "chromium") return chromium(width, height);
  if (name !== "firefox" && name !== "webkit") throw new Error(`unknown engine "${name}": use ${ENGINES.join(", ")}`);
  if (!process.env.DISPLAY)
    throw new Error(`${name} needs an X display (headless Firefox has no WebGL here): run under xvfb-run -a`);
  return name === "firefox" ? firefox(width, height) : webkit(width, height);
}

// WebKitWebDriver passes no console messages on (and MiniBrowser's
// --enable-write-console-messages-to-stdout is silent in its ephemeral
// automation sessions), so in WebKit errors are collected in the page by this
// probe, installed as soon as a page has loaded. What errs before that shows
// through its effects (the tests wait for window.attention.ready).
function probe() {
  if (window.__engineProblems) return;
  const problems = (window.__engineProblems = []);
  const text = (x) => String((x && x.message) || x);
  window.addEventListener("error", (e) => problems.push(`page error: ${e.message}`));
  window.addEventListener("unhandledrejection", (e) => problems.push(`page error: ${text(e.reason)}`));
  document.addEventListener("securitypolicyviolation", (e) =>
    problems.push(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`),
  );
  const error = console.error;
  console.error = function (...args) {
    problems.push(`console error: ${args.map(text).join(" ")}`);
    return error.apply(this, args);
  };
}
const takeProbed = () => (window.__engineProblems || []).splice(0);

// ---- Chromium: playwright-core, headless, SwiftShader (browser.mjs's launch) ----
async function chromium(width, height) {
  const context = await launch({ viewport: { width, height } });
  const page = context.pages()[0] ?? (await context.newPage());
  const problems = watch(page); // page errors, console errors (CSP violations among them)
  return {
    name: "chromium",
    goto: async (url) => void (await page.goto(url)),
    evaluate: (fn, arg) => page.evaluate(fn, arg),
    mouse: { move: (x, y) => page.mouse.move(x, y), down: () => page.mouse.down(), up: () => page.mouse.up() },
    keyboard: { type: (text) => page.keyboard.type(text), press: (key) => page.keyboard.press(key) },
    screenshot: () => page.screenshot(),
    errors: async () => problems.splice(0),
    close: () => context.close(),
  };
}

// ---- Firefox ESR: puppeteer-core over WebDriver BiDi, headed (needs a display) ----
async function firefox(width, height) {
  const { default: puppeteer } = await import("puppeteer-core");
  const browser = await puppeteer.launch({
    browser: "firefox",
    executablePath: FIREFOX,
    headless: false, // headless Firefox has no WebGL on this machine: the page would open its text view
    args: [`--width=${width}`, `--height=${height + 200}`],
    protocolTimeout: TIMEOUT,
  });
  try {
    const page = (await browser.pages())[0] ?? (await browser.newPage());
    page.setDefaultTimeout(TIMEOUT);
    await page.setViewport({ width, height }); // BiDi applies no launch-time viewport to the first page
    const problems = [];
    page.on("pageerror", (e) => problems.push(`page error: ${e.message}`)); // CSP violations too
    page.on("console", (m) => {
      if (m.type() === "error") problems.push(`console error: ${m.text()}`);
    });
    return {
      name: "firefox",
      goto: async (url) => void (await page.goto(url)),
      evaluate: (fn, arg) => page.evaluate(fn, arg),
      mouse: { move: (x, y) => page.mouse.move(x, y), down: () => page.mouse.down(), up: () => page.mouse.up() },
      keyboard: { type: (text) => page.keyboard.type(text), press: (key) => page.keyboard.press(key) },
      screenshot: async () => Buffer.from(await page.screenshot()),
      errors: async () => problems.splice(0), // CSP violations arrive as page errors
      close: () => browser.close(),
    };
  } catch (e) {
    await browser.close();
    throw e;
  }
}

// ---- WebKitGTK: selenium-webdriver against WebKitWebDriver, which starts MiniBrowser ----
async function webkit(width, height) {
  const { Builder, Origin, Button, Key } = await import("selenium-webdriver");
  if (!fs.existsSync(MINIBROWSER)) throw new Error(`no ${MINIBROWSER}: install webkit2gtk-driver`);
  const port = await freePort();
  // Its own process group, with MiniBrowser and WebKit's processes under it: a
  // browser that hangs is killed with the group, never left to stall the run.
  const server = spawn("WebKitWebDriver", [`--port=${port}`], {
    stdio: ["ignore", "ignore", "pipe"],
    detached: true,
  });
  let serverLog = "";
  server.stderr.on("data", (b) => (serverLog = (serverLog + b).slice(-4000)));
  const exited = new Promise((resolve) => server.once("exit", resolve));
  const stopServer = async () => {
    if (server.exitCode === null && server.signalCode === null) server.kill();
    if (!(await within(exited, 10000))) {
      try {
        process.kill(-server.pid, "SIGKILL");
      } catch (e) {
        // gone already
      }
      await exited;
    }
  };
  let driver;
  try {
    await waitForStatus(`http://127.0.0.1:${port}/status`, server, () => serverLog);
    driver = await new Builder()
      .usingServer(`http://127.0.0.1:${port}`)
      .withCapabilities({
        browserName: "MiniBrowser",
        "webkitgtk:browserOptions": { binary: MINIBROWSER, args: ["--automation"] },
      })
      .build();
    await driver.manage().setTimeouts({ script: TIMEOUT, pageLoad: TIMEOUT, implicit: 0 });
    await sizeViewport(driver, width, height);
  } catch (e) {
    await driver?.quit().catch(() => {});
    await stopServer();
    throw new Error(`WebKitWebDriver did not start a session: ${e.message}\n${serverLog}`);
  }

  const problems = [];
  const collect = async () => problems.push(...((await driver.executeScript(takeProbed).catch(() => [])) || []));
  const install = () => driver.executeScript(probe);
  const actions = () => driver.actions({ async: true });
  const keys = {
    ArrowLeft: Key.ARROW_LEFT,
    ArrowRight: Key.ARROW_RIGHT,
    ArrowUp: Key.ARROW_UP,
    ArrowDown: Key.ARROW_DOWN,
    Home: Key.HOME,
    End: Key.END,
    Enter: Key.ENTER,
    Tab: Key.TAB,
    Backspace: Key.BACK_SPACE,
    Escape: Key.ESCAPE,
  };
  return {
    name: "webkit",
    goto: async (url) => {
      await collect();
      await driver.get(url);
      await install();
    },
    // executeAsyncScript's callback carries the promise's outcome back.
    evaluate: async (fn, arg) => {
      const result = await driver.executeAsyncScript(
        `const done = arguments[arguments.length - 1];
         Promise.resolve()
           .then(() => (${fn})(arguments[0]))
           .then((value) => done({ ok: true, value: value === undefined ? null : value }),
                 (e) => done({ ok: false, error: String((e && e.message) || e) }));`,
        arg === undefined ? null : arg,
      );
      if (!result.ok) throw new Error(result.error);
      return result.value;
    },
    mouse: {
      move: (x, y) =>
        actions()
          .move({ x: Math.round(x), y: Math.round(y), origin: Origin.VIEWPORT, duration: 0 })
          .perform(),
      down: () => actions().press(Button.LEFT).perform(),
      up: () => actions().release(Button.LEFT).perform(),
    },
    keyboard: {
      type: (text) => actions().sendKeys(text).perform(),
      press: (key) => {
        const k = keys[key] ?? key;
        return actions().keyDown(k).keyUp(k).perform();
      },
    },
    screenshot: async () => Buffer.from(await driver.takeScreenshot(), "base64"),
    errors: async () => {
      await collect();
      return problems.splice(0);
    },
    close: async () => {
      await within(
        driver.quit().catch(() => {}),
        30000,
      );
      await stopServer();
    },
  };
}

// MiniBrowser's window has a toolbar: size the window so the page gets width × height.
async function sizeViewport(driver, width, height) {
  await driver.manage().window().setRect({ width, height });
  const inner = await driver.executeScript("return [window.innerWidth, window.innerHeight]");
  if (inner[0] !== width || inner[1] !== height)
    await driver
      .manage()
      .window()
      .setRect({ width: 2 * width - inner[0], height: 2 * height - inner[1] });
}

// Whether `promise` settled within `ms` milliseconds.
function within(promise, ms) {
  let timer;
  const late = new Promise((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  return Promise.race([promise.then(() => true), late]).finally(() => clearTimeout(timer));
}

function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

async function waitForStatus(url, child, log) {
  const deadline = Date.now() + TIMEOUT;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`WebKitWebDriver exited (${child.exitCode})\n${log()}`);
    try {
      const status = await (await fetch(url)).json();
      if (status.value && status.value.ready) return;
    } catch (e) {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`WebKitWebDriver never answered ${url}\n${log()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
