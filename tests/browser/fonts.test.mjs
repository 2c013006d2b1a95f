// Characters beyond the base font: a lesson in Latin, Greek and Cyrillic
// letters (and symbols) makes the page fetch the font packs it needs and draw
// every character; the English first load fetches none; a character no font
// has is named once, at load (src/ui/fonts.h).
import { test } from "node:test";
import assert from "node:assert/strict";
import { useBrowser, openPage, nextFrame, saveArtifact } from "./browser.mjs";

// No service worker: it would serve a pack an earlier test fetched, past the
// 404 a later test routes (Playwright's routes do not see a worker's fetches).
const env = useBrowser({ viewport: { width: 800, height: 500 }, serviceWorkers: "block" });

// A small lesson whose title and tokens are in the given words.
function lesson(title, tokens) {
  return JSON.stringify({
    id: "scripts",
    title,
    parts: [
      {
        id: "p",
        tokens,
        X: tokens.map((_, i) => tokens.map((_, j) => (i === j ? 1 : 0.5))),
        W_q: tokens.map((_, i) => tokens.map((_, j) => (i === j ? 1 : 0))),
        W_k: tokens.map((_, i) => tokens.map((_, j) => (i === j ? 1 : 0))),
        W_v: tokens.map((_, i) => tokens.map((_, j) => (i === j ? 1 : 0))),
      },
    ],
  });
}

// Font requests the page made, by file name.
function fontRequests(page) {
  const seen = [];
  page.on("request", (r) => {
    const m = new URL(r.url()).pathname.match(/\/fonts\/(.+)$/);
    if (m) seen.push(m[1]);
  });
  return seen;
}

// window.attention.testing.glyphs() once nothing is loading, waiting for
// frames in between (a loaded machine can take seconds to fetch and rebuild).
async function settledGlyphs(page) {
  let frames = await page.evaluate(() => window.attention.framesDrawn());
  for (let i = 0; i < 200; ++i) {
    const g = await page.evaluate(() => window.attention.testing.glyphs());
    if (g.loading === "") return g;
    frames = await nextFrame(page, frames);
    await page.waitForTimeout(100);
  }
  throw new Error("a font pack never finished loading");
}

test("the English first load fetches no font pack and can draw every character it shows", async () => {
  const { page, problems } = await openPage(env.browser, `${env.url}?lesson=udl-multihead`);
  const fonts = fontRequests(page);
  await nextFrame(page, await page.evaluate(() => window.attention.framesDrawn()));
  assert.deepEqual(await page.evaluate(() => window.attention.testing.glyphs()), { loading: "", missing: [] });
  assert.deepEqual(fonts, []);
  assert.deepEqual(problems, []);
  await page.close();
});

test("a lesson in every supported script: the packs it needs are fetched once, then every character draws", async () => {
  const { page, problems } = await openPage(env.browser, `${env.url}?mode=explore`);
  const fonts = fontRequests(page);
  await page.evaluate(
    (content) => window.attention.loadLesson(content, "scripts.json"),
    lesson("Łódź, γάτα, кошка, 猫, 고양이", ["Zażółć", "ψυχή", "Привет", "x₁→y₂", "注意力", "ねこ", "고양이"]),
  );
  // The page says what it is fetching while it does (on a fast machine the
  // fetch can end before a look: then the glyphs are simply there).
  const glyphs = await settledGlyphs(page);
  assert.deepEqual(glyphs.missing, []);
  assert.deepEqual(fonts.sort(), ["cjk.ttf", "hangul.ttf", "letters.ttf", "symbols.ttf"]);
  const state = await page.evaluate(() => window.attention.state());
  assert.deepEqual(state.notices, []);
  await nextFrame(page, await page.evaluate(() => window.attention.framesDrawn()));
  saveArtifact("fonts-scripts-800x500.png", await page.screenshot());
  // Another lesson with the same letters needs no second fetch.
  await page.evaluate(
    (content) => window.attention.loadLesson(content, "more.json"),
    lesson("Ещё", ["ещё", "раз"]).replace('"scripts"', '"more"'),
  );
  assert.deepEqual((await settledGlyphs(page)).missing, []);
  assert.deepEqual(fonts.sort(), ["cjk.ttf", "hangul.ttf", "letters.ttf", "symbols.ttf"]);
  assert.deepEqual(problems, []);
  await page.close();
});

test("characters no font has are named once, with where they are; the lesson works", async () => {
  const { page, problems } = await openPage(env.browser, `${env.url}?mode=explore`);
  // An emoji: no font at all. A rare Chinese character: not among the common
  // characters the cjk pack holds, known once the pack has loaded.
  await page.evaluate((content) => window.attention.loadLesson(content, "cats.json"), lesson("Cats", ["😀", "龘"]));
  const glyphs = await settledGlyphs(page);
  assert.deepEqual(glyphs.missing, [
    { character: "😀", codepoint: "U+1F600", where: "/parts/0/tokens/0" },
    { character: "龘", codepoint: "U+9F98", where: "/parts/0/tokens/1" },
  ]);
  const state = await page.evaluate(() => window.attention.state());
  assert.deepEqual(state.notices, [
    '"Cats" uses a character no font here has, shown as "?": "😀" (U+1F600, first at /parts/0/tokens/0).',
    '"Cats" uses a character no font here has, shown as "?": "龘" (U+9F98, first at /parts/0/tokens/1).',
  ]);
  assert.equal(state.lesson, "scripts");
  assert.deepEqual(problems, []);
  await page.close();
});

test("a font pack that cannot be fetched: a notice says so, the characters stay missing, the lesson works", async () => {
  const { page, problems } = await openPage(env.browser, `${env.url}?mode=explore`);
  await page.route("**/fonts/letters.ttf", (route) => route.fulfill({ status: 404, body: "" }));
  await page.evaluate(
    (content) => window.attention.loadLesson(content, "cyrillic.json"),
    lesson("Кошки", ["кот", "cat"]),
  );
  const glyphs = await settledGlyphs(page);
  assert.deepEqual(glyphs.missing.map((g) => g.character).sort(), ["К", "и", "к", "о", "т", "ш"].sort());
  const state = await page.evaluate(() => window.attention.state());
  assert.deepEqual(state.notices, [
    'The font for Latin, Greek and Cyrillic letters could not be loaded (HTTP 404); those characters show as "?".',
  ]);
  await page.evaluate(() => window.attention.setStep(1));
  assert.equal((await page.evaluate(() => window.attention.state())).step, 1);
  // The 404 itself is the browser's console error, not the page's.
  assert.deepEqual(
    problems.filter((p) => !p.includes("404")),
    [],
  );
  await page.close();
});

test("right-to-left text: the canvas says it cannot draw it, the text view lays it out right to left", async () => {
  const { page, problems } = await openPage(env.browser, `${env.url}?mode=explore`);
  await page.evaluate(
    (content) => window.attention.loadLesson(content, "hebrew.json"),
    lesson("חתולים", ["חתול", "cat"]),
  );
  const state = await page.evaluate(() => window.attention.state());
  assert.equal(state.notices.length, 1);
  assert.match(state.notices[0], /^"חתולים" has right-to-left text, which this canvas cannot draw/);
  assert.match(
    state.notices[0],
    /the Text view shows them as written: "ח" \(U\+05D7, first at \/parts\/0\/tokens\/0\)/,
  );
  await page.evaluate(() => window.attention.showTextView());
  await page.waitForSelector("#text-view-body th[scope=row]");
  const shown = await page.evaluate(() => {
    const rows = [...document.querySelectorAll("#text-view-body th[scope=row]")];
    const row = rows.find((th) => th.textContent === "חתול");
    const title = document.querySelector("#text-view-body p.source");
    return {
      row: row ? row.matches(":dir(rtl)") : null,
      other: rows.find((th) => th.textContent === "cat").matches(":dir(ltr)"),
      title: title.textContent.startsWith("חתולים") && title.matches(":dir(rtl)"),
    };
  });
  assert.deepEqual(shown, { row: true, other: true, title: true });
  saveArtifact("fonts-rtl-textview-800x500.png", await page.screenshot());
  assert.deepEqual(problems, []);
  await page.close();
});
