// Loading, failure and offline: no WebGL2, a module that fails to load, a
// lost WebGL context, the single file from file://, and the strict CSP.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import {
  built,
  newContext,
  startServer,
  openPage,
  watch,
  DIST,
  distinctColours,
  saveArtifact,
  settle,
  inPage,
} from "./browser.mjs";

let server, url;
before(async () => ({ server, url } = await startServer()));
after(() => server?.close());

async function withBrowser(fn, options) {
  const browser = await newContext(options);
  try {
    await fn(browser);
  } finally {
    await browser.close();
  }
}

test("without WebGL2: a readable message and the lesson as text, not a blank canvas", async () => {
  await withBrowser(async (browser) => {
    const page = await browser.newPage();
    const problems = watch(page);
    await page.addInitScript(() => {
      // a browser that offers no WebGL2
      const original = HTMLCanvasElement.prototype.getContext;
      HTMLCanvasElement.prototype.getContext = function (type, ...rest) {
        return type === "webgl2" ? null : original.call(this, type, ...rest);
      };
    });
    await page.goto(url + "?lesson=i-am-batman&step=6&mode=explore");
    await page.evaluate(() => window.attention.ready);
    assert.match(await page.textContent("#text-view-notice"), /does not offer WebGL2/);
    assert.equal(await page.isVisible("#text-view-notice"), true);
    assert.equal(await page.isVisible("#text-view"), true);
    assert.equal(await page.textContent("#text-view h2"), "Step 6: Apply softmax row-wise");
    // The weights: what-if fields hold their numbers.
    assert.ok(
      (await page.$$eval("#text-view table:last-of-type input", (inputs) => inputs.map((i) => i.value))).includes(
        "0.65693877",
      ),
    );
    // The text view's own controls still walk the lesson.
    await page.click("#text-view-next");
    assert.equal(await page.textContent("#text-view h2"), "Step 7: Weighted sum of V using attention weights");
    saveArtifact("no-webgl2.png", await page.screenshot());
    assert.deepEqual(problems, []);
  });
});

test("a module that fails to load gives a readable message", async () => {
  await withBrowser(async (browser) => {
    const page = await browser.newPage();
    const { wasm } = built();
    await page.route(`**/${wasm}`, (route) => route.fulfill({ status: 404, body: "gone" }));
    await page.goto(url);
    await page.waitForSelector("#failure:not([hidden])");
    assert.equal(
      await page.textContent("#failure-message"),
      `Attention Lab could not load its program (${wasm}: HTTP 404). Check the connection and reload the page.`,
    );
    await assert.rejects(
      page.evaluate(() => window.attention.ready),
      /could not load/,
    );
  });
});

// Every download is bounded (web/page/files.js): a connection that stalls
// ends in a message. The page's clock is moved past the bound rather than
// waited for.
test("a download that stalls ends in a message, not a page that waits for ever", async () => {
  await withBrowser(async (browser) => {
    const page = await browser.newPage();
    const { wasm } = built();
    await page.route(`**/${wasm}`, () => {}); // never answered
    await page.addInitScript((file) => {
      const fetch = window.fetch;
      window.fetch = (url, ...rest) => ((window.asked ||= String(url).endsWith(file)), fetch(url, ...rest));
    }, wasm);
    await page.clock.install();
    await page.goto(url);
    for (const end = Date.now() + 120000; !(await page.evaluate(() => window.asked)); await page.waitForTimeout(100))
      if (Date.now() > end) throw new Error(`the page never asked for ${wasm}`);
    await page.clock.runFor(31000);
    await page.waitForSelector("#failure:not([hidden])");
    assert.equal(
      await page.textContent("#failure-message"),
      `Attention Lab could not load its program (${wasm}: no answer in 30 s). Check the connection and reload the page.`,
    );
  });
});

test("after the WebGL context is lost and restored, the page draws again", async () => {
  await withBrowser(async (browser) => {
    const { page, problems } = await openPage(browser, url);
    await page.evaluate(() => {
      window.loseContext = document.getElementById("canvas").getContext("webgl2").getExtension("WEBGL_lose_context");
      window.loseContext.loseContext();
    });
    await page.waitForTimeout(300);
    const lost = await page.evaluate(() => window.attention.framesDrawn());
    await page.evaluate(() => window.loseContext.restoreContext());
    await inPage(page, async (n) => (await window.attention.framesDrawn()) > n, lost);
    await page.evaluate(() => window.attention.setStep(3)); // a new step: new textures, new shader
    await settle(page);
    const shot = await page.locator("#canvas").screenshot();
    saveArtifact("context-restored.png", shot);
    assert.ok(distinctColours(shot) > 20, "the canvas is not blank after the restore");
    assert.deepEqual(
      problems.filter((p) => !/CONTEXT_LOST_WEBGL/.test(p)),
      [],
    );
  });
});

test("dist/attention-lab.html works from file:// with no server and no network", async () => {
  await withBrowser(async (browser) => {
    await browser.setOffline(true);
    const page = await browser.newPage();
    const problems = watch(page);
    const requests = [];
    page.on("request", (r) => {
      if (!r.url().startsWith("file:") && !r.url().startsWith("data:")) requests.push(r.url());
    });
    await page.goto("file://" + path.join(DIST, "attention-lab.html") + "?lesson=udl-multihead&step=8");
    await page.evaluate(() => window.attention.ready);
    const state = await page.evaluate(() => window.attention.state());
    assert.equal(state.lesson, "udl-multihead");
    const shot = await page.locator("#canvas").screenshot();
    saveArtifact("single-file.png", shot);
    assert.ok(distinctColours(shot) > 20);
    // Every built-in lesson is inside: each opens, with nothing fetched.
    const opened = await page.evaluate(async () => {
      const ids = await window.attention.lessons();
      for (const id of ids) await window.attention.setLesson(id);
      return { ids, last: (await window.attention.state()).lesson };
    });
    assert.equal(opened.ids.length, 13);
    assert.equal(opened.last, opened.ids[opened.ids.length - 1]);
    assert.deepEqual(requests, []);
    assert.deepEqual(problems, []);
  });
});

test("the single file offers only the language it carries, and says why lesson-url cannot work from file://", async () => {
  await withBrowser(
    async (browser) => {
      const page = await browser.newPage();
      const problems = watch(page);
      await page.goto("file://" + path.join(DIST, "attention-lab.html") + "?lesson-url=my-lesson.json");
      await page.evaluate(() => window.attention.ready);
      const r = await page.evaluate(async () => ({
        state: await window.attention.state(),
        offered: window.attention.testing.offeredLanguages(),
        refused: await window.attention.setLanguage("es").then(
          () => null,
          (e) => e.message,
        ),
      }));
      // A Spanish browser: the file has no Spanish, so English, without a notice of a failed fetch.
      assert.equal(r.state.language, "en");
      assert.deepEqual(r.offered, ["en"]);
      assert.equal(r.refused, "es is not in this offline file, which has en only");
      assert.equal(r.state.notices.length, 1, r.state.notices.join(" | "));
      assert.match(
        r.state.notices[0],
        /my-lesson\.json.*a page opened from a file cannot read other files; open it from a web server/,
      );
      assert.deepEqual(problems, []);
    },
    { locale: "es-ES" },
  );
});

test("a language's single file opens in that language from file://, draws its letters, and says what it cannot do", async () => {
  await withBrowser(
    async (browser) => {
      await browser.setOffline(true);
      // Korean in an English browser: the file's language, its Hangul from the pack inside.
      const ko = await browser.newPage();
      const koProblems = watch(ko);
      await ko.goto("file://" + path.join(DIST, "attention-lab.ko.html") + "?lesson=the-cat-sat");
      await ko.evaluate(() => window.attention.ready);
      const k = await ko.evaluate(async () => ({
        state: await window.attention.state(),
        offered: window.attention.testing.offeredLanguages(),
        refused: await window.attention.setLanguage("fr").then(
          () => null,
          (e) => e.message,
        ),
      }));
      assert.equal(k.state.language, "ko");
      assert.deepEqual(k.offered, ["en", "ko"]);
      assert.deepEqual(k.state.notices, [], "no font or catalog missing");
      assert.equal(k.refused, "fr is not in this offline file, which has en, ko only");
      assert.equal(await ko.evaluate(() => document.documentElement.lang), "ko");
      saveArtifact("single-file-ko.png", await ko.locator("#canvas").screenshot());
      assert.deepEqual(koProblems, []);
      // German, asked for French and the editor: both said, in German.
      const de = await browser.newPage();
      await de.goto("file://" + path.join(DIST, "attention-lab.de.html") + "?lang=fr&edit=1");
      await de.evaluate(() => window.attention.ready);
      const d = await de.evaluate(() => window.attention.state());
      assert.equal(d.language, "de");
      assert.deepEqual(d.notices, [
        'Die Sprache "fr" ist nicht in dieser Offline-Datei, die nur en, de enthält; die von einem Webserver bereitgestellte Seite hat alle Sprachen.',
        "edit=1: Diese Offline-Datei hat keinen Lektionseditor; die von einem Webserver bereitgestellte Seite hat ihn.",
      ]);
    },
    { locale: "en-US" },
  );
});

test("the served page runs under the strict Content-Security-Policy with no violation", async () => {
  await withBrowser(async (browser) => {
    const page = await browser.newPage();
    const problems = watch(page);
    await page.addInitScript(() => {
      window.cspViolations = [];
      document.addEventListener("securitypolicyviolation", (e) =>
        window.cspViolations.push(`${e.violatedDirective} ${e.blockedURI}`),
      );
    });
    const response = await page.goto(url + "?lesson=she-likes-coffee");
    assert.match(response.headers()["content-security-policy"], /script-src 'self' 'wasm-unsafe-eval'/);
    await page.evaluate(() => window.attention.ready);
    // Exercise the page: steps, edits, the text view, a link.
    await page.evaluate(() => {
      const a = window.attention;
      a.setStep(4);
      a.setValue("X", 0, 0, 3);
      a.showTextView(true);
      a.link();
      a.setTheme("dark");
    });
    await page.waitForTimeout(500);
    assert.deepEqual(await page.evaluate(() => window.cspViolations), []);
    assert.deepEqual(problems, []);
  });
});
