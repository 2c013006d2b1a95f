// The host API keeps the word docs/embedding.md gives: what a host hears at
// load and in what order, every method answering with a promise that settles
// (over postMessage and in the page), and the learner's notices.
import { test } from "node:test";
import assert from "node:assert/strict";
import { drawnFrame, inPage } from "./browser.mjs";
import { frameItem, openEmptyHost, useHosts, widgetFrame } from "./hosts.mjs";

const env = useHosts();

// A host page that records every message from the widget, then embeds it at `query`.
async function recordingHost(query) {
  const { page, problems } = await openEmptyHost(env);
  await page.evaluate((src) => {
    window.heard = [];
    window.addEventListener("message", (e) => window.heard.push(e.data));
    const iframe = document.createElement("iframe");
    iframe.src = src;
    document.body.append(iframe);
  }, `${env.widget.url}${query}`);
  return { page, problems, frame: await widgetFrame(page, env) };
}

test("at load a host hears ready, then the state once, then the progress: nothing before ready", async () => {
  // Spanish: its catalog arrives while the widget starts, a change before ready.
  const { page, problems } = await recordingHost("?lesson=the-cat-sat&step=2&lang=es&embed=1");
  await page.waitForFunction(() => window.heard.some((m) => m.type === "attention:progress"));
  const heard = await page.evaluate(() => window.heard);
  assert.deepEqual(
    heard.slice(0, 3).map((m) => m.type),
    ["attention:ready", "attention:statechange", "attention:progress"],
    heard.map((m) => m.type).join(", "),
  );
  const [ready, state, progress] = heard;
  assert.deepEqual(state.state, ready.state, "the state at load is the state at ready");
  assert.equal(state.state.step, 1);
  assert.equal(progress.progress.lesson, "the-cat-sat");
  assert.equal(progress.progress.visited, 1);
  assert.deepEqual(problems, []);
  await page.close();
});

test("a host that listens only for statechange (the guide's example) has the state from the start", async () => {
  const { page, problems } = await openEmptyHost(env);
  await page.evaluate((src) => {
    const iframe = document.createElement("iframe");
    iframe.src = src;
    attentionWidget(iframe).on("statechange", (state) => (window.shown = state));
    document.body.append(iframe);
  }, `${env.widget.url}?lesson=i-am-batman&step=3&embed=1`);
  const shown = await page.waitForFunction(() => window.shown).then((h) => h.jsonValue());
  assert.equal(shown.lesson, "i-am-batman");
  assert.equal(shown.step, 2);
  assert.deepEqual(problems, []);
  await page.close();
});

test("setStep(99) and setLanguage('it') reject with why, over postMessage and in the page; nothing throws", async () => {
  const { page, problems, frame } = await recordingHost("?embed=1");
  await frame.waitForFunction(() => window.attention && window.attention.firstFrameMs !== null);
  const host = await page.evaluate(async () => {
    const widget = attentionWidget(document.querySelector("iframe"));
    const settle = (p) =>
      p.then(
        (value) => ({ value }),
        (e) => ({ error: e.message }),
      );
    return {
      step: await settle(widget.call("setStep", 99)),
      language: await settle(widget.call("setLanguage", "it")),
    };
  });
  assert.deepEqual(host, {
    step: { error: "no step 99 in this lesson" },
    language: { error: '"it" is not one of these languages: en, es, zh-Hans, ko, ja, fr, de, pt-BR' },
  });
  const inside = await frame.evaluate(() => {
    const settle = (call) => {
      let answer;
      try {
        answer = call();
      } catch (e) {
        return { threw: e.message };
      }
      if (!(answer instanceof Promise)) return { returned: String(answer) };
      return answer.then(
        (value) => ({ value }),
        (e) => ({ error: e.message }),
      );
    };
    return Promise.all([
      settle(() => window.attention.setStep(99)),
      settle(() => window.attention.setLanguage("it")),
      settle(() => window.attention.setStep("2")),
      settle(() => window.attention.state()),
    ]);
  });
  assert.deepEqual(inside.slice(0, 3), [host.step, host.language, { error: 'step must be a number, not "2"' }]);
  assert.equal(inside[3].value.step, 0, "state() answers with a promise too");
  assert.equal(await inPage(frame, async () => (await window.attention.state()).step === 0), true, "nothing moved");
  assert.deepEqual(problems, []);
  await page.close();
});

test("after a refused lesson-url, a lesson the host loads takes the 'showing the built-in lessons' notice away", async () => {
  const { page, problems, frame } = await recordingHost("?lesson-url=gone.json&embed=1");
  await page.waitForFunction(() => window.heard.some((m) => m.type === "attention:ready"));
  const gone = "gone.json could not be loaded (HTTP 404); showing the built-in lessons.";
  const ready = await page.evaluate(() => window.heard.find((m) => m.type === "attention:ready").state);
  assert.deepEqual(ready.notices, [gone]);
  // The host's own lesson file (tests/fixtures/, served by the host).
  const state = await page.evaluate(async () => {
    const widget = attentionWidget(document.querySelector("iframe"));
    const text = await (await fetch("/fixtures/instructor-lesson.json")).text();
    await widget.call("loadLesson", text, "instructor-lesson.json");
    return widget.call("state");
  });
  assert.equal(state.lesson, "two-words");
  assert.deepEqual(state.notices, [], "the notice went with what it said");
  const last = await page.evaluate(() => window.heard.findLast((m) => m.type === "attention:statechange").state);
  assert.deepEqual(last.notices, [], "and the host heard it go");
  await frame.evaluate(() => window.attention.ready);
  // The page's 404 for gone.json is the browser's own report; nothing else.
  assert.deepEqual(
    problems.filter((p) => !p.includes("404")),
    [],
  );
  await page.close();
});

test("a drag's state reaches the host at most four times a second while it goes on, and where it ends", async () => {
  const { page, problems, frame } = await recordingHost("?lesson=the-cat-sat&step=2&mode=explore&embed=1");
  await page.waitForFunction(() => window.heard.some((m) => m.type === "attention:progress"));
  // The size instructors embed it at (an iframe's own default is 300×150).
  await page.evaluate(() => Object.assign(document.querySelector("iframe").style, { width: "800px", height: "500px" }));
  await inPage(frame, () => window.innerWidth === 800, null, "the frame at 800×500");
  for (let i = 0; i < 3; ++i) await drawnFrame(frame); // laid out at its new size
  const cell = await frameItem(page, frame, "##W_q:0:0");
  await frame.evaluate(() => window.attention.testing.enableItems(false));
  await page.evaluate(() => (window.heard = []));
  // A paced drag: press, a move a frame, release.
  const moves = 40;
  await page.mouse.move(cell.x, cell.y);
  await page.mouse.down();
  const start = Date.now();
  for (let i = 1; i <= moves; ++i) {
    await page.mouse.move(cell.x + 4 * i, cell.y);
    await drawnFrame(frame);
  }
  await page.mouse.up();
  const took = Date.now() - start;
  const state = await frame.evaluate(() => window.attention.state());
  assert.ok(state.edited, "the drag changed W_q");
  // The last state the host hears is where the drag ended.
  const last = await inPage(
    page,
    (revision) => window.heard.findLast((m) => m.type === "attention:statechange" && m.state.revision === revision),
    state.revision,
    "the state where the drag ended",
  );
  assert.equal(last.state.changes, state.changes, "the numbers the drag left");
  const heard = await page.evaluate(() => window.heard.filter((m) => m.type === "attention:statechange").length);
  assert.ok(heard >= 2, `a drag of ${took} ms was heard ${heard} times`);
  assert.ok(heard <= Math.ceil(took / 250) + 2, `${heard} statechanges in a drag of ${moves} frames, ${took} ms`);
  assert.deepEqual(problems, []);
  await page.close();
});
