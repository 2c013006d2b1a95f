// The SCORM 1.2 package (scripts/scorm_package.mjs, web/scorm/scorm-adapter.js)
// in headless Chromium, with scorm-again's Scorm12API as the LMS: a host page
// holds window.API and iframes the unpacked package's launch page, as an LMS's
// player does. The learner moves through the lesson (clicks in the text view,
// and window.attention calls), and the test reads what the LMS recorded.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { built, newContext, startServer, watch, DIST, ROOT } from "./browser.mjs";
import { serve } from "../../scripts/serve.mjs";
import { hostHtml, settingsItems, until } from "./scorm_host.mjs";
import { frameShows } from "./hosts.mjs";
import { buildPackage } from "../../scripts/scorm_package.mjs";

const site = fs.mkdtempSync(path.join(os.tmpdir(), "attention-scorm-test-"));
let server, base;

function cmake(...args) {
  const r = spawnSync("cmake", ["-E", ...args], { cwd: site, encoding: "utf8" });
  assert.equal(r.status, 0, `cmake -E ${args.join(" ")}: ${r.stderr}`);
  return r.stdout;
}
// A zip's entries, and the zip unpacked into site/<name>/.
function unpack(zip, name) {
  const entries = cmake("tar", "tf", zip).split("\n").filter(Boolean);
  fs.mkdirSync(path.join(site, name));
  const r = spawnSync("cmake", ["-E", "tar", "xf", zip], { cwd: path.join(site, name), encoding: "utf8" });
  assert.equal(r.status, 0, r.stderr);
  return entries;
}
function makePackage(name, settings) {
  const zip = path.join(site, `${name}.zip`);
  buildPackage({ dist: DIST, out: zip, ...settings });
  return unpack(zip, name);
}

// The host: the LMS's side. Every API call is logged; ?preset= loads earlier
// data (a relaunch) before LMSInitialize.
const HOST_HTML = hostHtml("/scorm-again/scorm12.js");
const HOST_JS = `"use strict";
const query = new URLSearchParams(location.search);
window.API = new Scorm12API({ logLevel: 5, autocommit: false });
if (query.get("preset")) window.API.loadFromJSON(JSON.parse(query.get("preset")));
window.lms = { calls: [] };
for (const name of ["LMSInitialize", "LMSSetValue", "LMSCommit", "LMSFinish"]) {
  const original = window.API[name].bind(window.API);
  window.API[name] = (...args) => {
    const result = original(...args);
    window.lms.calls.push([name, ...args.map(String), String(result)]);
    return result;
  };
}
window.lms.value = (element) => window.API.cmi.core[element.replace("cmi.core.", "")] ?? null;
window.lms.get = (element) => {
  const [first, ...rest] = element.replace("cmi.core.", "").split(".");
  return rest.reduce((o, k) => o[k], window.API.cmi.core[first]);
};
document.addEventListener("DOMContentLoaded", () => {
  document.getElementById("sco").src = query.get("sco");
});
`;

before(async () => {
  fs.writeFileSync(path.join(site, "host.html"), HOST_HTML);
  fs.writeFileSync(path.join(site, "host.js"), HOST_JS);
  makePackage("cat", {}); // the defaults: the-cat-sat, completed when every step is seen
  makePackage("coffee", { lesson: "she-likes-coffee", completeWhen: "challenges", mastery: "60" });
  makePackage("coffee-open", { lesson: "she-likes-coffee", completeWhen: "challenges", mastery: "60", lock: "no" });
  const edited = makePackage("edited", {});
  assert.ok(edited.includes("scorm-config.js"));
  fs.writeFileSync(
    path.join(site, "edited/scorm-config.js"),
    'window.attentionScormConfig = {"lesson": "the-cat-sat", "completeWhen": "sometimes", "mastery": 180};\n',
  );
  ({ server, url: base } = await serve({
    dir: site,
    port: 0,
    mounts: { "/scorm-again/": path.join(ROOT, "node_modules/scorm-again/dist") },
  }));
});
after(() => {
  server?.close();
  fs.rmSync(site, { recursive: true, force: true });
});

// Opens the host with a package's launch page; resolves when the widget is ready.
async function openLms(context, sco, preset) {
  const page = await context.newPage();
  const problems = watch(page);
  page.on("response", (r) => r.status() >= 400 && problems.push(`HTTP ${r.status()}: ${r.url()}`));
  const query = new URLSearchParams({ sco });
  if (preset) query.set("preset", JSON.stringify(preset));
  await page.goto(`${base}host.html?${query}`);
  const frame = await until(() => page.frames().find((f) => f.url().includes("/scorm.html")), "the lesson's frame");
  await until(
    () => frame.evaluate(() => window.attention && window.attention.firstFrameMs !== null).catch(() => false),
    "the widget's first frame",
  );
  await frame.evaluate(() => window.attention.ready);
  const lms = (expression) => page.evaluate(expression);
  const status = () => lms(() => window.lms.get("cmi.core.lesson_status"));
  const raw = () => lms(() => window.lms.get("cmi.core.score.raw"));
  const calls = () => lms(() => window.lms.calls);
  return { page, frame, problems, status, raw, calls, widget: frame.locator("body") };
}
const percent = (score) => Math.round(score * 10000) / 100;
const names = (calls) => calls.map((c) => c[0]);
// The last value the SCO set for an element (cmi.core.exit is write-only to read back).
const lastSet = (calls, element) => calls.filter((c) => c[0] === "LMSSetValue" && c[1] === element).at(-1)?.[2];

// The launch page leaves: pagehide, then LMSFinish.
async function leave(page) {
  await page.evaluate(() => (document.getElementById("sco").src = "about:blank"));
}

test("the package in dist/ and the ones made here: a well-formed SCORM 1.2 manifest listing every file", async () => {
  const zips = { dist: path.join(DIST, "attention-lab-scorm.zip"), cat: "cat.zip", coffee: "coffee.zip" };
  const context = await newContext();
  try {
    const page = await context.newPage();
    for (const [name, zip] of Object.entries(zips)) {
      const folder = name === "dist" ? "dist-unpacked" : name;
      const entries = name === "dist" ? unpack(zip, folder) : cmake("tar", "tf", zip).split("\n").filter(Boolean);
      assert.equal(entries[0], "imsmanifest.xml", `${name}: the manifest first, at the root`);
      // The page's files at the root, the built-in lessons, the languages and
      // the font packs in lessons/, lang/ and fonts/ as the page fetches them.
      assert.ok(
        entries.every(
          (e) => !e.includes("/") || /^(lessons\/[a-z0-9-]+\.json|lang\/[A-Za-z-]+\.json|fonts\/[a-z]+\.ttf)$/.test(e),
        ),
        `${name}: every file at the root or in lessons/, lang/, fonts/: ${entries}`,
      );
      for (const file of ["lessons/the-cat-sat.json", "lang/es.json", "lang/ko.json", "fonts/hangul.ttf"])
        assert.ok(entries.includes(file), `${name}: ${file} is in it`);
      const xml = fs.readFileSync(path.join(site, folder, "imsmanifest.xml"), "utf8");
      const parsed = await page.evaluate((source) => {
        const doc = new DOMParser().parseFromString(source, "application/xml");
        if (doc.getElementsByTagName("parsererror").length) return { error: doc.documentElement.textContent };
        const CP = "http://www.imsproject.org/xsd/imscp_rootv1p1p2";
        const ADL = "http://www.adlnet.org/xsd/adlcp_rootv1p2";
        const root = doc.documentElement;
        const resources = [...doc.getElementsByTagNameNS(CP, "resource")];
        const items = [...doc.getElementsByTagNameNS(CP, "item")];
        return {
          root: [root.namespaceURI, root.localName],
          schema: doc.getElementsByTagNameNS(CP, "schema")[0]?.textContent,
          version: doc.getElementsByTagNameNS(CP, "schemaversion")[0]?.textContent,
          defaultOrganization: doc.getElementsByTagNameNS(CP, "organizations")[0]?.getAttribute("default"),
          organizations: [...doc.getElementsByTagNameNS(CP, "organization")].map((o) => o.getAttribute("identifier")),
          items: items.map((i) => i.getAttribute("identifierref")),
          resources: resources.map((r) => ({
            id: r.getAttribute("identifier"),
            type: r.getAttribute("type"),
            scormtype: r.getAttributeNS(ADL, "scormtype"),
            href: r.getAttribute("href"),
            files: [...r.getElementsByTagNameNS(CP, "file")].map((f) => f.getAttribute("href")),
          })),
        };
      }, xml);
      assert.equal(parsed.error, undefined, `${name}: imsmanifest.xml is not well-formed: ${parsed.error}`);
      assert.deepEqual(parsed.root, ["http://www.imsproject.org/xsd/imscp_rootv1p1p2", "manifest"]);
      assert.equal(parsed.schema, "ADL SCORM");
      assert.equal(parsed.version, "1.2");
      assert.deepEqual(parsed.organizations, [parsed.defaultOrganization]);
      assert.equal(parsed.resources.length, 1);
      const [sco] = parsed.resources;
      assert.deepEqual(parsed.items, [sco.id], "the one item launches the one resource");
      assert.equal(sco.type, "webcontent");
      assert.equal(sco.scormtype, "sco");
      assert.equal(sco.href, "scorm.html");
      assert.deepEqual(
        [...sco.files].sort(),
        entries.filter((e) => e !== "imsmanifest.xml").sort(),
        `${name}: the manifest lists exactly the zip's files`,
      );
      for (const f of ["scorm.html", "scorm-adapter.js", "scorm-config.js", built().wasm, built().js, built().page])
        assert.ok(sco.files.includes(f), `${name}: ${f}`);
    }
  } finally {
    await context.close();
  }
});

test("the-cat-sat, completed when every step is seen: incomplete, then completed, the score, commits and LMSFinish", async () => {
  const context = await newContext();
  try {
    const { page, frame, problems, status, raw, calls } = await openLms(context, "cat/scorm.html");
    // First launch: LMSInitialize, "incomplete" and a commit, before the learner does anything.
    await until(async () => (await status()) === "incomplete", "lesson_status incomplete");
    let log = await calls();
    assert.deepEqual(log[0], ["LMSInitialize", "", "true"]);
    assert.ok(
      log.some((c) => c[0] === "LMSSetValue" && c[1] === "cmi.core.lesson_status" && c[2] === "incomplete"),
      JSON.stringify(log),
    );
    assert.ok(names(log).includes("LMSCommit"));
    assert.equal(await frame.evaluate(() => window.attentionScorm.connected), true);
    assert.deepEqual(await frame.evaluate(() => window.attentionScorm.problems), []);
    const state = await frame.evaluate(() => window.attention.state());
    assert.equal(state.lesson, "the-cat-sat", "the package's lesson");
    assert.ok(frame.url().includes("lesson=the-cat-sat") && frame.url().includes("embed=1"), frame.url());
    // Nothing answered or solved yet: no score (0 would stand in the gradebook).
    assert.ok(!log.some((c) => c[1].startsWith("cmi.core.score.")), `no score at launch: ${JSON.stringify(log)}`);
    assert.equal(await raw(), "");

    // The learner walks the steps with the text view's buttons.
    const view = page.frameLocator("#sco");
    await view.locator("#text-view-toggle").focus(); // shown once tabbed to: a keyboard learner's way in
    await view.locator("#text-view-toggle").press("Enter");
    const steps = state.steps;
    assert.equal(steps, 5);
    for (let k = 2; k <= steps; ++k) {
      assert.equal(await status(), "incomplete", `still incomplete before step ${k}`);
      await view.locator("#text-view-next").click();
      await until(
        async () => (await view.locator("#text-view-position").textContent()) === `Step ${k} of ${steps}`,
        `step ${k}`,
      );
    }
    await until(async () => (await status()) === "completed", "lesson_status completed");
    log = await calls();
    const completedAt = log.findIndex((c) => c[1] === "cmi.core.lesson_status" && c[2] === "completed");
    assert.ok(names(log.slice(completedAt)).includes("LMSCommit"), "committed after completing");
    // Every step seen: the questions left unanswered count, so there is a score, 0 of 100.
    await until(async () => (await raw()) === "0", "score.raw 0");
    assert.equal(await page.evaluate(() => window.lms.get("cmi.core.score.max")), "100");
    assert.equal(await page.evaluate(() => window.lms.get("cmi.core.score.min")), "0");

    // A prediction answered with the text view's form (step 4), then the challenge
    // solved through window.attention: score.raw follows progress().score.
    await view.locator("#text-view-previous").click();
    await until(async () => (await view.locator("#text-view-position").textContent()) === "Step 4 of 5", "step 4");
    await view.locator('input[name="pick"]').first().check();
    await view.getByRole("button", { name: "Check my answer" }).click();
    await until(
      async () => (await frame.evaluate(async () => (await window.attention.progress()).answered)) === 1,
      "an answer",
    );
    let progress = await frame.evaluate(() => window.attention.progress());
    await until(async () => (await raw()) === String(percent(progress.score)), `score.raw ${percent(progress.score)}`);
    const before = progress.score;
    await frame.evaluate(() => {
      window.attention.setStep(3);
      window.attention.setValue("W_k", 0, 0, 1.0);
    });
    await until(
      async () => (await frame.evaluate(async () => (await window.attention.progress()).solved)) === 1,
      "challenge solved",
    );
    progress = await frame.evaluate(() => window.attention.progress());
    assert.ok(progress.score > before);
    await until(async () => (await raw()) === String(percent(progress.score)), `score.raw ${percent(progress.score)}`);
    assert.equal(await status(), "completed", "the rule is steps seen: completed, not passed");

    // Leaving the page finishes the session.
    await leave(page);
    await until(async () => names(await calls()).includes("LMSFinish"), "LMSFinish");
    log = await calls();
    assert.deepEqual(log.at(-1), ["LMSFinish", "", "true"]);
    assert.ok(
      log.some((c) => c[1] === "cmi.core.session_time" && /^\d{4}:\d\d:\d\d\.\d\d$/.test(c[2])),
      "session time",
    );
    assert.equal(lastSet(log, "cmi.core.exit"), "", "not suspended: the lesson is done");
    assert.equal(await status(), "completed");
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test("in a Korean browser: the interface, its font and the page's own words, all from the package", async () => {
  const context = await newContext({ locale: "ko-KR" });
  try {
    const { frame, problems } = await openLms(context, "cat/scorm.html");
    await until(
      () =>
        frame.evaluate(async () => {
          const glyphs = window.attention.testing.glyphs();
          const { language } = await window.attention.state();
          return language === "ko" && glyphs.loading === "" && glyphs.missing.length === 0;
        }),
      "the Korean interface with every glyph drawn",
    );
    const page = JSON.parse(fs.readFileSync(path.join(DIST, "lang/ko.json"), "utf8")).page;
    const [, loading] = Object.entries(page).find(([english]) => /^Loading Attention Lab/.test(english));
    assert.equal(await frame.evaluate(() => document.querySelector("#loading p").textContent), loading);
    assert.deepEqual(problems, []); // no file missing (openLms counts every HTTP error)
  } finally {
    await context.close();
  }
});

test("a launch address's lang and theme are kept, an LMS's own parameters dropped", async () => {
  const context = await newContext();
  try {
    const { frame, problems } = await openLms(context, "cat/scorm.html?lang=es&theme=dark&lms_session=42");
    await until(
      () => frame.evaluate(async () => (await window.attention.state()).language === "es"),
      "the Spanish interface",
    );
    const kept = new URL(frame.url()).searchParams;
    assert.equal(kept.get("theme"), "dark");
    assert.equal(kept.get("lms_session"), null);
    assert.equal(await frame.evaluate(async () => (await window.attention.state()).theme), "dark");
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test("she-likes-coffee, passed at 60%: failed once every step is seen with too low a score, then passed", async () => {
  const context = await newContext();
  try {
    const { page, frame, problems, status, raw, calls } = await openLms(context, "coffee/scorm.html");
    await until(async () => (await status()) === "incomplete", "lesson_status incomplete");
    const { steps, lesson } = await frame.evaluate(() => window.attention.state());
    assert.equal(lesson, "she-likes-coffee");
    // Every step through window.attention, no prediction answered: failed (0 < 60).
    for (let k = 1; k < steps; ++k) {
      assert.equal(await status(), "incomplete");
      await frame.evaluate((n) => window.attention.setStep(n), k);
    }
    await until(async () => (await status()) === "failed", "lesson_status failed");
    assert.equal(await raw(), "0");
    assert.equal(lastSet(await calls(), "cmi.core.exit"), "suspend", "failed, the attempt stays open");

    // Step 5's prediction, answered in the text view: "likes" (W_q = W_k here).
    const view = page.frameLocator("#sco");
    await frame.evaluate(() => window.attention.setStep(4));
    await view.locator("#text-view-toggle").focus();
    await view.locator("#text-view-toggle").press("Enter");
    await view.getByRole("radio", { name: "likes" }).check();
    await view.getByRole("button", { name: "Check my answer" }).click();
    await until(
      async () => (await frame.evaluate(async () => (await window.attention.progress()).right)) === 1,
      "a right answer",
    );
    await until(async () => (await raw()) === "33.33", "score.raw 33.33");
    assert.equal(await status(), "failed", "33.33 is below 60");

    // The challenge (step 7), solved with its own solution: 2 of 3, passed.
    await frame.evaluate(() => {
      window.attention.setStep(6);
      window.attention.setValue("X", 2, 3, 4.0);
    });
    await until(async () => (await status()) === "passed", "lesson_status passed");
    assert.equal(await raw(), "66.67");
    const log = await calls();
    const statuses = log.filter((c) => c[1] === "cmi.core.lesson_status").map((c) => c[2]);
    assert.deepEqual(statuses, ["incomplete", "failed", "passed"]);
    assert.equal(lastSet(log, "cmi.core.exit"), "", "passed: a normal exit");
    assert.ok(names(log.slice(log.findIndex((c) => c[2] === "passed"))).includes("LMSCommit"));

    await leave(page);
    await until(async () => names(await calls()).includes("LMSFinish"), "LMSFinish");
    assert.equal(await status(), "passed");
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test("a graded package keeps predictions and challenges on: no switch to read the answers, the score is what was earned", async () => {
  const context = await newContext();
  try {
    // The trick, where the instructor allowed it (lock no): the switch is there.
    const open = await openLms(context, "coffee-open/scorm.html");
    assert.equal((await open.frame.evaluate(() => window.attention.state())).locked, false);
    assert.ok((await settingsItems(open.page, open.frame))["##learn"], "an unlocked package has the switch");
    await open.page.close();

    const { page, frame, problems, status, raw } = await openLms(context, "coffee/scorm.html");
    await until(async () => (await status()) === "incomplete", "lesson_status incomplete");
    assert.match(frame.url(), /[?&]lock=1(&|$)/);
    const state = await frame.evaluate(() => window.attention.state());
    assert.equal(state.locked, true);
    assert.equal(state.mode, "learn");
    assert.equal((await settingsItems(page, frame))["##learn"], undefined, "no switch in Settings");
    // Step 5's prediction answered wrong ("coffee"; "likes" is right): the score is 0.
    const view = page.frameLocator("#sco");
    await frame.evaluate(() => window.attention.setStep(4));
    await view.locator("#text-view-toggle").focus();
    await view.locator("#text-view-toggle").press("Enter");
    await view.getByRole("radio", { name: "coffee" }).check();
    await view.getByRole("button", { name: "Check my answer" }).click();
    await until(
      async () => (await frame.evaluate(async () => (await window.attention.progress()).answered)) === 1,
      "an answer",
    );
    await until(async () => (await raw()) === "0", "score.raw 0");
    assert.equal((await frame.evaluate(() => window.attention.state())).mode, "learn");
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test("a relaunch never lowers what the LMS holds: completed and 100 stay", async () => {
  const context = await newContext(); // a fresh browser: no saved work, the learner starts afresh
  try {
    const preset = { core: { lesson_status: "completed", score: { raw: "100", min: "0", max: "100" } } };
    const { page, frame, problems, status, raw, calls } = await openLms(context, "cat/scorm.html", preset);
    await until(async () => names(await calls()).includes("LMSInitialize"), "LMSInitialize");
    await frame.evaluate(() => window.attention.setStep(1));
    await until(
      async () => (await frame.evaluate(async () => (await window.attention.progress()).visited)) === 2,
      "step 2 seen",
    );
    await leave(page);
    await until(async () => names(await calls()).includes("LMSFinish"), "LMSFinish");
    const log = await calls();
    assert.ok(
      !log.some((c) => c[1] === "cmi.core.lesson_status" || c[1] === "cmi.core.score.raw"),
      `nothing lowered: ${JSON.stringify(log)}`,
    );
    assert.equal(await status(), "completed");
    assert.equal(await raw(), "100");
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test("without an LMS the launch page works, with a quiet notice; a damaged config is named, not fatal", async () => {
  const context = await newContext();
  try {
    const page = await context.newPage();
    const problems = watch(page);
    page.on("response", (r) => r.status() >= 400 && problems.push(`HTTP ${r.status()}: ${r.url()}`));
    await page.goto(`${base}cat/scorm.html?lesson=i-am-batman&mode=explore&lmsparam=1`);
    await page.waitForFunction(() => window.attention && window.attention.firstFrameMs !== null);
    await page.evaluate(() => window.attention.ready);
    const state = await page.evaluate(() => window.attention.state());
    assert.equal(state.lesson, "the-cat-sat", "the package's lesson, whatever the address says");
    assert.deepEqual(state.notices, [], "the LMS's own parameters are not reported to the learner");
    assert.equal(await page.evaluate(() => window.attentionScorm.connected), false);
    assert.match(await page.locator("#scorm-notice").textContent(), /Not launched from an LMS/);
    assert.equal(await page.locator("#scorm-notice").getAttribute("role"), "status");
    await page.evaluate(() => window.attention.setStep(4)); // progress with nowhere to go: no error
    assert.equal(await page.evaluate(async () => (await window.attention.progress()).visited), 2);

    // Edited by hand into nonsense: the defaults, and the instructor is told.
    const lms = await openLms(context, "edited/scorm.html");
    const notice = await lms.frame.locator("#scorm-notice").textContent();
    assert.match(notice, /settings are wrong/);
    assert.match(notice, /completeWhen "sometimes"/);
    assert.match(notice, /mastery 180/);
    assert.equal(await lms.frame.locator("#scorm-notice").getAttribute("role"), "alert");
    await until(async () => (await lms.status()) === "incomplete", "lesson_status incomplete, by the defaults");
    assert.deepEqual(problems, []);
    assert.deepEqual(lms.problems, []);
  } finally {
    await context.close();
  }
});

// The lesson editor shows every challenge's solution: the package, which
// carries it, offers no "Edit lesson" to its learners, opened on its own or in
// an LMS's frame; an instructor's ?edit=1 and edit() still open it (docs/embedding.md).
test("the package offers no Edit lesson, on its own or in an LMS's frame; ?edit=1 and edit() open it", async () => {
  const context = await newContext({ viewport: { width: 1440, height: 900 } }); // the top bar's buttons inline
  try {
    const page = await context.newPage();
    const problems = watch(page);
    const open = async (query) => {
      await page.goto(`${base}cat/scorm.html${query}`);
      await page.waitForFunction(() => window.attention && window.attention.firstFrameMs !== null);
      await page.evaluate(() => window.attention.ready);
    };
    await open("");
    assert.equal(await page.evaluate(() => window.parent === window), true, "opened on its own");
    assert.ok(await frameShows(page.mainFrame(), "Copy as numpy"), "the top bar's buttons are inline");
    assert.equal(await frameShows(page.mainFrame(), "Edit lesson"), false, "no Edit lesson on its own");
    await page.evaluate(() => window.attention.edit());
    await page.waitForFunction(() => window.attentionEditor && window.attentionEditor.isOpen());
    await open("?edit=1");
    await page.waitForFunction(() => window.attentionEditor && window.attentionEditor.isOpen());
    assert.equal(await frameShows(page.mainFrame(), "Edit lesson"), false);

    const lms = await openLms(context, "cat/scorm.html");
    const inline = await frameShows(lms.frame, "Copy as numpy");
    assert.equal(
      await frameShows(lms.frame, "Edit lesson"),
      false,
      `none in an LMS's frame (buttons inline: ${inline})`,
    );
    assert.deepEqual(problems, []);
    assert.deepEqual(lms.problems, []);
  } finally {
    await context.close();
  }
});

test("a package the lesson editor made in the browser: its own lesson inside, passed by the score in a strict LMS", async () => {
  const page_ = await startServer();
  const context = await newContext();
  try {
    // The instructor: a blank lesson with one prediction, packaged to pass at 50%.
    const editor = await context.newPage();
    const problems = watch(editor);
    await editor.goto(`${page_.url}/?edit=1`);
    await editor.waitForFunction(() => window.attentionEditor && window.attentionEditor.isOpen());
    await editor.getByRole("button", { name: "New blank lesson" }).click();
    await editor.locator('#editor [data-pointer="/id"]').fill("made-in-the-page");
    await editor.locator('#editor [data-pointer="/title"]').fill("Made in the page");
    await editor.locator('#editor [data-action="add-prediction"]').click();
    await editor.locator("#editor-lms-rule").selectOption("challenges");
    // A passing score out of range: said beside the button, not only in the status line.
    await editor.locator("#editor-lms-mastery").fill("150");
    await editor.getByRole("button", { name: "Package for LMS" }).click();
    assert.equal(
      await editor.locator("#editor-lms-status").textContent(),
      "The passing score is a number from 0 to 100.",
    );
    await editor.locator("#editor-lms-mastery").fill("50");
    assert.equal(await editor.locator("#editor-lms-lock").isChecked(), true, "locked by default");
    await editor.waitForFunction(() => !window.attentionEditor.pending());
    const [download] = await Promise.all([
      editor.waitForEvent("download"),
      editor.getByRole("button", { name: "Package for LMS" }).click(),
    ]);
    assert.equal(download.suggestedFilename(), "attention-lab-made-in-the-page-scorm.zip");
    await editor.waitForFunction(() =>
      /The package is downloaded/.test(document.querySelector("#editor-lms-status").textContent),
    );
    const zip = path.join(site, "made.zip");
    await download.saveAs(zip);
    const lesson = JSON.parse(await editor.evaluate(() => window.attention.lessonFile()));
    assert.deepEqual(problems, []);
    await editor.close();

    // The zip: what ./dev package-scorm's has, the lesson's file, the settings naming it.
    const entries = unpack(zip, "made");
    const listed = [
      ...fs.readFileSync(path.join(site, "made/imsmanifest.xml"), "utf8").matchAll(/<file href="([^"]+)"/g),
    ].map((m) => m[1]);
    assert.deepEqual([...listed, "imsmanifest.xml"].sort(), [...entries].sort(), "the manifest lists every file");
    for (const f of ["scorm.html", "scorm-adapter.js", built().wasm, built().page, "lang/ko.json"])
      assert.ok(entries.includes(f), f);
    assert.deepEqual(
      JSON.parse(fs.readFileSync(path.join(site, "made/lessons/made-in-the-page.json"), "utf8")),
      lesson,
    );
    assert.match(
      fs.readFileSync(path.join(site, "made/scorm-config.js"), "utf8"),
      /"lessonFile":"lessons\/made-in-the-page.json"/,
    );
    assert.match(fs.readFileSync(path.join(site, "made/scorm-config.js"), "utf8"), /"lock":"yes"/);

    // The learner, in the LMS: the lesson from the package, passed once the prediction is right.
    const lms = await openLms(context, "made/scorm.html");
    const state = await lms.frame.evaluate(() => window.attention.state());
    assert.equal(state.lesson, "made-in-the-page");
    assert.equal(state.title, "Made in the page");
    assert.deepEqual(await lms.frame.evaluate(() => window.attentionScorm.problems), []);
    // Its one step is seen at launch: failed by the score until the prediction is answered.
    await until(async () => (await lms.status()) === "failed", "lesson_status failed");
    const view = lms.page.frameLocator("#sco");
    await view.locator("#text-view-toggle").focus();
    await view.locator("#text-view-toggle").press("Enter");
    // "cat" gets nearly all of "The"'s attention in the blank lesson's draws.
    await view.locator('input[name="pick"]').nth(1).check();
    await view.getByRole("button", { name: "Check my answer" }).click();
    await until(async () => (await lms.status()) === "passed", "lesson_status passed");
    assert.equal(await lms.raw(), "100");
    assert.deepEqual(lms.problems, []);
  } finally {
    await context.close();
    page_.server.close();
  }
});
