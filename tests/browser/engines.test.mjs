// The browser tests that matter, in one engine: ENGINE=chromium|firefox|webkit
// (ctest runs each as its own entry, browser/engine-<name>; Firefox and WebKit
// under xvfb-run). Load, a real drag, the API, postMessage embedding, hostile
// links, and the single file from file://. Driven through engines.mjs, so
// every step is the same in each engine; screenshots go to test-output/.
import { test, before, beforeEach, after } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { openEngine, ENGINES } from "./engines.mjs";
import { startServer, distinctColours, injectable, saveArtifact, DIST, ROOT } from "./browser.mjs";

const ENGINE = process.env.ENGINE || "chromium";
if (!ENGINES.includes(ENGINE)) throw new Error(`ENGINE=${ENGINE}: use one of ${ENGINES.join(", ")}`);
const LIMIT = 120000; // for any one thing to happen on a loaded 2-core machine
const options = { timeout: 300000 };

let engine, widget, host;
before(async () => {
  widget = await startServer({ mounts: { "/fixtures/": path.join(ROOT, "tests/fixtures") } });
  host = await startServer({ csp: false }); // a course page: someone else's origin, with its own rules
  const started = Date.now();
  engine = await openEngine(ENGINE);
  console.log(`# ${ENGINE} started in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}, options);
// Each test answers for its own errors, not for those of a test that failed before it.
beforeEach(async () => void (await engine?.errors()));
after(
  async () => {
    await engine?.close();
    widget?.server.close();
    host?.server.close();
  },
  { timeout: 120000 },
);

// ---- Waiting for progress, in any engine ----------------------------------------

// Evaluates fn(arg) until it returns something truthy; fails after LIMIT.
async function waitFor(fn, arg, what) {
  const deadline = Date.now() + LIMIT;
  for (;;) {
    const value = await engine.evaluate(fn, arg);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${ENGINE}: ${what} (waited ${LIMIT / 1000} s)`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

// Waits for a frame drawn after this moment (so after any input already sent):
// the page has seen that input. Wakes the page, which draws nothing when idle.
function frameAfterNow() {
  return waitFor(
    async () => {
      const a = window.attention;
      const before = await a.framesDrawn();
      const started = performance.now();
      a.testing.wake();
      return new Promise((resolve) => {
        const check = async () => {
          if ((await a.framesDrawn()) > before) resolve(true);
          else if (performance.now() - started > 5000) resolve(false);
          else setTimeout(check, 5);
        };
        check();
      });
    },
    null,
    "the page drew no frame",
  );
}

// Opens a page of the app and waits for its first drawn frame (or says why not).
async function openApp(url) {
  await engine.goto(url);
  const outcome = await waitFor(
    () => {
      const shown = (id) => (document.getElementById(id) && !document.getElementById(id).hidden ? id : null);
      if (window.attention && window.attention.firstFrameMs !== null) return "drawn";
      if (shown("failure")) return `failed: ${document.getElementById("failure").textContent.trim()}`;
      if (shown("text-view-notice")) return "no WebGL2: the page opened its text view";
      return null;
    },
    null,
    `${url.slice(0, 80)} never drew its first frame`,
  );
  assert.equal(outcome, "drawn", `${ENGINE}: ${url.slice(0, 80)}`);
  await engine.evaluate(() => window.attention.ready.then(() => true)); // a lesson-url lesson has loaded too
}

// The centre of a labelled ImGui item, in viewport CSS pixels: items are
// recorded while frames are drawn, so enable them and wait for two frames.
async function itemCentre(label) {
  await engine.evaluate(() => window.attention.testing.enableItems());
  await frameAfterNow();
  await frameAfterNow();
  const found = await engine.evaluate((l) => {
    const items = window.attention.testing.items();
    const box = document.getElementById("canvas").getBoundingClientRect();
    const r = items[l];
    return r ? { x: box.left + (r[0] + r[2]) / 2, y: box.top + (r[1] + r[3]) / 2 } : { shown: Object.keys(items) };
  }, label);
  if (found.shown) throw new Error(`${ENGINE}: no item ${label} (${found.shown.slice(0, 12).join(" ")})`);
  return found;
}

// A drag as a person makes it: press, `moves` moves, release, each seen by the
// page in a frame of its own before the next (WebKit drops a drag sent at once).
async function drag(from, to, moves = 10) {
  await engine.mouse.move(from.x, from.y);
  await frameAfterNow();
  await engine.mouse.down();
  await frameAfterNow();
  for (let i = 1; i <= moves; ++i) {
    await engine.mouse.move(from.x + ((to.x - from.x) * i) / moves, from.y + ((to.y - from.y) * i) / moves);
    await frameAfterNow();
  }
  await engine.mouse.up();
  await frameAfterNow();
}

// A real click on a DOM element of the page (not the canvas).
async function clickElement(selector) {
  const at = await engine.evaluate((s) => {
    const r = document.querySelector(s).getBoundingClientRect();
    return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
  }, selector);
  await engine.mouse.move(at.x, at.y);
  await engine.mouse.down();
  await engine.mouse.up();
}

async function screenshot(name) {
  const shot = await engine.screenshot();
  saveArtifact(`engine-${ENGINE}-${name}.png`, shot);
  return shot;
}

async function assertNoErrors(what, ignore = /^$/) {
  const errors = (await engine.errors()).filter((e) => !ignore.test(e));
  assert.deepEqual(errors, [], `${ENGINE}: ${what}`);
}

// ---- The tests ----------------------------------------------------------------------

test(`${ENGINE}: load — the served page (strict CSP) becomes ready and draws, without errors`, options, async () => {
  await openApp(widget.url);
  const page = await engine.evaluate(async () => ({
    state: await window.attention.state(),
    firstFrameMs: window.attention.firstFrameMs,
    loading: document.getElementById("loading").hidden,
    webgl2: typeof WebGL2RenderingContext,
  }));
  console.log(`# ${ENGINE}: first frame ${page.firstFrameMs.toFixed(0)} ms after navigation`);
  assert.equal(page.state.lesson, "the-cat-sat");
  assert.equal(page.loading, true, "the loading screen is gone");
  await frameAfterNow();
  const colours = distinctColours(await screenshot("load"));
  assert.ok(colours > 20, `${ENGINE}: the page is ${colours} colour(s): nothing drawn`);
  await assertNoErrors("load");
});

test(`${ENGINE}: drag — a paced mouse drag on X changes the input and the softmax weights`, options, async () => {
  await openApp(`${widget.url}?lesson=the-cat-sat&step=1`);
  const read = () =>
    engine.evaluate(async () => {
      const t = await window.attention.trace();
      return { x: t.steps[0].matrices.find((m) => m.name === "X").data[0][1], weights: t.result.weights };
    });
  const before = await read();
  const cell = await itemCentre("##X:0:1");
  await drag(cell, { x: cell.x + 80, y: cell.y });
  const afterDrag = await read();
  await screenshot("drag");
  assert.notEqual(afterDrag.x, before.x, `${ENGINE}: the drag did not change X[0][1] (${before.x})`);
  assert.notDeepEqual(afterDrag.weights, before.weights, `${ENGINE}: the weights did not follow`);
  assert.equal(await engine.evaluate(async () => (await window.attention.state()).edited), true);
  await assertNoErrors("drag");
});

test(`${ENGINE}: API — setLesson, setStep, setValue, state, link, numpy work; bad calls throw`, options, async () => {
  await openApp(widget.url);
  const r = await engine.evaluate(async () => {
    const a = window.attention;
    await a.setLesson("i-am-batman"); // its file is fetched the first time
    await a.setStep(2);
    await a.setValue("W_q", 0, 0, 5);
    const result = {
      state: await a.state(),
      link: await a.link(),
      numpy: await a.numpy(),
      trace: await a.trace(),
      errors: {},
    };
    const bad = {
      step: () => a.setStep(42),
      lesson: () => a.setLesson("no-such-lesson"),
      value: () => a.setValue("W_q", 0, 0, NaN),
      name: () => a.setValue("nothing", 0, 0, 1),
      theme: () => a.setTheme("purple"),
    };
    for (const [name, call] of Object.entries(bad)) {
      try {
        await call();
        result.errors[name] = null;
      } catch (e) {
        result.errors[name] = e.message;
      }
    }
    result.after = await a.state();
    return result;
  });
  assert.equal(r.state.lesson, "i-am-batman");
  assert.equal(r.state.step, 2);
  assert.equal(r.state.edited, true);
  assert.match(r.link, /[?&]lesson=i-am-batman/);
  assert.match(r.link, /[?&]step=3/);
  assert.match(r.link, /[?&]state=/);
  assert.match(r.numpy, /import numpy as np/);
  assert.match(r.numpy, /W_q = np\.array\(\[\n {4}\[5\.0, 2\.0\],/);
  assert.equal(r.errors.step, "no step 42 in this lesson");
  assert.match(r.errors.lesson ?? "", /^Unknown lesson "no-such-lesson"/);
  assert.match(r.errors.value ?? "", /not a finite/);
  assert.ok(r.errors.name, "setValue on an unknown matrix throws");
  assert.equal(r.errors.theme, 'theme must be "light" or "dark", not "purple"');
  assert.deepEqual(
    [r.after.lesson, r.after.step, r.after.edited, r.after.theme],
    [r.state.lesson, r.state.step, r.state.edited, r.state.theme],
    "a call that throws changes nothing",
  );
  // The link reopens exactly that.
  await openApp(r.link);
  const reopened = await engine.evaluate(async () => ({
    state: await window.attention.state(),
    trace: await window.attention.trace(),
  }));
  assert.deepEqual(reopened.trace, r.trace);
  assert.equal(reopened.state.step, 2);
  await frameAfterNow();
  await screenshot("api");
  await assertNoErrors("API");
});

test(
  `${ENGINE}: embedding — a host page on another origin drives the widget by postMessage and keeps its keys`,
  options,
  async () => {
    assert.notEqual(new URL(host.url).origin, new URL(widget.url).origin, "two origins");
    await engine.goto(`${host.url}examples/embed.html?widget=${encodeURIComponent(widget.url)}`);
    const status = () => document.getElementById("status").textContent;
    const waitForStatus = (start, what) =>
      waitFor((s) => document.getElementById("status").textContent.startsWith(s), start, what);
    await waitForStatus("Step 1 of 5", "the host never heard attention:ready");
    // A real click on the host's button: a call goes out, a statechange comes back.
    await clickElement("#next");
    await waitForStatus("Step 2 of 5", "the host's Next button did not move the widget");
    const result = await engine.evaluate(async () => {
      const call = window.embedExample.call;
      await call("setLesson", "i-am-batman");
      await call("setValue", "W_q", 0, 0, 5);
      const edited = await call("state");
      await call("reset");
      const reset = await call("state");
      const errors = [];
      for (const args of [["setStep", 42], ["deleteEverything"]]) {
        try {
          await call(...args);
          errors.push(null);
        } catch (e) {
          errors.push(e.message);
        }
      }
      await call("setLesson", "the-cat-sat");
      await call("setStep", 2);
      return { edited, reset, errors };
    });
    assert.equal(result.edited.lesson, "i-am-batman");
    assert.equal(result.edited.edited, true);
    assert.equal(result.reset.edited, false);
    assert.equal(result.errors[0], "no step 42 in this lesson");
    assert.match(result.errors[1] ?? "", /^unknown method "deleteEverything"; the methods are setLesson, /);
    await waitForStatus("Step 3 of 5: Step 3: Compute attention scores", "the host's text did not follow the widget");
    // Keys typed on the host page stay there; the widget does not move.
    await clickElement("#notes");
    await engine.keyboard.type("softmax!");
    await engine.keyboard.press("Backspace");
    await engine.keyboard.press("ArrowRight");
    assert.equal(await engine.evaluate(() => document.getElementById("notes").value), "softmax");
    assert.ok((await engine.evaluate(status)).startsWith("Step 3 of 5"), "an arrow key on the host moved the widget");
    await screenshot("embed");
    await assertNoErrors("embedding");
  },
);

// A handful of the malformed links of url.test.mjs, across every parameter.
const malformed = [
  "?lesson=%3Cimg%20src%3Dx%20onerror%3Dwindow.__pwned%3D9%3E",
  "?step=99",
  "?step=%00",
  "?theme=%3Cscript%3Ewindow.__pwned%3D10%3C%2Fscript%3E",
  "?state=!!!!",
  "?state=" + "A".repeat(70000),
  "?lesson-url=https://evil.example/lesson.json",
  "?lesson-url=fixtures/missing.json",
  "?%E0%A4%A=1",
];

test(
  `${ENGINE}: hostile links — malformed links open with a notice; markup in a lesson stays text`,
  options,
  async () => {
    for (const query of malformed) {
      await openApp(widget.url + query);
      const state = await engine.evaluate(() => window.attention.state());
      assert.ok(state.notices.length > 0, `${ENGINE}: ${query.slice(0, 60)}: no notice`);
      assert.ok(state.steps > 0);
      assert.equal(await engine.evaluate(() => window.__pwned ?? null), null, query.slice(0, 60));
      // A lesson file that is not there is a 404, which Chromium also logs.
      await assertNoErrors(query.slice(0, 60), /Failed to load resource/);
    }
    await openApp(`${widget.url}?lesson-url=fixtures/markup-lesson.json&step=1`);
    const scripts = await engine.evaluate(injectable);
    await frameAfterNow();
    await screenshot("hostile");
    await engine.evaluate(() => window.attention.showTextView());
    const seen = await engine.evaluate(async () => ({
      text: document.getElementById("text-view").textContent,
      title: (await window.attention.trace()).title,
    }));
    assert.match(seen.text, /<iframe src=javascript:window\.__pwned=7>/);
    assert.match(seen.text, /<img src=x onerror=window\.__pwned=4>/);
    assert.equal(seen.title, '<img src=x onerror="window.__pwned=1"> <script>window.__pwned=2</script>');
    await engine.mouse.move(300, 300); // hover, in case a handler waits for it
    assert.equal(await engine.evaluate(() => window.__pwned ?? null), null, "an injected handler ran");
    assert.equal(await engine.evaluate(injectable), scripts, "markup from a lesson became elements");
    await assertNoErrors("markup lesson");
  },
);

test(`${ENGINE}: single file — dist/attention-lab.html from file:// becomes ready and draws`, options, async () => {
  await openApp("file://" + path.join(DIST, "attention-lab.html"));
  assert.equal(await engine.evaluate(async () => (await window.attention.state()).lesson), "the-cat-sat");
  await frameAfterNow();
  const colours = distinctColours(await screenshot("single-file"));
  assert.ok(colours > 20, `${ENGINE}: the single file is ${colours} colour(s): nothing drawn`);
  await assertNoErrors("single file");
});
