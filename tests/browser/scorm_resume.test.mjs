// The SCORM 1.2 package against a strict runtime of our own
// (tests/support/scorm12_strict.js), beside scorm.test.mjs's scorm-again:
// every call checked against the SCORM 1.2 data model, and the LMS's record
// kept across launches as Moodle keeps it. One learner, one browser (their
// saved work stays, as on their computer), four launches of the-cat-sat
// (completed when every step is seen), with real paced input between them:
//   1. the first (entry "ab-initio"): one step on; leaves incomplete: exit
//      "suspend", and no score yet;
//   2. resumed while incomplete (entry "resume"): one more step; still
//      incomplete, so exit "suspend" again;
//   3. resumed again (entry "resume", which the exit of launch 2 gives): the
//      last steps, and the prediction answered right: completed, a score,
//      exit "";
//   4. after completion (entry ""): a weight dragged; nothing recorded is
//      lowered.
// Each launch prints its call log's summary; any violation fails the test.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import vm from "node:vm";
import { newContext, watch, nextFrame, itemCentre, labels, DIST, ROOT } from "./browser.mjs";
import { serve } from "../../scripts/serve.mjs";
import { hostHtml, until } from "./scorm_host.mjs";
import { buildPackage } from "../../scripts/scorm_package.mjs";

const RUNTIME = path.join(ROOT, "tests/support/scorm12_strict.js");
const site = fs.mkdtempSync(path.join(os.tmpdir(), "attention-scorm-strict-"));
let server, base;

// The LMS's side: window.API is the strict runtime, started from the record
// of earlier launches (?stored=), and the package's launch page in an iframe.
const HOST_HTML = hostHtml("/strict/scorm12_strict.js");
const HOST_JS = `"use strict";
const query = new URLSearchParams(location.search);
window.API = new StrictScorm12({ stored: JSON.parse(query.get("stored") || "null") });
document.addEventListener("DOMContentLoaded", () => {
  document.getElementById("sco").src = "cat/scorm.html";
});
`;

before(async () => {
  fs.writeFileSync(path.join(site, "host.html"), HOST_HTML);
  fs.writeFileSync(path.join(site, "host.js"), HOST_JS);
  const zip = path.join(site, "cat.zip");
  buildPackage({ dist: DIST, out: zip }); // the defaults: the-cat-sat, completed when every step is seen
  fs.mkdirSync(path.join(site, "cat"));
  const r = spawnSync("cmake", ["-E", "tar", "xf", zip], { cwd: path.join(site, "cat"), encoding: "utf8" });
  assert.equal(r.status, 0, r.stderr);
  ({ server, url: base } = await serve({ dir: site, port: 0, mounts: { "/strict/": path.dirname(RUNTIME) } }));
});
after(() => {
  server?.close();
  fs.rmSync(site, { recursive: true, force: true });
});

test("the strict runtime refuses what SCORM 1.2 refuses (so a clean log means something)", () => {
  const context = { window: {} };
  vm.runInNewContext(fs.readFileSync(RUNTIME, "utf8"), context);
  const api = new context.window.StrictScorm12();
  const refused = (call, code) => {
    const before = api.calls.length;
    call();
    assert.equal(api.calls.length, before + 1);
    assert.equal(api.calls.at(-1).at(-1), code, `${JSON.stringify(api.calls.at(-1))} should fail with ${code}`);
  };
  refused(() => api.LMSSetValue("cmi.core.lesson_status", "incomplete"), 301); // before LMSInitialize
  refused(() => api.LMSInitialize("x"), 201);
  assert.equal(api.LMSInitialize(""), "true");
  refused(() => api.LMSInitialize(""), 101);
  assert.equal(api.LMSGetValue("cmi.core.entry"), "ab-initio");
  refused(() => api.LMSSetValue("cmi.core.lesson_status", "not attempted"), 405);
  refused(() => api.LMSSetValue("cmi.core.lesson_status", "done"), 405);
  refused(() => api.LMSSetValue("cmi.core.exit", "bye"), 405);
  refused(() => api.LMSGetValue("cmi.core.exit"), 404);
  refused(() => api.LMSGetValue("cmi.core.session_time"), 404);
  refused(() => api.LMSSetValue("cmi.core.entry", "resume"), 403);
  refused(() => api.LMSSetValue("cmi.core.score._children", "raw"), 402);
  refused(() => api.LMSGetValue("cmi.core.entry._children"), 202);
  refused(() => api.LMSGetValue("cmi.core.lesson_status._count"), 203);
  refused(() => api.LMSGetValue("cmi.interactions._count"), 401);
  refused(() => api.LMSGetValue("cmi.core.mood"), 201);
  for (const raw of ["101", "-1", "1e2", "half", " 5"]) refused(() => api.LMSSetValue("cmi.core.score.raw", raw), 405);
  refused(() => api.LMSSetValue("cmi.core.score.raw", 50), 405); // a number, not a string
  for (const time of ["1:02:03", "0000:60:00.00", "0000:00:00.123", "PT1M"])
    refused(() => api.LMSSetValue("cmi.core.session_time", time), 405);
  refused(() => api.LMSSetValue("cmi.suspend_data", "x".repeat(4097)), 405);
  refused(() => api.LMSSetValue("cmi.core.lesson_location", "x".repeat(256)), 405);
  for (const [element, value] of [
    ["cmi.core.score.raw", "99.5"],
    ["cmi.core.score.raw", ""],
    ["cmi.core.session_time", "0000:01:02.50"],
    ["cmi.core.session_time", "12:01:02"],
    ["cmi.suspend_data", "x".repeat(4096)],
    ["cmi.core.lesson_location", "x".repeat(255)],
    ["cmi.core.lesson_status", "incomplete"],
    ["cmi.core.exit", "suspend"],
  ])
    assert.equal(api.LMSSetValue(element, value), "true", `${element} = ${value.slice(0, 20)}`);
  refused(() => api.LMSCommit("now"), 201);
  assert.equal(api.LMSFinish(""), "true");
  refused(() => api.LMSGetValue("cmi.core.lesson_status"), 301); // after LMSFinish
  refused(() => api.LMSCommit(""), 301);
  // The next launch: resumed after "suspend", the time added up; "" after a normal exit.
  const record = api.record();
  assert.equal(record.total_time, "0012:01:02.00");
  const next = new context.window.StrictScorm12({ stored: record });
  next.LMSInitialize("");
  assert.equal(next.LMSGetValue("cmi.core.entry"), "resume");
  assert.equal(next.LMSGetValue("cmi.core.lesson_location"), "x".repeat(255));
  next.LMSSetValue("cmi.core.exit", "");
  next.LMSFinish("");
  const third = new context.window.StrictScorm12({ stored: next.record() });
  third.LMSInitialize("");
  assert.equal(third.LMSGetValue("cmi.core.entry"), "");
});

// ---- The learner's hands: real pointer input in the package's frame ----------

// Waits for a frame drawn after this moment: the page has seen the input sent.
async function frameAfterNow(sco) {
  await nextFrame(sco, await sco.evaluate(() => window.attention.framesDrawn()));
}
// A click as a person makes it: the pointer arrives, presses, releases, each
// seen in a frame of its own.
async function click(page, sco, label) {
  await until(async () => (await labels(sco)).includes(label), `${label} on screen`);
  const { x, y } = await itemCentre(sco, label);
  await page.mouse.move(x, y, { steps: 4 });
  await frameAfterNow(sco);
  await page.mouse.down();
  await frameAfterNow(sco);
  await page.mouse.up();
  await frameAfterNow(sco);
}
// A drag of a matrix cell: press, eight moves with a frame after each, release.
async function drag(page, sco, label, dx) {
  const from = await itemCentre(sco, label);
  await page.mouse.move(from.x, from.y, { steps: 3 });
  await frameAfterNow(sco);
  await page.mouse.down();
  await frameAfterNow(sco);
  for (let i = 1; i <= 8; ++i) {
    await page.mouse.move(from.x + (dx * i) / 8, from.y);
    await frameAfterNow(sco);
  }
  await page.mouse.up();
  await frameAfterNow(sco);
}

// One launch: the host with the LMS's record so far, the learner's `work`,
// then the page left (pagehide, LMSFinish). Returns the runtime's log and record.
async function launchOnce(context, n, stored, work) {
  const page = await context.newPage();
  const problems = watch(page);
  page.on("response", (r) => r.status() >= 400 && problems.push(`HTTP ${r.status()}: ${r.url()}`));
  const query = new URLSearchParams({ stored: JSON.stringify(stored) });
  await page.goto(`${base}host.html?${query}`);
  const sco = await until(() => page.frames().find((f) => f.url().includes("/scorm.html")), "the lesson's frame");
  await until(
    () => sco.evaluate(() => window.attention && window.attention.firstFrameMs !== null).catch(() => false),
    "the widget's first frame",
  );
  await sco.evaluate(() => window.attention.ready);
  await until(() => page.evaluate(() => window.API.calls.some((c) => c[0] === "LMSInitialize")), "LMSInitialize");
  const entry = await page.evaluate(() => window.API.entry);
  await work(page, sco);
  await page.evaluate(() => (document.getElementById("sco").src = "about:blank")); // pagehide, LMSFinish
  const record = await until(() => page.evaluate(() => window.API.record()), "LMSFinish");
  const calls = await page.evaluate(() => window.API.calls);
  await page.close();
  assert.deepEqual(problems, [], `launch ${n}: page problems`);

  // The call log's summary, for the record.
  const counts = {};
  for (const c of calls) counts[c[0]] = (counts[c[0]] || 0) + 1;
  const violations = calls.filter((c) => c.at(-1) !== 0);
  const sets = calls
    .filter((c) => c[0] === "LMSSetValue")
    .map((c) => `${c[1].replace("cmi.core.", "")}=${JSON.stringify(c[2])}`);
  console.log(
    `# launch ${n} (entry ${JSON.stringify(entry)}): ${calls.length} calls (` +
      Object.entries(counts)
        .map(([k, v]) => `${k} ${v}`)
        .join(", ") +
      `), ${violations.length} violations; set: ${sets.join(", ")}; the LMS holds: lesson_status ${record.lesson_status}, ` +
      `exit ${JSON.stringify(record.exit)}, score.raw ${JSON.stringify(record.score_raw)}, total_time ${record.total_time}`,
  );
  assert.deepEqual(violations, [], `launch ${n}: calls the runtime refused`);
  assert.deepEqual(calls[0], ["LMSInitialize", "", "true", 0], `launch ${n}: LMSInitialize first`);
  assert.deepEqual(calls.at(-1), ["LMSFinish", "", "true", 0], `launch ${n}: LMSFinish last`);
  return { entry, calls, record };
}
const setsOf = (calls, element) => calls.filter((c) => c[0] === "LMSSetValue" && c[1] === element).map((c) => c[2]);
const progress = (sco) => sco.evaluate(() => window.attention.progress());
const step = (sco) => sco.evaluate(async () => (await window.attention.state()).step);

test("four launches against the strict runtime: resumed while incomplete, a score only once earned, zero violations", async () => {
  const context = await newContext();
  try {
    // 1. The first launch: from step 1 on to step 2.
    const first = await launchOnce(context, 1, null, async (page, sco) => {
      assert.equal(await step(sco), 0);
      await click(page, sco, "▶##next");
      await until(async () => (await step(sco)) === 1, "step 2");
      assert.equal((await progress(sco)).visited, 2);
    });
    assert.equal(first.entry, "ab-initio");
    assert.deepEqual(setsOf(first.calls, "cmi.core.lesson_status"), ["incomplete"]);
    assert.deepEqual(setsOf(first.calls, "cmi.core.score.raw"), [], "no score before the learner earned one");
    assert.equal(first.record.lesson_status, "incomplete");
    assert.equal(first.record.exit, "suspend");
    assert.equal(first.record.score_raw, "");

    // 2. Resumed while incomplete: the learner's place is back; one more step.
    const second = await launchOnce(context, 2, first.record, async (page, sco) => {
      assert.equal(await step(sco), 1, "the saved work reopens step 2");
      await click(page, sco, "▶##next");
      await until(async () => (await step(sco)) === 2, "step 3");
      assert.equal((await progress(sco)).complete, false);
    });
    assert.equal(second.entry, "resume");
    assert.deepEqual(setsOf(second.calls, "cmi.core.lesson_status"), [], "incomplete is already recorded");
    assert.deepEqual(setsOf(second.calls, "cmi.core.score.raw"), []);
    assert.equal(second.record.lesson_status, "incomplete");
    assert.equal(second.record.exit, "suspend", "an unfinished attempt stays open at every finish");

    // 3. Resumed again: every step seen, then the prediction on step 4
    // answered right ("cat": the notebook's numbers are unchanged).
    let earned;
    const third = await launchOnce(context, 3, second.record, async (page, sco) => {
      assert.equal(await step(sco), 2);
      for (const k of [3, 4]) {
        await click(page, sco, "▶##next");
        await until(async () => (await step(sco)) === k, `step ${k + 1}`);
      }
      await until(async () => (await progress(sco)).complete, "every step seen");
      await click(page, sco, "◀##previous");
      await until(async () => (await step(sco)) === 3, "back on step 4");
      const view = page.frameLocator("#sco");
      await view.locator("#text-view-toggle").focus();
      await view.locator("#text-view-toggle").press("Enter");
      await view.getByRole("radio", { name: "cat" }).check();
      await view.getByRole("button", { name: "Check my answer" }).click();
      await until(async () => (await progress(sco)).right === 1, "a right answer");
      earned = (await progress(sco)).score;
      assert.ok(earned > 0);
      const raw = String(Math.round(earned * 10000) / 100);
      await until(
        () => page.evaluate((r) => window.API.calls.some((c) => c[1] === "cmi.core.score.raw" && c[2] === r), raw),
        `score.raw ${raw}`,
      );
    });
    assert.equal(third.entry, "resume", "launch 2 ended suspended, so this one resumes");
    assert.deepEqual(setsOf(third.calls, "cmi.core.lesson_status"), ["completed"]);
    assert.equal(third.record.lesson_status, "completed");
    assert.equal(third.record.exit, "", "done: a normal exit");
    assert.equal(third.record.score_raw, String(Math.round(earned * 10000) / 100));
    assert.equal(third.record.score_min, "0");
    assert.equal(third.record.score_max, "100");

    // 4. After completion: a normal entry; a weight dragged on step 1, and
    // nothing the LMS holds is lowered.
    const fourth = await launchOnce(context, 4, third.record, async (page, sco) => {
      assert.equal(await step(sco), 3, "the saved work reopens step 4");
      for (const k of [2, 1, 0]) {
        await click(page, sco, "◀##previous");
        await until(async () => (await step(sco)) === k, `step ${k + 1}`);
      }
      const cell = (await labels(sco)).find((l) => /^##X:\d+:\d+$/.test(l));
      assert.ok(cell, "a cell of X to drag on step 1");
      const before = await sco.evaluate(async () => (await window.attention.state()).revision);
      await drag(page, sco, cell, 60);
      await until(
        async () => (await sco.evaluate(async () => (await window.attention.state()).revision)) > before,
        "X changed",
      );
    });
    assert.equal(fourth.entry, "");
    assert.deepEqual(setsOf(fourth.calls, "cmi.core.lesson_status"), []);
    assert.deepEqual(setsOf(fourth.calls, "cmi.core.score.raw"), []);
    assert.equal(fourth.record.lesson_status, "completed");
    assert.equal(fourth.record.score_raw, third.record.score_raw);
    assert.equal(fourth.record.exit, "");
    assert.equal(fourth.record.launches, 4);
  } finally {
    await context.close();
  }
});
