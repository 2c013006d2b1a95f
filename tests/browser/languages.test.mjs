// The interface in the learner's language (src/core/text/translation.h): ?lang=,
// the browser's language when it is shipped, the language menu, the choice
// kept across a reload and in links; English loads no catalog at all. The
// page's own words (web/page/words.js) before the app runs or when it cannot: in
// the same language, chosen by the same rule, from the same one download.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import {
  built,
  useBrowser,
  newContext,
  openPage,
  watch,
  nextFrame,
  labels,
  clickItem,
  saveArtifact,
  forgetWorkOnce,
  DIST,
  ROOT,
} from "./browser.mjs";

// No service worker: it would serve a catalog an earlier test fetched, past
// the 404 a later test routes (Playwright's routes do not see a worker's fetches).
const env = useBrowser({ viewport: { width: 800, height: 500 }, serviceWorkers: "block" });
const catalogFile = (code) => JSON.parse(fs.readFileSync(path.join(DIST, "lang", `${code}.json`), "utf8"));
const catalog = (code) => catalogFile(code).messages;
// One of the page's own words: [English, translation], the one whose English matches.
function pageWord(code, pattern) {
  const found = Object.entries(catalogFile(code).page).filter(([english]) => pattern.test(english));
  assert.equal(found.length, 1, `one page message matching ${pattern} in lang/${code}.json`);
  return found[0];
}
// The page's own words at 800x500 and on a phone.
const SIZES = [
  ["800x500", { viewport: { width: 800, height: 500 } }],
  ["phone", { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true }],
];
// A browser of its own for fn(context), closed even when fn fails (an open one keeps the test file running).
async function inBrowser(options, fn) {
  const context = await newContext({ ...options, serviceWorkers: "block" });
  try {
    await fn(context);
  } finally {
    await context.close();
  }
}
const withoutWebGl2 = () => {
  const original = HTMLCanvasElement.prototype.getContext;
  HTMLCanvasElement.prototype.getContext = function (type, ...rest) {
    return type === "webgl2" ? null : original.call(this, type, ...rest);
  };
};

// Files the page fetched from lang/ and fonts/, by name.
function fetched(page) {
  const seen = [];
  page.on("request", (r) => {
    const m = new URL(r.url()).pathname.match(/\/(lang|fonts)\/(.+)$/);
    if (m) seen.push(`${m[1]}/${m[2]}`);
  });
  return seen;
}

// Waits (bounded) until the page shows `code` with every font it needs loaded.
async function inLanguage(page, code) {
  const deadline = Date.now() + 90000;
  for (;;) {
    const [language, loading] = await page.evaluate(async () => [
      (await window.attention.state()).language,
      window.attention.testing.glyphs().loading,
    ]);
    if (language === code && loading === "") return;
    if (Date.now() > deadline) throw new Error(`the page never settled in ${code} (it shows ${language})`);
    await page.evaluate(() => window.attention.testing.wake());
    await page.waitForTimeout(100);
  }
}

test("English, the default, fetches no catalog and no font", async () => {
  const { page, problems } = await openPage(env.browser, `${env.url}?lesson=the-cat-sat`);
  const files = fetched(page);
  await nextFrame(page, await page.evaluate(() => window.attention.framesDrawn()));
  assert.equal((await page.evaluate(() => window.attention.state())).language, "en");
  assert.ok((await labels(page)).includes("Menu ▼"));
  assert.deepEqual(files, []);
  assert.deepEqual(problems, []);
  await page.close();
});

test("?lang=ko: the Korean catalog and font are fetched, every label is Korean, every glyph draws", async () => {
  const page = await env.browser.newPage();
  const files = fetched(page);
  await page.goto(`${env.url}?lesson=the-cat-sat&lang=ko&step=4`);
  await page.waitForFunction(() => window.attention && window.attention.firstFrameMs !== null);
  await inLanguage(page, "ko");
  const ko = catalog("ko");
  const shown = await labels(page);
  assert.ok(shown.includes(ko["Copy link"]) || shown.includes(`${ko["Menu"]} ▼`), shown.join(" "));
  assert.ok(!shown.includes("Copy link"));
  assert.deepEqual((await page.evaluate(() => window.attention.testing.glyphs())).missing, []);
  assert.equal(await page.evaluate(() => document.documentElement.lang), "ko");
  // index.html's English names for a screen reader, and the hidden Text view button's, are Korean too.
  const canvasName =
    "Attention Lab: an interactive lesson on self-attention. The Text view button shows the same step as text and tables.";
  await page.waitForFunction((name) => document.querySelector("#canvas").ariaLabel === name, ko[canvasName]);
  assert.equal(await page.textContent("#text-view-toggle"), ko["Text view"]);
  assert.ok(files.includes("fonts/hangul.ttf"), files.join(" "));
  // Fetched at once by the page for its own words, and those bytes handed to the app.
  assert.deepEqual(
    files.filter((f) => f.startsWith("lang/")),
    ["lang/ko.json"],
  );
  saveArtifact("language-ko-800x500.png", await page.screenshot());
  // The text view speaks it too: its words come from the same catalog.
  await page.evaluate(() => window.attention.showTextView(true));
  const position = ko["Step {step} of {count}"].replace("{step}", "4").replace("{count}", "5");
  assert.equal(await page.textContent("#text-view-position"), position);
  assert.equal(await page.textContent("#text-view-previous"), ko["Previous step"]);
  await page.close();
});

test("the browser's language is the default when shipped; another falls back to English", async () => {
  for (const [locale, expected] of [
    ["es-MX", "es"],
    ["zh-CN", "zh-Hans"],
    ["it-IT", "en"],
  ]) {
    const context = await newContext({ viewport: { width: 800, height: 500 }, locale });
    const { page, problems } = await openPage(context, `${env.url}?lesson=udl-multihead`);
    await inLanguage(page, expected);
    if (expected !== "en") saveArtifact(`language-${expected}-udl-multihead-800x500.png`, await page.screenshot());
    assert.deepEqual(problems, []);
    await context.close();
  }
});

test("the language menu: picked with the mouse, kept across a reload and in the link", async () => {
  const { page, problems } = await openPage(env.browser, `${env.url}?lesson=the-cat-sat`);
  await clickItem(page, "##language");
  await clickItem(page, "Español");
  await inLanguage(page, "es");
  assert.ok((await labels(page)).includes(`${catalog("es")["Menu"]} ▼`));
  await page.waitForFunction(
    (name) => document.querySelector("#text-view-toggle").textContent === name,
    catalog("es")["Text view"],
  );
  saveArtifact("language-menu-es-800x500.png", await page.screenshot());
  // The link names it; a reload (the same page, its storage kept) keeps it.
  assert.equal(new URL(await page.evaluate(() => window.attention.link())).searchParams.get("lang"), "es");
  await page.evaluate(() => window.dispatchEvent(new Event("pagehide")));
  await page.reload();
  await page.waitForFunction(() => window.attention && window.attention.firstFrameMs !== null);
  await inLanguage(page, "es");
  // A link's language wins over the saved one.
  await page.goto(`${env.url}?lesson=the-cat-sat&lang=en`);
  await page.waitForFunction(() => window.attention && window.attention.firstFrameMs !== null);
  await inLanguage(page, "en");
  assert.deepEqual(problems, []);
  await page.close();
});

test("a language that is not shipped is named in a notice; a catalog that cannot be fetched too", async () => {
  const { page, problems } = await openPage(env.browser, `${env.url}?lang=it`);
  const state = await page.evaluate(() => window.attention.state());
  assert.equal(state.language, "en");
  assert.deepEqual(state.notices, ['The language "it" is not one of these: en, es, zh-Hans, ko, ja, fr, de, pt-BR.']);
  // Refused with a rejected promise, not thrown at the caller.
  const error = await page.evaluate(() => {
    const answer = window.attention.setLanguage("it");
    return answer instanceof Promise
      ? answer.then(
          () => null,
          (e) => e.message,
        )
      : "not a promise";
  });
  assert.equal(error, '"it" is not one of these languages: en, es, zh-Hans, ko, ja, fr, de, pt-BR');
  await page.route("**/lang/es.json", (route) => route.fulfill({ status: 404, body: "" }));
  await page.evaluate(() => window.attention.setLanguage("es"));
  const deadline = Date.now() + 90000;
  let notices = [];
  while (Date.now() < deadline) {
    notices = (await page.evaluate(() => window.attention.state())).notices;
    if (notices.length > 1) break;
    await page.waitForTimeout(100);
  }
  assert.equal(notices[1], "The Español translation could not be loaded (HTTP 404); the page stays in English.");
  assert.equal((await page.evaluate(() => window.attention.state())).language, "en");
  assert.deepEqual(
    problems.filter((p) => !p.includes("404")),
    [],
  );
  await page.close();
});

test("a lesson file's own translations: shown in the learner's language, its numbers and edits kept", async () => {
  const { page, problems } = await openPage(env.browser, `${env.url}?mode=explore`);
  const I = [
    [1, 0],
    [0, 1],
  ];
  const lesson = {
    id: "gatos",
    title: "Two words",
    tokens: ["a", "b"],
    X: I,
    W_q: I,
    W_k: I,
    W_v: I,
    steps: [{ title: "Step 1: the words", text: "Each word is one row.", show: ["X"] }],
    translations: { es: { "/title": "Dos palabras", "/steps/0/title": "Paso 1: las palabras" } },
  };
  await page.evaluate((c) => window.attention.loadLesson(c, "gatos.json"), JSON.stringify(lesson));
  await page.evaluate(() => window.attention.setValue("X", 0, 1, 0.5));
  assert.equal((await page.evaluate(() => window.attention.state())).title, "Two words");
  await page.evaluate(() => window.attention.setLanguage("es"));
  await inLanguage(page, "es");
  const state = await page.evaluate(() => window.attention.state());
  assert.equal(state.title, "Dos palabras");
  assert.equal(state.stepTitle, "Paso 1: las palabras");
  assert.equal(state.lesson, "gatos");
  assert.equal(state.changes !== "", true, "the learner's edit is kept");
  const x = (await page.evaluate(() => window.attention.trace())).steps[0].matrices.find((m) => m.name === "X");
  assert.deepEqual(x.data[0], [1, 0.5]);
  await page.evaluate(() => window.attention.setLanguage("en"));
  await inLanguage(page, "en");
  assert.equal((await page.evaluate(() => window.attention.state())).title, "Two words");
  assert.deepEqual(problems, []);
  await page.close();
});

test("page.js picks the language as the app does: tests/core/language-choice.json, and the real inputs", async () => {
  const cases = JSON.parse(fs.readFileSync(path.join(ROOT, "tests/core/language-choice.json"), "utf8"));
  const { page, problems } = await openPage(env.browser, `${env.url}?lesson=the-cat-sat`);
  const got = await page.evaluate(({ tags, starts }) => {
    const { findLanguage, chooseLanguage } = window.attention.testing;
    return {
      tags: tags.map(([tag]) => [tag, findLanguage(tag)]),
      starts: starts.map((s) => chooseLanguage(s.parameters, s.saved, s.languages)),
    };
  }, cases);
  assert.deepEqual(got.tags, cases.tags); // the C++ side: tests/core/text/translation_test.cpp
  assert.deepEqual(
    got.starts,
    cases.starts.map((s) => s.shown),
  ); // and tests/app/translations_test.cpp
  await page.close();
  assert.deepEqual(problems, []);

  // The same inputs: a Korean browser, Spanish saved, a link's unknown lang.
  // Had the page chosen otherwise, it would have fetched that catalog too.
  await inBrowser({ viewport: { width: 800, height: 500 }, locale: "ko-KR" }, async (context) => {
    const korean = await context.newPage();
    const files = fetched(korean);
    await korean.addInitScript(() => localStorage.setItem("attention-lab:v1:language", "es"));
    await korean.goto(`${env.url}?lesson=the-cat-sat&lang=it`);
    await korean.waitForFunction(() => window.attention && window.attention.firstFrameMs !== null);
    await inLanguage(korean, "es");
    assert.deepEqual(
      files.filter((f) => f.startsWith("lang/")),
      ["lang/es.json"],
    );
  });
});

test("?lang=es: the loading line, then the failure, in Spanish before the app runs (the wasm held, then failing)", async () => {
  const { wasm } = built();
  const [, loadingLine] = pageWord("es", /^Loading Attention Lab/);
  const [english, failed] = pageWord("es", /could not load its program/);
  for (const [size, options] of SIZES)
    await inBrowser(options, async (context) => {
      const page = await context.newPage();
      const problems = watch(page);
      const files = fetched(page);
      let release;
      const held = new Promise((resolve) => (release = resolve));
      await page.route(`**/${wasm}`, async (route) => {
        await held;
        await route.fulfill({ status: 404, body: "gone" });
      });
      await page.goto(`${env.url}?lang=es`);
      // The catalog arrives while the program is still on its way.
      await page.waitForFunction((text) => document.querySelector("#loading p").textContent === text, loadingLine);
      assert.equal(await page.isVisible("#loading"), true);
      assert.equal(await page.evaluate(() => document.documentElement.lang), "es");
      saveArtifact(`page-words-es-loading-${size}.png`, await page.screenshot());
      release();
      await page.waitForSelector("#failure:not([hidden])");
      assert.equal(await page.textContent("#failure-message"), failed.replace("{why}", `${wasm}: HTTP 404`));
      // A host page's developer reads the English.
      const message = await page.evaluate(() =>
        window.attention.ready.then(
          () => "",
          (e) => e.message,
        ),
      );
      assert.equal(message, english.replace("{why}", `${wasm}: HTTP 404`));
      saveArtifact(`page-words-es-failure-${size}.png`, await page.screenshot());
      assert.deepEqual(files, ["lang/es.json"]);
      assert.deepEqual(
        problems.filter((p) => !p.includes("404")),
        [],
      );
    });
});

test("?lang=ko without attention.js: the failure said in Korean once the catalog comes", async () => {
  const [, failed] = pageWord("ko", /could not load attention\.js/);
  const page = await env.browser.newPage();
  await page.route(`**/${built().js}`, (route) => route.fulfill({ status: 404, body: "" }));
  await page.goto(`${env.url}?lang=ko`);
  await page.waitForFunction((text) => document.getElementById("failure-message").textContent === text, failed);
  assert.equal(await page.isVisible("#loading"), false);
  await page.close();
});

test("without WebGL2, in Korean: the notice and the text view, from one download of the catalog", async () => {
  const [, notice] = pageWord("ko", /does not offer WebGL2/);
  const ko = catalog("ko");
  for (const [size, options] of SIZES)
    await inBrowser(options, async (context) => {
      const page = await context.newPage();
      const problems = watch(page);
      const files = fetched(page);
      await page.addInitScript(forgetWorkOnce);
      await page.addInitScript(withoutWebGl2);
      await page.goto(`${env.url}?lesson=i-am-batman&step=6&mode=explore&lang=ko`);
      await page.evaluate(() => window.attention.ready);
      await page.waitForFunction((text) => document.getElementById("text-view-notice").textContent === text, notice);
      await page.waitForFunction(
        (text) => document.getElementById("text-view-previous").textContent === text,
        ko["Previous step"],
      );
      assert.equal(await page.isVisible("#text-view-notice"), true);
      assert.equal(await page.evaluate(() => document.documentElement.lang), "ko");
      saveArtifact(`page-words-ko-no-webgl2-${size}.png`, await page.screenshot());
      assert.deepEqual(
        files.filter((f) => f.startsWith("lang/")),
        ["lang/ko.json"],
      );
      assert.deepEqual(problems, []);
    });
});
