// A cross-origin host page (web/examples/embed.html on one port) drives the
// widget (on another port) with postMessage and follows its step.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { launch, startServer, DIST, watch } from "./browser.mjs";

let widget, host, browser;
before(async () => {
  widget = await startServer();
  host = await startServer({ csp: false }); // the host is someone else's page, with its own rules
  browser = await launch({ viewport: { width: 1000, height: 900 } });
});
after(async () => {
  await browser?.close();
  widget?.server.close();
  host?.server.close();
});

async function openHost() {
  const page = await browser.newPage();
  const problems = watch(page);
  await page.goto(`${host.url}examples/embed.html?widget=${encodeURIComponent(widget.url)}`);
  await page.waitForFunction(() => document.getElementById("status").textContent.startsWith("Step 1 of 5"));
  const frame = page.frames().find((f) => f.url().startsWith(widget.url));
  return { page, frame, problems };
}

test("the host hears attention:ready and follows attention:statechange", async () => {
  const { page, frame, problems } = await openHost();
  assert.notEqual(new URL(host.url).origin, new URL(widget.url).origin, "two origins");
  // The learner moves the widget: the host's own text follows.
  await frame.evaluate(() => window.attention.setStep(2));
  await page.waitForFunction(() =>
    document.getElementById("status").textContent.startsWith("Step 3 of 5: Step 3: Compute attention scores"),
  );
  await frame.evaluate(() => window.attention.setValue("X", 0, 0, 2));
  await page.waitForFunction(() => document.getElementById("status").textContent.includes("numbers changed"));
  assert.deepEqual(problems, []);
  await page.close();
});

test("the host drives the widget: setStep, setLesson, setValue, reset, state over postMessage", async () => {
  const { page, frame, problems } = await openHost();
  await page.click("#next");
  await page.waitForFunction(() => document.getElementById("status").textContent.startsWith("Step 2 of 5"));
  assert.equal(await frame.evaluate(() => window.attention.state().step), 1);
  const result = await page.evaluate(async () => {
    const call = window.embedExample.call;
    await call("setLesson", "i-am-batman");
    await call("setValue", "W_q", 0, 0, 5);
    const edited = await call("state");
    await call("reset");
    const after = await call("state");
    let error = null;
    try {
      await call("setStep", 42);
    } catch (e) {
      error = e.message;
    }
    let unknown = null;
    try {
      await call("deleteEverything");
    } catch (e) {
      unknown = e.message;
    }
    return { edited, after, error, unknown };
  });
  assert.equal(result.edited.lesson, "i-am-batman");
  assert.equal(result.edited.edited, true);
  assert.equal(result.after.edited, false);
  assert.equal(result.error, "no step 42 in this lesson");
  assert.equal(result.unknown, 'unknown method "deleteEverything"');
  assert.deepEqual(problems, []);
  await page.close();
});

test("typing in the host page's own field is not taken by the widget", async () => {
  const { page, problems } = await openHost();
  await page.click("#notes");
  await page.keyboard.type("attention!");
  await page.keyboard.press("Backspace");
  assert.equal(await page.inputValue("#notes"), "attention");
  assert.deepEqual(problems, []);
  await page.close();
});

test("the widget stops drawing while scrolled out of view", async () => {
  const { page, frame, problems } = await openHost();
  await page.evaluate(() => {
    const spacer = document.createElement("div");
    spacer.style.height = "3000px";
    document.body.append(spacer);
    window.scrollTo(0, 2500);
  });
  await page.waitForTimeout(700);
  const away = await frame.evaluate(() => window.attention.framesDrawn());
  await frame.evaluate(() => window.attention.setStep(3)); // would draw if it were in view
  await page.waitForTimeout(700);
  assert.equal(await frame.evaluate(() => window.attention.framesDrawn()), away);
  await page.evaluate(() => window.scrollTo(0, 0));
  await frame.waitForFunction((n) => window.attention.framesDrawn() > n, away);
  assert.deepEqual(problems, []);
  await page.close();
});
