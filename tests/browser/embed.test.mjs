// A cross-origin host page (web/examples/embed.html on one port) drives the
// widget (on another port) with postMessage and follows its step; the host
// side is the embedding guide's own helper, web/examples/attention-host.js.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { built, DIST, ROOT, inPage } from "./browser.mjs";
import { frameItem, frameShows, holdWasm, openEmptyHost, openHost, useHosts, widgetFrame } from "./hosts.mjs";

const env = useHosts();

test("the host hears attention:ready and follows attention:statechange", async () => {
  const { page, frame, problems } = await openHost(env);
  assert.notEqual(new URL(env.host.url).origin, new URL(env.widget.url).origin, "two origins");
  // The learner moves the widget: the host's own text follows.
  await frame.evaluate(() => window.attention.setStep(2));
  await page.waitForFunction(() =>
    document.getElementById("status").textContent.startsWith("Step 3 of 5: Step 3: Compute attention scores"),
  );
  // ...and hears the progress (attention:progress): a step seen for the first time.
  await page.waitForFunction(() => document.getElementById("progress").textContent.startsWith("Steps seen: 2 of 5;"));
  await frame.evaluate(() => window.attention.setValue("X", 0, 0, 2));
  await page.waitForFunction(() => document.getElementById("status").textContent.includes("numbers changed"));
  assert.deepEqual(problems, []);
  await page.close();
});

test("the host drives the widget: setStep, setLesson, setValue, reset, state over postMessage", async () => {
  const { page, frame, problems } = await openHost(env);
  await page.click("#next");
  await page.waitForFunction(() => document.getElementById("status").textContent.startsWith("Step 2 of 5"));
  assert.equal(await frame.evaluate(async () => (await window.attention.state()).step), 1);
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
  assert.match(result.unknown, /^unknown method "deleteEverything"; the methods are setLesson, setStep, /);
  assert.deepEqual(problems, []);
  await page.close();
});

test("every documented method answers over postMessage, setLanguage too; a wrong argument type is named", async () => {
  const { page, frame, problems } = await openHost(env);
  const r = await page.evaluate(async () => {
    const call = window.embedExample.call;
    const settle = (p) =>
      p.then(
        (value) => ({ ok: true, value }),
        (e) => ({ ok: false, error: e.message }),
      );
    const answers = {};
    for (const [method, ...args] of [
      ["state"],
      ["getState"],
      ["lessons"],
      ["trace"],
      ["link"],
      ["numpy"],
      ["progress"],
      ["framesDrawn"],
      ["setLesson", "the-cat-sat"],
      ["setStep", 1],
      ["setValue", "X", 0, 0, 1.5],
      ["reset"],
      ["setTheme", "dark"],
      ["setTheme", "light"],
      ["showTextView", true],
      ["showTextView", false],
      ["figure", { scale: 1 }],
      ["startOver"],
      [
        "loadLesson",
        JSON.stringify({
          id: "mine",
          title: "Mine",
          parts: [
            {
              id: "p",
              tokens: ["a", "b"],
              X: [
                [1, 0],
                [0, 1],
              ],
              W_q: [
                [1, 0],
                [0, 1],
              ],
              W_k: [
                [1, 0],
                [0, 1],
              ],
              W_v: [
                [1, 0],
                [0, 1],
              ],
            },
          ],
        }),
      ],
      ["setLesson", "the-cat-sat"],
      ["setLanguage", "es"],
    ])
      answers[`${method}(${JSON.stringify(args).slice(1, -1)})`] = await settle(call(method, ...args));
    const wrong = {
      step: await settle(call("setStep", "2")),
      row: await settle(call("setValue", "W_q", "0", 0, 1)),
      code: await settle(call("setLanguage", 2)),
      on: await settle(call("showTextView", "yes")),
    };
    return { answers, wrong };
  });
  for (const [call, answer] of Object.entries(r.answers))
    assert.equal(answer.error, undefined, `${call}: ${answer.error}`);
  assert.equal(r.answers["lessons()"].value.length, 13);
  assert.ok(r.answers['figure({"scale":1})'].value.png.length > 1000);
  assert.equal(r.wrong.step.error, 'step must be a number, not "2"');
  assert.equal(r.wrong.row.error, 'row must be a number, not "0"');
  assert.equal(r.wrong.code.error, "code must be a string, not 2");
  assert.equal(r.wrong.on.error, 'on must be true or false, not "yes"');
  // setLanguage over postMessage switches the interface once the catalog is here.
  await inPage(frame, async () => (await window.attention.state()).language === "es");
  assert.deepEqual(problems, []);
  await page.close();
});

test("a host's broken loadLesson rejects with the loader's line and leaves the learner's page as it was", async () => {
  const { page, frame, problems } = await openHost(env);
  await frame.evaluate(() => window.attention.setStep(2));
  const before = await frame.evaluate(() => window.attention.state());
  const error = await page.evaluate(() =>
    window.embedExample.call("loadLesson", '{"id": "x"}', "broken.json").then(
      () => null,
      (e) => e.message,
    ),
  );
  assert.equal(error, 'broken.json: missing key "title"');
  await frame.evaluate(() => window.attention.testing.wake());
  const after = await frame.evaluate(() => window.attention.state());
  assert.deepEqual(after.notices, before.notices, "no notice the learner cannot act on");
  assert.equal(after.lesson, before.lesson);
  assert.equal(after.step, 2);
  assert.equal(after.revision, before.revision, "nothing changed");
  assert.deepEqual(problems, []);
  await page.close();
});

test("typing in the host page's own field is not taken by the widget", async () => {
  const { page, problems } = await openHost(env);
  await page.click("#notes");
  await page.keyboard.type("attention!");
  await page.keyboard.press("Backspace");
  assert.equal(await page.inputValue("#notes"), "attention");
  assert.deepEqual(problems, []);
  await page.close();
});

test("the widget stops drawing while scrolled out of view", async () => {
  const { page, frame, problems } = await openHost(env);
  await page.evaluate(() => {
    const spacer = document.createElement("div");
    spacer.style.height = "3000px";
    document.body.append(spacer);
    window.scrollTo(0, 2500);
  });
  // Polled on a timer: the default (requestAnimationFrame) stops in a frame scrolled out of view.
  await frame.waitForFunction(() => window.attention.testing.loop().offscreen, null, { polling: 100 });
  const away = await frame.evaluate(() => window.attention.framesDrawn());
  // A change wakes the loop when the widget is in view; out of view it stays stopped.
  const after = await frame.evaluate(async () => {
    await window.attention.setStep(3);
    return { stopped: window.attention.testing.loop().stopped, frames: await window.attention.framesDrawn() };
  });
  assert.deepEqual(after, { stopped: true, frames: away });
  await page.evaluate(() => window.scrollTo(0, 0));
  await inPage(frame, async (n) => (await window.attention.framesDrawn()) > n, away);
  assert.deepEqual(problems, []);
  await page.close();
});

test("in a host page the wheel scrolls the host until the widget is clicked, then the panel", async () => {
  const { page, frame, problems } = await openHost(env);
  await page.evaluate(() => {
    const spacer = document.createElement("div");
    spacer.style.height = "3000px";
    document.body.append(spacer);
  });
  await frame.evaluate(() => window.attention.setStep(1));
  const before = (await frameItem(page, frame, "##W_q:0:0")).rect[1];
  const box = await page.locator("iframe").boundingBox();
  await page.mouse.move(box.x + 200, box.y + 300);
  await page.mouse.wheel(0, 300);
  await page.waitForFunction(() => window.scrollY > 0);
  assert.equal((await frameItem(page, frame, "##W_q:0:0")).rect[1], before, "the panel did not scroll");
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForFunction(() => window.scrollY === 0);
  const inside = await page.locator("iframe").boundingBox();
  await page.mouse.click(inside.x + 200, inside.y + 170); // the step's text: focuses the canvas
  await page.mouse.move(inside.x + 200, inside.y + 300);
  await page.mouse.wheel(0, 300);
  await frame.waitForFunction(
    (y) => {
      window.attention.testing.wake();
      const r = window.attention.testing.items()["##W_q:0:0"];
      return !r || r[1] < y - 20;
    },
    before,
    { polling: 100 },
  );
  assert.equal(await page.evaluate(() => window.scrollY), 0, "the host page stayed put");
  assert.deepEqual(problems, []);
  await page.close();
});

test("a number's tooltip goes when the pointer leaves the widget's frame", async () => {
  const { page, frame, problems } = await openHost(env);
  await frame.evaluate(() => window.attention.setStep(1));
  const cell = await frameItem(page, frame, "##W_q:0:0");
  await page.mouse.move(cell.x - 30, cell.y);
  await page.mouse.move(cell.x, cell.y, { steps: 4 });
  // ImGui shows a tooltip after the pointer rests a moment.
  for (let i = 0; i < 200 && !(await frameShows(frame, "##cell-tooltip")); ++i) await page.waitForTimeout(50);
  assert.ok(await frameShows(frame, "##cell-tooltip"), "the tooltip showed");
  // Out of the frame, over the host page's own text above it.
  const box = await page.locator("iframe").boundingBox();
  await page.mouse.move(box.x + 20, box.y - 20, { steps: 6 });
  assert.equal(await frameShows(frame, "##cell-tooltip"), false, "the tooltip went with the pointer");
  assert.deepEqual(problems, []);
  await page.close();
});

test("the guide's helper is web/examples/attention-host.js, word for word", () => {
  const guide = fs.readFileSync(path.join(ROOT, "docs/embedding.md"), "utf8");
  const file = fs.readFileSync(path.join(ROOT, "web/examples/attention-host.js"), "utf8");
  const blocks = [...guide.matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1]);
  assert.ok(blocks.includes(file), "docs/embedding.md has no js block equal to web/examples/attention-host.js");
  // ...and the host pages below load this same file from dist/.
  assert.equal(fs.readFileSync(path.join(DIST, "examples/attention-host.js"), "utf8"), file, "dist/ is stale: rebuild");
});

test("calls made the moment the iframe is created are answered once the widget is ready", async () => {
  const { page, problems } = await openEmptyHost(env);
  const release = await holdWasm(page);
  await page.evaluate((url) => {
    const iframe = document.createElement("iframe");
    iframe.src = `${url}?lesson=i-am-batman&embed=1`;
    const widget = attentionWidget(iframe); // before the iframe is even in the page
    const heard = [];
    widget.on("ready", () => heard.push("ready"));
    const answers = [
      widget.call("state"),
      widget.call("setStep", 2),
      widget.call("getState"),
      widget.call("setStep", 99),
    ].map((p) =>
      p.then(
        (value) => (heard.push("answer"), { value }),
        (e) => (heard.push("answer"), { error: e.message }),
      ),
    );
    document.body.append(iframe);
    window.early = { heard, answers: Promise.all(answers) };
  }, env.widget.url);
  // The widget's page is there and its calls are waiting for the program.
  const frame = await widgetFrame(page, env);
  await frame.waitForFunction(() => window.attention !== undefined);
  assert.deepEqual(await page.evaluate(() => window.early.heard), [], "nothing answered before the widget was ready");
  release();
  const answers = await page.evaluate(() => window.early.answers);
  assert.equal(answers[0].value.lesson, "i-am-batman");
  assert.equal(answers[0].value.step, 0);
  assert.equal(answers[1].value, undefined);
  assert.equal(answers[2].value.step, 2, "getState, and in order: after setStep");
  assert.equal(answers[3].error, "no step 99 in this lesson");
  assert.deepEqual(await page.evaluate(() => window.early.heard), ["ready", "answer", "answer", "answer", "answer"]);
  assert.deepEqual(problems, []);
  await page.close();
});

test("before it is ready the widget holds 100 calls and refuses the rest at once", async () => {
  const { page, problems } = await openEmptyHost(env);
  const release = await holdWasm(page);
  // Raw messages, the moment the widget's page has loaded.
  await page.evaluate((url) => {
    const iframe = document.createElement("iframe");
    iframe.src = `${url}?embed=1`;
    window.raw = { answers: [] };
    window.addEventListener("message", (e) => {
      if (e.data.type === "attention:result") window.raw.answers.push(e.data);
    });
    iframe.addEventListener("load", () => {
      for (let id = 1; id <= 105; ++id)
        iframe.contentWindow.postMessage({ type: "attention:call", id, method: "framesDrawn" }, new URL(url).origin);
    });
    document.body.append(iframe);
  }, env.widget.url);
  await page.waitForFunction(() => window.raw.answers.length === 5);
  const refused = await page.evaluate(() => window.raw.answers);
  assert.deepEqual(
    refused.map((a) => a.id),
    [101, 102, 103, 104, 105],
  );
  assert.equal(refused[0].ok, false);
  assert.match(refused[0].error, /still loading and already holds 100 calls/);
  release();
  await page.waitForFunction(() => window.raw.answers.length === 105);
  const held = (await page.evaluate(() => window.raw.answers)).slice(5);
  assert.deepEqual(
    held.map((a) => a.id),
    Array.from({ length: 100 }, (_, i) => i + 1),
    "in the order they came",
  );
  assert.ok(held.every((a) => a.ok && a.value >= 1));
  assert.deepEqual(problems, []);
  await page.close();
});

test("a widget that cannot start answers the calls it holds with its error", async () => {
  const { page, problems } = await openEmptyHost(env);
  const { wasm } = built();
  await page.route(`**/${wasm}`, (route) => route.fulfill({ status: 404, body: "gone" }));
  const answer = await page.evaluate((url) => {
    const iframe = document.createElement("iframe");
    iframe.src = url;
    const call = attentionWidget(iframe).call("state");
    document.body.append(iframe);
    return call.then(
      () => "answered",
      (e) => e.message,
    );
  }, env.widget.url);
  assert.ok(answer.startsWith(`Attention Lab could not load its program (${wasm}: HTTP 404)`), answer);
  // The browser reports the 404 itself; nothing else.
  assert.deepEqual(
    problems.filter((p) => !p.includes("404")),
    [],
  );
  await page.close();
});

test("every method over postMessage: state, numpy, loadLesson (text and bytes), link, trace, lessons", async () => {
  const { page, problems } = await openEmptyHost(env);
  const lesson = fs.readFileSync(path.join(ROOT, "tests/fixtures/instructor-lesson.json"), "utf8");
  const r = await page.evaluate(
    async ({ url, lesson }) => {
      const iframe = document.createElement("iframe");
      iframe.src = `${url}?lesson=the-cat-sat`;
      document.body.append(iframe);
      const { call } = attentionWidget(iframe);
      const settled = (p) =>
        p.then(
          (value) => ({ value }),
          (e) => ({ error: e.message }),
        );
      const r = {};
      r.lessons = await call("lessons");
      r.state = await call("state");
      r.numpy = await call("numpy");
      r.trace = await call("trace");
      r.link = await call("link");
      r.text = await settled(call("loadLesson", lesson, "two-words.json"));
      r.afterText = await call("state");
      await call("setLesson", "the-cat-sat");
      const bytes = new TextEncoder().encode(lesson.replace('"two-words"', '"two-words-bytes"'));
      r.bytes = await settled(call("loadLesson", bytes, "bytes.json"));
      r.afterBytes = await call("getState");
      const buffer = new TextEncoder().encode(lesson.replace('"two-words"', '"two-words-buffer"')).buffer;
      r.buffer = await settled(call("loadLesson", buffer, "buffer.json"));
      r.afterBuffer = await call("state");
      r.latin1 = await settled(
        call(
          "loadLesson",
          new Uint8Array([...new TextEncoder().encode('{"id": "caf'), 0xe9, 0x22, 0x7d]),
          "latin1.json",
        ),
      );
      r.broken = await settled(call("loadLesson", "{", "broken.json"));
      r.afterBroken = await call("state");
      r.unknown = await settled(call("eval", "alert(1)"));
      r.on = await settled(call("on", "statechange"));
      return r;
    },
    { url: env.widget.url, lesson },
  );
  assert.ok(r.lessons.includes("the-cat-sat") && r.lessons.includes("she-likes-coffee"));
  assert.equal(r.state.lesson, "the-cat-sat");
  assert.match(r.numpy, /import numpy as np/);
  assert.ok(Array.isArray(r.trace.steps) && r.trace.steps.length > 0, "the trace has steps");
  assert.match(r.link, /[?&]lesson=the-cat-sat/);
  assert.ok(r.link.startsWith(env.widget.url), "the link is the widget's, not the host's");
  assert.deepEqual(r.text, { value: undefined });
  assert.equal(r.afterText.lesson, "two-words");
  assert.deepEqual(r.bytes, { value: undefined }, "a Uint8Array crosses by structured clone");
  assert.equal(r.afterBytes.lesson, "two-words-bytes");
  assert.deepEqual(r.buffer, { value: undefined }, "an ArrayBuffer too");
  assert.equal(r.afterBuffer.lesson, "two-words-buffer");
  assert.match(r.latin1.error ?? "", /^latin1\.json: \/id: text is not valid UTF-8/);
  assert.match(r.broken.error ?? "", /^broken\.json: /);
  assert.equal(r.afterBroken.lesson, "two-words-buffer", "a bad lesson leaves the current one");
  assert.match(r.unknown.error ?? "", /^unknown method "eval"; the methods are .*numpy, loadLesson/);
  assert.match(r.on.error ?? "", /^unknown method "on"/);
  assert.deepEqual(problems, []);
  await page.close();
});

test("a helper made after the widget is ready still hears ready and is answered", async () => {
  const { page, problems } = await openEmptyHost(env);
  const r = await page.evaluate(async (url) => {
    const iframe = document.createElement("iframe");
    iframe.src = `${url}?step=2`;
    const loaded = new Promise((resolve) => {
      window.addEventListener("message", function ready(e) {
        if (e.data.type === "attention:ready") resolve(window.removeEventListener("message", ready));
      });
    });
    document.body.append(iframe);
    await loaded;
    const widget = attentionWidget(iframe);
    const ready = new Promise((resolve) => widget.on("ready", resolve));
    return { ready: await ready, step: (await widget.call("state")).step };
  }, env.widget.url);
  assert.equal(r.ready.step, 1);
  assert.equal(r.step, 1);
  assert.deepEqual(problems, []);
  await page.close();
});
