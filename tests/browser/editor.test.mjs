// The lesson editor (web/editor/, docs/editor.md), as an instructor uses it:
// a 3-token lesson written from blank with real paced input (one token in
// Korean through composition events, as an IME sends them), a step with a
// live placeholder, a prediction and a challenge; an error shown at its field
// while the preview keeps the last good draft; the file downloaded, accepted
// by attention-cli and equal to numpy; the link reopening the same trace; the
// draft kept across a reload, a damaged one set aside; a lesson in parts
// translated where the app says its texts are; every built-in lesson
// round-tripping unchanged. Who is offered it: editor-access.test.mjs.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { useBrowser, openPage, clipboardText, saveArtifact, ROOT, DIST, inPage } from "./browser.mjs";

const env = useBrowser();
const CLI = path.join(ROOT, "build/native/attention-cli");

const field = (page, pointer) => page.locator(`#editor [data-pointer="${pointer}"]`);
async function replaceText(page, pointer, text) {
  const input = field(page, pointer);
  await input.click();
  await page.keyboard.press("Control+A");
  await page.keyboard.type(text, { delay: 15 }); // a person's typing, key by key
}
// The editor has judged the draft as it stands: its status line says so.
async function judged(page, verdict = /^No errors/) {
  await page.waitForFunction(() => {
    const s = document.querySelector("#editor-status");
    return s && s.textContent !== "" && !window.attentionEditor.pending();
  });
  assert.match(await page.locator("#editor-status").textContent(), verdict);
}
const title = (page) => page.evaluate(async () => (await window.attention.state()).title);

// numpy's draws and attention for the blank lesson's inputs (python3-numpy).
function numpyOutput(tokens, dk) {
  const code = `
import json, numpy as np
np.random.seed(0); X = np.random.normal(size=(${tokens}, 4))
np.random.seed(1); Wq = np.random.normal(size=(4, ${dk})); Wk = np.random.normal(size=(4, ${dk})); Wv = np.random.normal(size=(4, 4))
Q, K, V = X @ Wq, X @ Wk, X @ Wv
s = Q @ K.T / np.sqrt(${dk}); w = np.exp(s - s.max(axis=1, keepdims=True)); w /= w.sum(axis=1, keepdims=True)
print(json.dumps({"weights": w.tolist(), "output": (w @ V).tolist()}))`;
  return JSON.parse(execFileSync("/usr/bin/python3", ["-c", code], { encoding: "utf8" }));
}
function close(actual, expected, what) {
  assert.equal(actual.length, expected.length, what);
  actual.forEach((row, i) =>
    row.forEach((v, j) =>
      assert.ok(
        Math.abs(v - expected[i][j]) <= 1e-12 * (1 + Math.abs(expected[i][j])),
        `${what}[${i}][${j}]: ${v} vs ${expected[i][j]}`,
      ),
    ),
  );
}

test("an instructor writes a lesson from blank, previews it, downloads it, and its link shows the same", async () => {
  const { page, problems } = await openPage(env.browser, `${env.url}/?edit=1`);
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.locator("#editor").waitFor({ state: "visible" });
  await judged(page);
  await page.getByRole("button", { name: "New blank lesson" }).click();
  await judged(page);

  await replaceText(page, "/title", "Cats and kings");
  await replaceText(page, "/id", "cats-and-kings");
  await replaceText(page, "/tokens/0", "The");
  await replaceText(page, "/tokens/1", "cat");
  // The third token in Korean, composed as an IME composes it: ㅇ, 와, 왕, then committed.
  await field(page, "/tokens/2").click();
  await page.keyboard.press("Control+A");
  const cdp = await page.context().newCDPSession(page);
  for (const part of ["ㅇ", "와", "왕"]) {
    await cdp.send("Input.imeSetComposition", { text: part, selectionStart: part.length, selectionEnd: part.length });
    await page.waitForTimeout(40);
  }
  await cdp.send("Input.insertText", { text: "왕" });
  await judged(page);
  assert.deepEqual(JSON.parse(await page.evaluate(() => window.attention.lessonFile())).tokens, ["The", "cat", "왕"]);

  // Queries and keys two wide: W_q and W_k are drawn (4, 2).
  await replaceText(page, "#d_k", "2");
  await page.keyboard.press("Tab");
  await judged(page);
  assert.deepEqual(
    JSON.parse(await page.evaluate(() => window.attention.lessonFile())).random[1].draws.map((d) => d.shape),
    [
      [4, 2],
      [4, 2],
      [4, 4],
    ],
  );

  // A step with a live sentence; first with a placeholder that names no matrix.
  await page.getByRole("button", { name: "Add step" }).click();
  await replaceText(page, "/steps/1/title", "Who looks at whom");
  await replaceText(page, "/steps/1/text", "The gives {max nothing[The]:2} of its attention away.");
  await page.locator('#editor [data-pointer="/steps/1/text"][aria-invalid="true"]').waitFor();
  await judged(page, /^Error: \/steps\/1\/text: .*nothing.*The preview shows the last draft without errors\.$/);
  const error = await page
    .locator("#editor .editor-field:has([data-pointer='/steps/1/text']) .editor-error")
    .textContent();
  assert.match(error, /nothing/);
  assert.equal(await title(page), "Cats and kings", "the preview keeps the last draft without errors");
  assert.equal((await page.evaluate(() => window.attention.state())).lesson, "~draft");
  // Typed again, the live value chosen from what "{" offers.
  await replaceText(page, "/steps/1/text", "The gives {max w");
  const offered = page.locator("#editor .editor-completion:visible [role=option]");
  assert.equal(await offered.first().textContent(), "{max weights[The]:2}");
  await page.keyboard.press("Enter");
  await page.keyboard.type(" of its attention to one word.", { delay: 15 });
  assert.equal(
    await field(page, "/steps/1/text").inputValue(),
    "The gives {max weights[The]:2} of its attention to one word.",
  );
  await page.locator('#editor [aria-invalid="true"]').waitFor({ state: "detached" });
  await judged(page);
  // Under the sentence, how it reads with these numbers: the trace's own words.
  const sentence = (page) => page.evaluate(async () => (await window.attention.trace()).steps[1].sentences[0]);
  const preview = page.locator('#editor .editor-sentence-preview[data-sentence="/steps/1/text/0"]');
  assert.equal(await preview.textContent(), `With these numbers: ${(await sentence(page)).text}`);
  assert.match((await sentence(page)).text, /^The gives \d\.\d\d of its attention to one word\.$/);

  // Said only when a condition holds: first the one offered, true as it stands;
  // then one naming a word "The" does not attend to most, and the preview says so.
  await page
    .locator('#editor [data-pointer-box="/steps/1/text"]')
    .getByRole("button", { name: "Say sentence 1 only when…" })
    .click();
  await judged(page);
  assert.equal(await preview.getAttribute("data-holds"), String((await sentence(page)).holds));
  const [the] = await page.evaluate(async () => (await window.attention.trace()).result.weights[0]); // the row of "The"
  const least = ["The", "cat", "왕"][the.indexOf(Math.min(...the))];
  // The condition offered is of the simple shape: its fields, the winner picked from the tokens.
  assert.equal(await field(page, "/steps/1/text/0/when/largest/query").inputValue(), "The");
  await field(page, "/steps/1/text/0/when/is").selectOption(least);
  await judged(page);
  assert.equal((await sentence(page)).holds, false);
  assert.equal(await preview.getAttribute("data-holds"), "false");
  assert.match(await preview.textContent(), /^Not true for these numbers: .*The gives \d\.\d\d of its attention/);
  assert.deepEqual(JSON.parse(await page.evaluate(() => window.attention.lessonFile())).steps[1].text, [
    {
      text: "The gives {max weights[The]:2} of its attention to one word.",
      when: { largest: { of: "weights", query: "The" }, is: least },
    },
  ]);
  // And always said again: the sentence keeps its words.
  await page
    .locator('#editor [data-pointer-box="/steps/1/text"]')
    .getByRole("button", { name: "Always say sentence 1" })
    .click();
  await judged(page);
  assert.deepEqual(JSON.parse(await page.evaluate(() => window.attention.lessonFile())).steps[1].text, [
    "The gives {max weights[The]:2} of its attention to one word.",
  ]);
  assert.equal(await preview.getAttribute("data-holds"), "true");

  // A prediction and a challenge, through their own fields.
  await replaceText(page, "/steps/1/show", "scores, weights");
  await page.locator('#editor [data-action="add-prediction"][data-index="1"]').click();
  await replaceText(page, "/steps/1/predict/0/ask", 'Which word will "The" attend to most?');
  await replaceText(page, "/steps/1/predict/0/reveal", 'You picked "{picked}"; "{answer}" gets {max weights[The]:2}.');
  await page.locator('#editor [data-action="add-challenge"][data-index="1"]').click();
  await replaceText(page, "/steps/1/challenges/0/task", 'Make "The" attend most to "왕" by changing W_k.');
  // The goal picked from fields, as an instructor picks it: no JSON. A new
  // challenge offers its row's next token; the winner chosen is another.
  const goal = "/steps/1/challenges/0/goal";
  assert.equal(await field(page, `${goal}/largest/query`).inputValue(), "The");
  assert.equal(await field(page, `${goal}/is`).inputValue(), "cat");
  await field(page, goal).selectOption({ label: "Smallest" });
  await field(page, `${goal}/smallest/query`).selectOption("왕");
  await judged(page);
  assert.deepEqual(JSON.parse(await page.evaluate(() => window.attention.lessonFile())).steps[1].challenges[0].goal, {
    smallest: { of: "weights", query: "왕" },
    is: "cat",
  });
  // The loader's error about the matrix lands at the matrix's field.
  await replaceText(page, `${goal}/smallest/of`, "weight");
  await page.locator(`#editor [data-pointer="${goal}/smallest/of"][aria-invalid="true"]`).waitFor();
  await judged(page, /^Error: \/steps\/1\/challenges\/0\/goal\/smallest\/of: /);
  await replaceText(page, `${goal}/smallest/of`, "weights");
  await judged(page);
  await field(page, goal).selectOption({ label: "Largest" });
  await field(page, `${goal}/largest/query`).selectOption({ label: "The" });
  await field(page, `${goal}/is`).selectOption({ label: "왕" });
  await judged(page);
  // As JSON and back: the same goal either way.
  const goalBox = page.locator(`#editor [data-pointer-box="${goal}"]`);
  await goalBox.getByRole("button", { name: "Write the condition as JSON" }).click();
  assert.deepEqual(JSON.parse(await field(page, goal).inputValue()), {
    largest: { of: "weights", query: "The" },
    is: "왕",
  });
  await goalBox.getByRole("button", { name: "Use a simple goal" }).click();
  assert.equal(await field(page, `${goal}/is`).inputValue(), "왕");
  await replaceText(page, "/steps/1/challenges/0/hints", "K = X·W_k.");
  await replaceText(page, "/steps/1/challenges/0/success", 'Now "왕" gets {weights[The, 왕]:2}.');
  await judged(page);
  const lesson = JSON.parse(await page.evaluate(() => window.attention.lessonFile()));
  assert.deepEqual(lesson.steps[1].predict, [
    {
      id: "prediction-1",
      ask: 'Which word will "The" attend to most?',
      pick: { largest: { of: "weights", query: "The" } },
      reveal: 'You picked "{picked}"; "{answer}" gets {max weights[The]:2}.',
    },
  ]);
  assert.deepEqual(lesson.steps[1].challenges, [
    {
      id: "challenge-1",
      task: 'Make "The" attend most to "왕" by changing W_k.',
      goal: { largest: { of: "weights", query: "The" }, is: "왕" },
      allowed: { only: ["W_k"] },
      hints: ["K = X·W_k."],
      success: 'Now "왕" gets {weights[The, 왕]:2}.',
    },
  ]);
  // The preview asks it, as a learner meets it.
  assert.equal((await page.evaluate(() => window.attention.state())).step, 1);
  saveArtifact("editor-1280x800.png", await page.screenshot());

  // The title in Spanish, beside the English.
  await page.locator('#editor [data-action="translation-language"]').selectOption("es");
  await replaceText(page, "/translations/es/~1title", "Gatos y reyes");
  await judged(page);
  assert.deepEqual(JSON.parse(await page.evaluate(() => window.attention.lessonFile())).translations, {
    es: { "/title": "Gatos y reyes" },
  });
  await replaceText(page, "/translations/es/~1title", "");
  await page.keyboard.press("Backspace");
  await judged(page);
  assert.equal(JSON.parse(await page.evaluate(() => window.attention.lessonFile())).translations, undefined);

  // The lesson file's text takes everything else (pasted, as an instructor would).
  lesson.names = { output: "X′" };
  await page.locator("#editor .editor-json").click();
  await page.keyboard.press("Control+A");
  await page.keyboard.insertText(JSON.stringify(lesson, null, 2));
  await judged(page);
  assert.deepEqual(JSON.parse(await page.evaluate(() => window.attention.lessonFile())), lesson);

  // Undo goes back through the drafts, redo forward again.
  await page.locator("#editor h2").click();
  await page.getByRole("button", { name: "Undo" }).click();
  await judged(page);
  assert.equal(JSON.parse(await page.evaluate(() => window.attention.lessonFile())).names, undefined);
  await page.locator("#editor h2").focus();
  await page.keyboard.press("Control+y"); // redo, from the keyboard
  await judged(page);
  assert.deepEqual(JSON.parse(await page.evaluate(() => window.attention.lessonFile())), lesson);

  // Downloaded: attention-cli accepts the file, and its numbers are numpy's.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download lesson" }).click(),
  ]);
  assert.equal(download.suggestedFilename(), "cats-and-kings.json");
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "attention-editor-")), "cats-and-kings.json");
  await download.saveAs(file);
  assert.deepEqual(JSON.parse(fs.readFileSync(file, "utf8")), lesson);
  const cli = JSON.parse(execFileSync(CLI, ["trace", file, "--format", "json"], { encoding: "utf8" }));
  const numpy = numpyOutput(3, 2);
  close(cli.result.output, numpy.output, "output");
  close(cli.result.weights[0], numpy.weights, "weights");

  // The three sizes, each the page itself showing the draft.
  await page.getByRole("button", { name: "Preview at three sizes" }).click();
  const frames = page.locator("#editor-sizes iframe");
  await frames.nth(2).waitFor({ state: "attached" }); // once the draft's link is packed
  assert.equal(await frames.count(), 3);
  for (let i = 0; i < 3; ++i) {
    const frame = await (await frames.nth(i).elementHandle()).contentFrame();
    await frame.waitForFunction(() => window.attention && window.attention.firstFrameMs !== null);
    assert.equal(await frame.evaluate(async () => (await window.attention.state()).title), "Cats and kings");
    assert.equal(
      await frame.evaluate(async () => (await window.attention.state()).step),
      1,
      "the step the preview shows",
    );
  }
  assert.equal(await frames.nth(1).evaluate(async (f) => (await f.contentWindow.attention.state()).embed), true);
  assert.equal(await frames.nth(2).evaluate(async (f) => (await f.contentWindow.attention.state()).touch), true); // the phone's
  saveArtifact("editor-three-sizes.png", await page.screenshot());
  await page.getByRole("button", { name: "Close preview" }).click();

  // Its link: a new tab shows the same trace.
  await page.evaluate(() => window.attention.setStep(1));
  const trace = await page.evaluate(() => window.attention.trace());
  await page.getByRole("button", { name: "Copy link" }).click();
  const link = await clipboardText(page, "#lesson=");
  const other = await openPage(env.browser, link);
  await other.page.evaluate(() => window.attention.setStep(1));
  const linked = await other.page.evaluate(() => window.attention.trace());
  assert.equal(linked.title, "Cats and kings");
  assert.deepEqual(linked.steps, trace.steps);
  assert.deepEqual(other.problems, []);
  await other.page.close();
  assert.deepEqual(problems, []);
  await page.close();
});

test("a width that is no width is an error at its field; a step's id and a challenge's cells_at_most have fields", async () => {
  const { page, problems } = await openPage(env.browser, `${env.url}/?edit=1`);
  await page.locator("#editor").waitFor({ state: "visible" });
  await judged(page);
  await page.getByRole("button", { name: "New blank lesson" }).click();
  await judged(page);
  const errorAt = (pointer) =>
    field(page, pointer).locator("xpath=ancestor::div[contains(@class,'editor-field')]").locator(".editor-error");
  for (const bad of ["0", "-2", "2.5"]) {
    await replaceText(page, "#d_k", bad);
    await page.keyboard.press("Tab");
    await judged(page, /^Error: d_k is a whole number from 1 to 128/);
    assert.equal(await errorAt("#d_k").textContent(), "d_k is a whole number from 1 to 128");
    assert.equal(await field(page, "#d_k").getAttribute("aria-invalid"), "true");
  }
  // Letters: a number field holds nothing, and says so the same way.
  await replaceText(page, "#d_k", "abc");
  await page.keyboard.press("Tab");
  await judged(page, /^Error: d_k is a whole number/);
  await replaceText(page, "#d_k", "3");
  await page.keyboard.press("Tab");
  await judged(page);
  const file = async () => JSON.parse(await page.evaluate(() => window.attention.lessonFile()));
  assert.deepEqual((await file()).random[1].draws[0].shape, [4, 3]);

  // The first step's id, then a challenge that allows one changed number.
  await replaceText(page, "/steps/0/id", "first-look");
  await judged(page);
  assert.equal((await file()).steps[0].id, "first-look");
  await page.locator('#editor [data-action="add-challenge"]').first().click();
  await judged(page);
  await replaceText(page, "/steps/0/challenges/0/allowed/cells_at_most", "1");
  await judged(page);
  assert.deepEqual((await file()).steps[0].challenges[0].allowed, { only: ["W_k"], cells_at_most: 1 });
  await field(page, "/steps/0/challenges/0/allowed/cells_at_most").click();
  await page.keyboard.press("Control+A");
  await page.keyboard.press("Backspace");
  await judged(page);
  assert.deepEqual((await file()).steps[0].challenges[0].allowed, { only: ["W_k"] });
  assert.deepEqual(problems, []);
});

test("an input switched between drawn at random and typed, both ways, by a button: the numbers stay", async () => {
  const { page, problems } = await openPage(env.browser, `${env.url}/?edit=1`);
  await page.locator("#editor").waitFor({ state: "visible" });
  await judged(page);
  await page.getByRole("button", { name: "New blank lesson" }).click();
  await judged(page);
  const file = async () => JSON.parse(await page.evaluate(() => window.attention.lessonFile()));
  const output = async () =>
    page.evaluate(
      async () => (await window.attention.trace()).result.output ?? (await window.attention.trace()).result,
    );
  const before = await output();
  assert.equal((await file()).X, undefined, "a new lesson draws X");
  // The group that draws X: its numbers typed in, the same numbers.
  await page.locator('#editor [data-action="type-draws"][data-index="0"]').click();
  await judged(page);
  const typed = await file();
  assert.equal(typed.X.length, 3);
  assert.equal(typed.X[0].length, 4);
  assert.ok(!(typed.random || []).some((g) => g.draws.some((d) => d.name === "X")));
  assert.deepEqual(await output(), before, "the same numbers after the switch");
  assert.match(await field(page, "/X").inputValue(), /^-?\d/);
  // And back: drawn again, its shape kept.
  await page.getByRole("button", { name: "Draw X at random instead" }).click();
  await judged(page);
  const drawn = await file();
  assert.equal(drawn.X, undefined);
  assert.deepEqual(drawn.random.at(-1).draws, [{ name: "X", fn: "normal", shape: [3, 4] }]);
  assert.deepEqual(problems, []);
});

test("a reload keeps the draft; a damaged draft is set aside with one notice", async () => {
  const { page, problems } = await openPage(env.browser, `${env.url}/?edit=1`);
  await judged(page);
  await replaceText(page, "/title", "Kept across a reload");
  await judged(page);
  await page.reload();
  await page.waitForFunction(() => window.attentionEditor && window.attentionEditor.isOpen());
  await judged(page);
  assert.equal(await field(page, "/title").inputValue(), "Kept across a reload");
  assert.equal(await title(page), "Kept across a reload");

  // A lesson file dropped on the page opens in the editor.
  await page.evaluate(() => {
    const data = new DataTransfer();
    const file = {
      id: "dropped",
      title: "Dropped here",
      tokens: ["a", "b"],
      Q: [
        [1, 0],
        [0, 1],
      ],
      K: [
        [1, 0],
        [0, 1],
      ],
    };
    data.items.add(new File([JSON.stringify(file)], "dropped.json", { type: "application/json" }));
    document
      .getElementById("canvas")
      .dispatchEvent(new DragEvent("drop", { dataTransfer: data, bubbles: true, cancelable: true }));
  });
  await inPage(page, async () => (await window.attention.state()).title === "Dropped here");
  assert.equal(await field(page, "/title").inputValue(), "Dropped here");

  await page.evaluate(() => localStorage.setItem("attention-lab:v1:draft", '{"version":1,"text":"{cut sho'));
  await page.reload();
  await page.waitForFunction(() => window.attentionEditor && window.attentionEditor.isOpen());
  const notice = page.locator("#editor-notice");
  await notice.waitFor({ state: "visible" });
  assert.match(await notice.textContent(), /could not be read/);
  const aside = await page.evaluate(() =>
    Object.keys(localStorage)
      .filter((k) => k.startsWith("attention-lab:v1:draft-damaged:"))
      .map((k) => localStorage.getItem(k)),
  );
  assert.deepEqual(aside, ['{"version":1,"text":"{cut sho']);
  assert.deepEqual(problems, []);
  await page.close();
});

test("every built-in lesson opened in the editor and downloaded is equal to its file", async () => {
  const { page, problems } = await openPage(env.browser, env.url);
  const ids = await page.evaluate(() => window.attention.lessons());
  for (const id of ids) {
    await page.evaluate(async (id) => {
      localStorage.removeItem("attention-lab:v1:draft");
      await window.attention.edit(false);
      await window.attention.setLesson(id);
      await window.attention.edit();
    }, id);
    assert.equal(
      await page.evaluate(() => window.attention.lessonFile()),
      await page.evaluate(() => window.attentionEditor.draftFile()),
    );
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download lesson" }).click(),
    ]);
    const saved = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "attention-editor-")), download.suggestedFilename());
    await download.saveAs(saved);
    const file = JSON.parse(fs.readFileSync(path.join(DIST, "lessons", `${id}.json`), "utf8"));
    assert.deepEqual(JSON.parse(fs.readFileSync(saved, "utf8")), file, id);
    // Every field shows what the file says: a sentence with a condition too.
    const shown = await page.$$eval("#editor input, #editor textarea", (all) => all.map((c) => c.value));
    assert.ok(!shown.some((v) => v.includes("[object Object]")), `${id}: a field shows "[object Object]"`);
    const conditional = (file.steps || []).findIndex((st) => Array.isArray(st.text) && typeof st.text[0] === "object");
    if (conditional >= 0) {
      // A sentence with a condition, typed in and typed back: the file as it was.
      const at = `/steps/${conditional}/text/0/text`;
      assert.equal(await field(page, at).inputValue(), file.steps[conditional].text[0].text);
      assert.deepEqual(
        JSON.parse(await field(page, `/steps/${conditional}/text/0/when`).inputValue()),
        file.steps[conditional].text[0].when,
      );
      await field(page, at).click();
      await page.keyboard.press("End");
      await page.keyboard.type("!", { delay: 15 });
      await page.keyboard.press("Backspace");
      await judged(page);
      assert.deepEqual(JSON.parse(await page.evaluate(() => window.attentionEditor.draftFile())), file, id);
    }
  }
  assert.deepEqual(problems, []);
  await page.close();
});

// The texts the app translates, wherever they are: a part's steps, a random
// draw's and a variant's labels (window.attention.translatableTexts).
test("a lesson in parts: its parts' texts and its labels are offered for translation, and a translation is kept", async () => {
  const identity = () => [
    [1, 0],
    [0, 1],
  ];
  const lesson = {
    id: "two-parts",
    title: "Two parts",
    parts: [
      {
        id: "projected",
        title: "Projected",
        tokens: ["a", "b"],
        X: identity(),
        W_q: identity(),
        W_k: identity(),
        random: [{ seed: 1, label: "The values' weights", draws: [{ name: "W_v", fn: "normal", shape: [2, 2] }] }],
        variants: [{ id: "unscaled", label: "Without the scale", scale: "none" }],
        steps: [{ id: "w", title: "The weights", text: ["Each row sums to 1.", "It is {max weights[a]:2}."] }],
      },
      {
        id: "given",
        title: "Given weights",
        tokens: ["c", "d"],
        weights: [
          [0.5, 0.5],
          [0.25, 0.75],
        ],
        V: [
          [1, 2],
          [3, 4],
        ],
        steps: [{ id: "o", title: "The output", text: "Weights times values." }],
      },
    ],
  };
  const { page, problems } = await openPage(env.browser, env.url);
  await page.evaluate((text) => window.attention.loadLesson(text), JSON.stringify(lesson));
  await page.evaluate(() => window.attention.edit());
  await judged(page);
  await page.locator('#editor [data-action="translation-language"]').selectOption("fr");
  const offered = await page
    .locator('#editor [data-pointer^="/translations/fr/"]')
    .evaluateAll((controls) =>
      controls.map((c) => [c.dataset.pointer.slice("/translations/fr".length), c.labels[0].textContent]),
    );
  const at = (pointer) => `/${pointer.replace(/~/g, "~0").replace(/\//g, "~1")}`; // a pointer as one key
  const expected = [
    ["/title", "Two parts"],
    ["/parts/0/title", "Projected"],
    ["/parts/0/random/0/label", "The values' weights"],
    ["/parts/0/variants/0/label", "Without the scale"],
    ["/parts/0/steps/0/title", "The weights"],
    ["/parts/0/steps/0/text/0", "Each row sums to 1."],
    ["/parts/0/steps/0/text/1", "It is {max weights[a]:2}."],
    ["/parts/1/title", "Given weights"],
    ["/parts/1/steps/0/title", "The output"],
    ["/parts/1/steps/0/text", "Weights times values."],
  ];
  assert.deepEqual(
    offered,
    expected.map(([pointer, text]) => [at(pointer), text]),
    "in the file's order, as the app finds them",
  );
  assert.deepEqual(
    (await page.evaluate((text) => window.attention.translatableTexts(text), JSON.stringify(lesson))).length,
    expected.length,
  );
  await replaceText(page, `/translations/fr${at("/parts/0/variants/0/label")}`, "Sans l'échelle");
  await judged(page);
  assert.deepEqual(JSON.parse(await page.evaluate(() => window.attention.lessonFile())).translations, {
    fr: { "/parts/0/variants/0/label": "Sans l'échelle" },
  });
  assert.deepEqual(problems, []);
  await page.close();
});
