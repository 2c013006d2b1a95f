// The interface in the learner's language (src/core/translation.h): ?lang=,
// the browser's language when it is shipped, the language menu, the choice
// kept across a reload and in links; English loads no catalog at all.
import { test } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { useBrowser, launch, openPage, nextFrame, labels, clickItem, saveArtifact, DIST } from "./browser.mjs";

// No service worker: it would serve a catalog an earlier test fetched, past
// the 404 a later test routes (Playwright's routes do not see a worker's fetches).
const env = useBrowser({ viewport: { width: 800, height: 500 }, serviceWorkers: "block" });
const catalog = (code) => JSON.parse(fs.readFileSync(path.join(DIST, "lang", `${code}.json`), "utf8")).messages;

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
    const [language, loading] = await page.evaluate(() => [
      window.attention.state().language,
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
  assert.ok(files.includes("lang/ko.json") && files.includes("fonts/hangul.ttf"), files.join(" "));
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
    ["fr-FR", "en"],
  ]) {
    const context = await launch({ viewport: { width: 800, height: 500 }, locale });
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
  const { page, problems } = await openPage(env.browser, `${env.url}?lang=fr`);
  const state = await page.evaluate(() => window.attention.state());
  assert.equal(state.language, "en");
  assert.deepEqual(state.notices, ['The language "fr" is not one of these: en, es, zh-Hans, ko.']);
  const error = await page.evaluate(() => {
    try {
      window.attention.setLanguage("fr");
    } catch (e) {
      return e.message;
    }
    return null;
  });
  assert.equal(error, '"fr" is not one of these languages: en, es, zh-Hans, ko');
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
