// The text view: the current step as real tables, kept up to date, reachable
// from the keyboard, with fields to type numbers that change the lesson.
import { test } from "node:test";
import assert from "node:assert/strict";
import { useBrowser, openPage, itemCentre, inPage } from "./browser.mjs";

const env = useBrowser();

// Each table: its caption, column headers, and rows (a field's value, or the cell's text).
const tables = (page) =>
  page.$$eval("#text-view table", (tables) =>
    tables.map((t) => ({
      caption: t.caption.textContent,
      cols: [...t.tHead.querySelectorAll("th")].map((th) => th.textContent),
      rows: [...t.tBodies[0].rows].map((r) =>
        [...r.cells].map((c) => (c.querySelector("input") ? c.querySelector("input").value : c.textContent)),
      ),
    })),
  );

test("the canvas's Text view button shows the step as tables with token headers, matching the trace", async () => {
  const { page, problems } = await openPage(env.browser, `${env.url}?lesson=the-cat-sat&step=4&mode=explore`);
  assert.equal(await page.isVisible("#text-view"), false);
  // Its renderer is a file of its own, fetched when the view first opens.
  const renderers = () =>
    page.evaluate(() => performance.getEntriesByType("resource").filter((e) => /\/textview\./.test(e.name)).length);
  assert.equal(await renderers(), 0, "the first load carries no text view");
  const { x, y } = await itemCentre(page, "Text view");
  await page.mouse.click(x, y);
  await page.waitForSelector("#text-view:not([hidden])");
  assert.equal(await page.getAttribute("#text-view-toggle", "aria-expanded"), "true");
  assert.equal(await page.textContent("#text-view h2"), "Step 4: Apply Softmax to get weights");
  assert.equal(await renderers(), 1);
  const t = await tables(page);
  assert.equal(t.length, 2, "the weights and the scores they come from");
  assert.equal(t[0].caption, "scores (3×3) — type a what-if");
  assert.equal(t[1].caption, "attention_weights (3×3) — type a what-if");
  assert.deepEqual(t[1].cols, ["The", "cat", "sat"]);
  assert.deepEqual(t[1].rows[0], ["The", "0.01495411", "0.63870437", "0.34634152"]);
  assert.equal(await page.getAttribute("#text-view", "aria-live"), "polite");
  // Lessons are listed by title.
  assert.deepEqual((await page.$$eval("#text-view-lesson option", (o) => o.map((x) => x.textContent))).slice(0, 2), [
    "The cat sat",
    "I am Batman",
  ]);
  assert.deepEqual(problems, []);
  await page.close();
});

test("it follows edits and steps as they happen", async () => {
  const { page, problems } = await openPage(env.browser, `${env.url}?lesson=i-am-batman&step=7`);
  await page.evaluate(() => window.attention.showTextView());
  const first = JSON.stringify(await tables(page));
  await page.evaluate(() => window.attention.setValue("X", 0, 0, 3));
  await page.waitForFunction(
    (before) =>
      before !==
      document.querySelector("#text-view").textContent +
        [...document.querySelectorAll("#text-view input")].map((i) => i.value).join(),
    first,
  );
  await page.evaluate(() => window.attention.setStep(0));
  await page.waitForFunction(() => document.querySelector("#text-view h2").textContent.startsWith("Step 1"));
  assert.deepEqual(problems, []);
  await page.close();
});

test("typing in a field changes the lesson; the field is labelled and marked as changed", async () => {
  const { page, problems } = await openPage(env.browser, `${env.url}?lesson=the-cat-sat&step=1`);
  await page.evaluate(() => window.attention.showTextView());
  const field = page.locator('#text-view input[data-cell="X:0:1"]');
  assert.equal(await field.getAttribute("aria-label"), "X, row The, column 1");
  const before = await page.evaluate(async () => (await window.attention.trace()).result.weights[0][0]);
  await field.fill("−0.5"); // as the page writes a minus
  await field.press("Enter");
  await inPage(page, async () => (await window.attention.trace()).steps[0].matrices[0].data[0][1] === -0.5);
  const after = await page.evaluate(async () => (await window.attention.trace()).result.weights[0][0]);
  assert.notEqual(after, before, "the softmax followed");
  const again = page.locator('#text-view input[data-cell="X:0:1"]');
  assert.match(await again.getAttribute("aria-label"), /\(changed\)$/);
  assert.equal(await page.evaluate(() => document.activeElement.dataset.cell), "X:0:1", "typing goes on where it was");
  // A word is not a number: said, and nothing changes.
  await again.fill("lots");
  await again.press("Enter");
  await page.waitForSelector("#text-view-error:not([hidden])");
  assert.equal(await page.textContent("#text-view-error"), '"lots" is not a number');
  assert.deepEqual(problems, []);
  await page.close();
});

test("it is reachable from the keyboard and its numbers are selectable text", async () => {
  const { page, problems } = await openPage(env.browser, `${env.url}?lesson=the-cat-sat&step=3`);
  await page.keyboard.press("Tab"); // the first stop on the page
  assert.equal(await page.evaluate(() => document.activeElement.id), "text-view-toggle");
  assert.equal(await page.isVisible("#text-view-toggle"), true, "shown while it has the focus");
  await page.keyboard.press("Enter");
  assert.equal(await page.evaluate(() => document.activeElement.id), "text-view");
  await page.locator("#text-view tbody td").first().waitFor(); // its renderer, loaded on first opening
  const selected = await page.evaluate(() => {
    const cell = [...document.querySelectorAll("#text-view tbody td")].find((td) => !td.querySelector("input"));
    const range = document.createRange();
    range.selectNodeContents(cell);
    getSelection().removeAllRanges();
    getSelection().addRange(range);
    return getSelection().toString();
  });
  assert.equal(selected, "1.51247626");
  assert.deepEqual(problems, []);
  await page.close();
});

// WCAG 2's contrast ratio of two CSS colours ("rgb(r, g, b)").
function contrast(a, b) {
  const luminance = (css) => {
    const [r, g, bl] = css
      .match(/[\d.]+/g)
      .slice(0, 3)
      .map((v) => {
        const c = Number(v) / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

test("light and dark: every text of the text view meets WCAG AA contrast; the page has one h1", async () => {
  // A step with every kind of text: a sentence the learner's numbers made
  // stale, a caption, headers, numbers, fields.
  for (const theme of ["light", "dark"]) {
    const { page, problems } = await openPage(
      env.browser,
      `${env.url}?lesson=the-cat-sat&step=4&theme=${theme}&mode=explore`,
    );
    await page.evaluate(() => window.attention.showTextView());
    await page.evaluate(() => window.attention.setValue("W_k", 0, 0, 2)); // "sat" wins: a stale sentence
    await page.waitForSelector("#text-view .stale");
    const texts = await page.$$eval("#text-view *", (elements) =>
      elements
        .filter((e) => [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim()) || e.tagName === "INPUT")
        .map((e) => {
          let back = e;
          while (back && getComputedStyle(back).backgroundColor.match(/rgba\(.*, 0\)|transparent/))
            back = back.parentElement;
          const style = getComputedStyle(e);
          return {
            what: `${e.tagName.toLowerCase()}${e.className ? "." + e.className : ""}: ${(e.value || e.textContent).slice(0, 40)}`,
            color: style.color,
            background: back ? getComputedStyle(back).backgroundColor : "rgb(255, 255, 255)",
            large:
              parseFloat(style.fontSize) >= 24 ||
              (parseFloat(style.fontSize) >= 18.66 && Number(style.fontWeight) >= 700),
          };
        }),
    );
    assert.ok(texts.length > 20, `${texts.length} texts`);
    assert.ok(
      texts.some((t) => t.what.startsWith("p.stale")),
      "a stale sentence is among them",
    );
    for (const t of texts) {
      const ratio = contrast(t.color, t.background);
      assert.ok(
        ratio >= (t.large ? 3 : 4.5),
        `${theme}: ${t.what}: ${t.color} on ${t.background} is ${ratio.toFixed(2)}:1`,
      );
    }
    assert.equal(await page.$$eval("h1", (h) => h.length), 1);
    assert.deepEqual(problems, []);
    await page.close();
  }
});

test('what an open prediction covers is "?" in the text view too, with the step that asks, and no field', async () => {
  const { page, problems } = await openPage(env.browser, `${env.url}?lesson=the-cat-sat&step=5`);
  await page.evaluate(() => window.attention.showTextView());
  await page.waitForSelector("#text-view table");
  // Step 5's estimate covers the output; step 4's question, still open,
  // covers the weights of "The" beside it.
  const weights = await page.$$eval("#text-view table", (tables) =>
    tables
      .filter((t) => t.caption.textContent.startsWith("attention_weights"))
      .map((t) => ({
        row: [...t.tBodies[0].rows[0].cells].map((c) => (c.querySelector("input") ? "field" : c.textContent)),
        other: [...t.tBodies[0].rows[1].cells].map((c) => (c.querySelector("input") ? "field" : c.textContent)),
        note: t.tFoot ? t.tFoot.textContent : "",
      })),
  );
  assert.equal(weights.length, 1);
  assert.deepEqual(weights[0].row, ["The", "?", "?", "?"]);
  assert.deepEqual(weights[0].other.slice(1), ["field", "field", "field"]);
  assert.match(weights[0].note, /prediction at step 4/);
  assert.match(
    await page.textContent("#text-view"),
    /output: covered until you answer \(or skip\) the prediction above/,
  );
  // The API's trace stays whole.
  const trace = await page.evaluate(() => window.attention.trace());
  assert.ok(
    trace.steps
      .flatMap((s) => s.matrices)
      .find((m) => m.name === "weights")
      .data[0].every(Number.isFinite),
  );
  // Step 5's question reads "The"'s weights, which step 4's open question
  // covers: it says where to go first, with nothing to answer with yet.
  const form = page.locator("#text-view form[data-prediction]");
  assert.match(await form.textContent(), /First answer \(or skip\) the prediction at step 4/);
  assert.equal(await form.locator("input, button[type=submit]").count(), 0);
  assert.deepEqual(problems, []);
  await page.close();
});

test("an answer being given survives the view being drawn again: the option picked, the field in focus", async () => {
  const { page, problems } = await openPage(env.browser, `${env.url}?lesson=the-cat-sat&step=4`);
  await page.evaluate(() => window.attention.showTextView());
  await page.waitForSelector('#text-view input[name="pick"]');
  await page.locator('#text-view input[name="pick"]').nth(1).check();
  // The learner's other window changes a number: the view is drawn again.
  await page.evaluate(() => {
    document.querySelector("#text-view form").dataset.old = "1";
    window.attention.setValue("W_k", 0, 0, 0.5);
  });
  await page.waitForFunction(() => !document.querySelector("#text-view form").dataset.old);
  const form = await page.$eval("#text-view form", (f) => ({
    picked: f.querySelector('input[name="pick"]:checked')?.value ?? null,
    focused: document.activeElement.name,
  }));
  assert.deepEqual(form, { picked: "1", focused: "pick" });
  await page.getByRole("button", { name: "Check my answer" }).click();
  await inPage(page, async () => (await window.attention.progress()).answered === 1);
  assert.deepEqual(problems, []);
  await page.close();
});
