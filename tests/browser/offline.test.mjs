// Offline and installable: after a first visit the served page works with no
// network (its service worker, web/sw.js, serves the build it cached), a new
// build replaces that cache, the manifest makes it installable (Chromium's
// verdict over CDP) with its install dialog's screenshots, and neither
// the single file nor an embed registers a worker.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PNG } from "pngjs";
import { built, launch, newContext, watch, startServer, distinctColours, DIST, ROOT, inPage } from "./browser.mjs";

// The build's own account of what it precaches: dist/sw.js's first line.
function buildOf(folder) {
  const first = fs.readFileSync(path.join(folder, "sw.js"), "utf8").split("\n")[0];
  return JSON.parse(first.replace(/^const BUILD = /, "").replace(/;$/, ""));
}

// Opens the page and waits until it is ready and its service worker controls it.
async function openControlled(context, url) {
  const page = await context.newPage();
  const problems = watch(page);
  await page.goto(url);
  await page.evaluate(() => window.attention.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  return { page, problems };
}

const cacheNames = (page) => page.evaluate(() => caches.keys());

test("after a first visit the page works offline", async () => {
  const responses = [];
  const { server, url } = await startServer({ onResponse: (r) => responses.push(r) });
  const context = await newContext();
  try {
    const { page, problems } = await openControlled(context, `${url}?lesson=the-cat-sat&step=5`);
    const build = buildOf(DIST);
    assert.deepEqual(await cacheNames(page), [`attention-lab-${build.version}`]);
    const cached = await page.evaluate(
      async (name) => (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname.slice(1)).sort(),
      `attention-lab-${build.version}`,
    );
    assert.deepEqual(cached, Object.keys(build.files).sort());
    // What the first visit cost, and what the worker added to it (it starts
    // after the first frame): the program's files, named by their content,
    // come from the HTTP cache (immutable: not even asked for again); the
    // others are a 304 when unchanged, not a second download.
    const total = responses.reduce((sum, r) => sum + r.bytes, 0);
    for (const name of Object.values(built()))
      assert.deepEqual(
        responses.filter((r) => r.url === `/${name}`).map((r) => r.status),
        [200],
        `the worker takes ${name} from the HTTP cache`,
      );
    assert.deepEqual(
      responses.filter((r) => r.url === "/lessons/the-cat-sat.json").map((r) => r.status),
      [200, 304],
      "the worker revalidates a file of a fixed name",
    );
    console.log(`first visit: ${responses.length} responses, ${total} bytes on the wire`);
    for (const r of responses) console.log(`  ${r.status} ${r.url} ${r.bytes}`);

    await context.setOffline(true);
    await page.reload();
    await page.evaluate(() => window.attention.ready);
    const before = await page.evaluate(async () => ({
      state: await window.attention.state(),
      trace: await window.attention.trace(),
    }));
    assert.equal(before.state.lesson, "the-cat-sat");
    assert.equal(before.state.step, 4);
    // The program's second part came from the cache with the first (web/page/loader.js).
    assert.equal((await page.evaluate(() => window.attention.testing.secondPart())).how, "with the first part");
    const after = await page.evaluate(async () => {
      await window.attention.setValue("X", 0, 0, 3);
      return window.attention.trace();
    });
    assert.notDeepEqual(after, before.trace, "an edit offline changes the trace");
    // Another lesson's link, offline: the query does not matter to the cache.
    await page.goto(`${url}?lesson=i-am-batman&step=2`);
    await page.evaluate(() => window.attention.ready);
    assert.equal(await page.evaluate(async () => (await window.attention.state()).lesson), "i-am-batman");
    // A lesson never opened online comes from the cache too (every built-in is kept).
    await page.evaluate(() => window.attention.setLesson("udl-multihead"));
    assert.equal(await page.evaluate(async () => (await window.attention.state()).lesson), "udl-multihead");
    // A language used once online (its catalog and font) works offline after.
    await context.setOffline(false);
    await page.goto(`${url}?lang=ko`);
    const korean = () =>
      inPage(
        page,
        async () =>
          window.attention &&
          window.attention.firstFrameMs !== null &&
          (await window.attention.state()).language === "ko" &&
          window.attention.testing.glyphs().loading === "",
      );
    await korean();
    await context.setOffline(true);
    await page.reload();
    await korean();
    assert.deepEqual((await page.evaluate(() => window.attention.testing.glyphs())).missing, []);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
    server.close();
  }
});

test("the lesson editor opens offline; a package made once online is made again offline", async () => {
  const { server, url } = await startServer();
  const context = await newContext();
  try {
    const { page } = await openControlled(context, url);
    await context.setOffline(true);
    await page.evaluate(() => window.attention.edit()); // editor.js is in the build's cache
    // What the status line ends on after "Package for LMS" (it says each file on the way).
    const packaging = async () => {
      await page.evaluate(() => (document.querySelector("#editor-status").textContent = ""));
      await page.getByRole("button", { name: "Package for LMS" }).click();
      const ended = await page.waitForFunction(() => {
        const said = document.querySelector("#editor-status").textContent;
        return /^(No package|The package is downloaded)/.test(said) && said;
      });
      return ended.jsonValue();
    };
    // Never made online: the languages and fonts it carries are not here.
    assert.match(await packaging(), /^No package: it needs the network the first time/);
    await context.setOffline(false);
    const [download] = await Promise.all([page.waitForEvent("download"), packaging()]);
    assert.match(download.suggestedFilename(), /^attention-lab-the-cat-sat-scorm\.zip$/);
    // Offline again, every file comes from the cache. (Chromium asks before a
    // page's second download, so the bytes are not looked at here: the editor
    // made them from the same files.)
    await context.setOffline(true);
    assert.match(await packaging(), /^The package is downloaded/);
  } finally {
    await context.close();
    server.close();
  }
});

test("a new build replaces the cache, once no page of the old one is open, and the old cache goes", async () => {
  // A copy of dist/ to change: a deploy of the next build.
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "attention-deploy-"));
  const build = buildOf(DIST);
  for (const file of [...Object.keys(build.files), "sw.js"]) {
    fs.mkdirSync(path.dirname(path.join(folder, file)), { recursive: true });
    fs.copyFileSync(path.join(DIST, file), path.join(folder, file));
  }
  const { server, url } = await startServer({ dir: folder });
  const context = await newContext();
  try {
    const first = await openControlled(context, url);
    assert.deepEqual(await cacheNames(first.page), [`attention-lab-${build.version}`]);

    fs.appendFileSync(path.join(folder, "index.html"), "<!-- the next build -->\n");
    execFileSync("node", [
      path.join(ROOT, "scripts/service_worker.mjs"),
      path.join(ROOT, "web/sw.js"),
      folder,
      ...Object.keys(build.files),
    ]);
    const next = buildOf(folder);
    assert.notEqual(next.version, build.version);
    // The browser checks for a new worker on navigation; update() is the same, at once.
    await first.page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration.update();
      const installing = registration.installing || registration.waiting;
      if (installing && installing.state !== "installed")
        await new Promise((resolve, reject) =>
          installing.addEventListener("statechange", () => {
            if (installing.state === "installed") resolve();
            if (installing.state === "redundant") reject(new Error("the new worker failed to install"));
          }),
        );
    });
    // Both builds cached while the old page is open; it keeps the old one.
    assert.deepEqual(
      (await cacheNames(first.page)).sort(),
      [`attention-lab-${build.version}`, `attention-lab-${next.version}`].sort(),
    );
    await first.page.close();

    // The waiting worker takes over once the last old page is gone, and its
    // activation deletes the old cache: waited for (a loaded machine took
    // over 10 s), bounded at a minute.
    const second = await openControlled(context, url);
    for (const end = Date.now() + 60000; Date.now() < end && (await cacheNames(second.page)).length > 1;)
      await second.page.waitForTimeout(100);
    await second.page.reload();
    await second.page.evaluate(() => window.attention.ready);
    assert.deepEqual(await cacheNames(second.page), [`attention-lab-${next.version}`]);
    const html = await second.page.evaluate(() => fetch("./").then((r) => r.text()));
    assert.match(html, /the next build/);
    assert.deepEqual(second.problems, []);
  } finally {
    await context.close();
    server.close();
    fs.rmSync(folder, { recursive: true, force: true });
  }
});

test("the manifest makes the page installable: name, id, language, standalone, icons and the install dialog's screenshots", async () => {
  const { server, url } = await startServer();
  const context = await launch(); // a profile of its own: Chromium installs nothing from an incognito context
  try {
    const { page, problems } = await openControlled(context, url);
    const manifest = await page.evaluate(() => fetch("manifest.webmanifest").then((r) => r.json()));
    assert.equal(manifest.short_name, "Attention Lab");
    assert.equal(manifest.display, "standalone");
    assert.equal(manifest.start_url, "./");
    assert.equal(manifest.id, "attention-lab", "the app's identity, whatever its start_url becomes");
    for (const icon of manifest.icons) {
      const png = PNG.sync.read(fs.readFileSync(path.join(DIST, icon.src)));
      assert.equal(`${png.width}x${png.height}`, icon.sizes, icon.src);
    }
    assert.deepEqual(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`).sort(), [
      "192x192 any",
      "512x512 any",
      "512x512 maskable",
    ]);

    // The manifest's texts are English (lang), left to right. The installed app
    // opens start_url, where the page picks the learner's language as always;
    // the short name is the app's name in every language of the interface:
    // no catalog translates "Attention Lab".
    assert.equal(manifest.lang, "en");
    assert.deepEqual(Intl.getCanonicalLocales(manifest.lang), ["en"]);
    assert.equal(manifest.dir, "ltr");
    const catalogs = fs.readdirSync(path.join(DIST, "lang")).filter((f) => f.endsWith(".json"));
    assert.ok(catalogs.length >= 3, catalogs.join(" "));
    for (const file of catalogs) {
      const { page: words } = JSON.parse(fs.readFileSync(path.join(DIST, "lang", file), "utf8"));
      const named = Object.entries(words).filter(([english]) => english.includes(manifest.short_name));
      assert.ok(named.length > 0, `${file}: no message names the app`);
      for (const [english, translated] of named)
        assert.ok(
          translated.includes(manifest.short_name),
          `${file} translates the app's name: ${english} -> ${translated}`,
        );
    }

    // Chromium's richer install dialog: a wide and a narrow screenshot, real
    // PNGs of the page at the sizes the manifest gives (320-3840 px, at most
    // 2.3:1), each with a label.
    assert.deepEqual(manifest.screenshots.map((s) => s.form_factor).sort(), ["narrow", "wide"]);
    for (const shot of manifest.screenshots) {
      assert.equal(shot.type, "image/png");
      assert.ok(shot.label.length > 10, `${shot.src}: a label`);
      const bytes = fs.readFileSync(path.join(DIST, shot.src));
      const png = PNG.sync.read(bytes);
      assert.equal(`${png.width}x${png.height}`, shot.sizes, shot.src);
      const [long, short] = [Math.max(png.width, png.height), Math.min(png.width, png.height)];
      assert.ok(short >= 320 && long <= 3840 && long / short <= 2.3, `${shot.src}: ${shot.sizes}`);
      assert.equal(png.width > png.height, shot.form_factor === "wide", `${shot.src}: ${shot.form_factor}`);
      assert.ok(distinctColours(bytes) > 50, `${shot.src}: not a blank picture`);
      assert.equal(await page.evaluate((src) => fetch(src).then((r) => r.status), shot.src), 200, shot.src);
    }

    // Chromium's own verdict: the manifest as it parsed it, and installability.
    await page.waitForFunction(() => document.querySelector('link[rel="manifest"]') !== null);
    const cdp = await context.newCDPSession(page);
    const parsed = await cdp.send("Page.getAppManifest");
    assert.deepEqual(parsed.errors, [], "Chromium's manifest parser has no complaint");
    const { appId } = await cdp.send("Page.getAppId");
    assert.equal(appId, new URL(manifest.id, url).href, "Chromium's app id is the manifest's id");
    const installability = await cdp.send("Page.getInstallabilityErrors");
    console.log(`# Page.getInstallabilityErrors: ${JSON.stringify(installability)}`);
    assert.deepEqual(installability.installabilityErrors, []);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
    server.close();
  }
});

test("an embedded widget registers no service worker; the same page at the top does", async () => {
  const { server, url } = await startServer();
  const context = await newContext();
  try {
    // Counts register() calls in every frame (the page registers as it becomes ready).
    await context.addInitScript(() => {
      const container = navigator.serviceWorker;
      const register = container.register.bind(container);
      window.registerCalls = 0;
      container.register = (...args) => (++window.registerCalls, register(...args));
    });
    const page = await context.newPage();
    const problems = watch(page);
    await page.goto(`${url}examples/embed.html`);
    await page.waitForFunction(() => document.getElementById("status").textContent.startsWith("Step 1 of 5"));
    const frame = page.frames().find((f) => f.url().includes("embed=1"));
    await frame.evaluate(() => window.attention.ready);
    assert.equal(await frame.evaluate(() => window.registerCalls), 0);
    assert.equal(await frame.evaluate(() => navigator.serviceWorker.getRegistrations().then((r) => r.length)), 0);
    const top = await context.newPage();
    await top.goto(url);
    await top.evaluate(() => window.attention.ready);
    assert.equal(await top.evaluate(() => window.registerCalls), 1);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
    server.close();
  }
});
