// Writes web/first-frames.funcs: the functions of the page's program that its
// first frames run, which the build keeps in the first of the program's two
// parts (scripts/program_files.mjs; docs/performance.md, "Two parts").
// `./dev split-profile` runs it after building; run it again when the browser
// test "the first frame needs only the first part" says the list is stale.
//
//   node scripts/split_profile.mjs --wasm-split PATH --linked DIR/attention.js --dist DIST --out FILE
//
// The link (-sSPLIT_MODULE) leaves DIR/attention.wasm.orig, the whole
// program with its names, and DIR/attention.wasm, the same instrumented to
// record which functions ran. This serves DIST with the instrumented program
// in place of the built one to headless Chromium and loads it the ways a
// first visit goes: every built-in lesson at 1280x800, each of its steps
// shown in turn (a link can open any), an 800x500 frame, a phone with touch at
// pixel ratio 3, every language (its catalog and font packs), and a returning
// learner whose saved work is restored. Each load runs until a second after
// its first frame; the profiles are merged, and wasm-split names what ran.
import { chromium } from "playwright-core";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { distNames } from "./dist_files.mjs";
import { SECTION, customSection } from "./program_files.mjs";
import { serve } from "./serve.mjs";
import { FEATURES } from "./split_program.mjs";

const args = {};
for (let i = 2; i < process.argv.length; i += 2) args[process.argv[i].replace(/^--/, "")] = process.argv[i + 1];
for (const key of ["wasm-split", "linked", "dist", "out"])
  if (!args[key]) throw new Error(`split_profile.mjs: --${key} is missing`);
const linked = args.linked.replace(/\.js$/, "");
for (const file of [`${linked}.wasm.orig`, `${linked}.wasm`])
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: link attention with -sSPLIT_MODULE=1`);

// dist/ as built, with the instrumented program under the built one's names.
const site = fs.mkdtempSync(path.join(os.tmpdir(), "attention-profile-"));
fs.cpSync(args.dist, site, { recursive: true });
const names = distNames(site);
const build = /^attention\.([0-9a-f]{12})\.js$/.exec(names.js)[1];
for (const name of fs.readdirSync(site, { recursive: true }))
  if (/\.(br|gz)$/.test(name)) fs.rmSync(path.join(site, name)); // the browser gets what is replaced
fs.rmSync(path.join(site, "sw.js"), { force: true });
fs.writeFileSync(
  path.join(site, names.js),
  Buffer.concat([fs.readFileSync(`${linked}.js`), Buffer.from(`createAttentionModule.build = "${build}";\n`)]),
);
fs.writeFileSync(
  path.join(site, names.wasm),
  Buffer.concat([fs.readFileSync(`${linked}.wasm`), customSection(SECTION, build)]),
);
// The instrumented program is whole: the page finds no second part to fetch, and says so.
if (names.deferred) fs.rmSync(path.join(site, names.deferred));

const jsonNames = (dir) =>
  fs
    .readdirSync(path.join(site, dir))
    .flatMap((f) => (f.endsWith(".json") && f !== "index.json" ? [f.slice(0, -5)] : []));
const LESSONS = jsonNames("lessons");
const LANGUAGES = jsonNames("lang");
const DESKTOP = { viewport: { width: 1280, height: 800 } };
const IFRAME = { viewport: { width: 800, height: 500 } };
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, hasTouch: true, isMobile: true };
// A lesson file beside the page (lesson-url=), and one the loader refuses.
const custom = JSON.parse(fs.readFileSync(path.join(site, "lessons", `${LESSONS[0]}.json`), "utf8"));
fs.writeFileSync(path.join(site, "profile-lesson.json"), JSON.stringify({ ...custom, id: "profile-lesson" }));
fs.writeFileSync(path.join(site, "profile-broken.json"), JSON.stringify({ id: "profile-broken" }));
// Every way in that the page's parameters offer (docs/embedding.md).
const VISITS = [
  ...LESSONS.flatMap((id) => [
    { ...DESKTOP, query: `?lesson=${id}`, everyStep: true },
    { ...DESKTOP, query: `?lesson=${id}&mode=explore`, everyStep: true },
    { ...DESKTOP, query: `?lesson=${id}&step=3&theme=light` },
    { ...IFRAME, query: `?lesson=${id}&step=2&theme=dark&embed=1` },
  ]),
  { ...IFRAME, query: "?embed=1" },
  { ...PHONE, query: "" },
  { ...PHONE, query: "?lesson=udl-multihead&step=2&mode=explore" },
  { ...DESKTOP, query: "?touch=1&lock=1" },
  ...LANGUAGES.map((code, i) => ({ ...(i % 2 ? DESKTOP : IFRAME), query: `?lang=${code}`, language: code })),
  { ...DESKTOP, query: "", returning: true },
  { ...DESKTOP, query: "?lesson-url=profile-lesson.json&step=2" },
  { ...DESKTOP, query: "?lesson-url=profile-broken.json" },
  // Links the page makes: with the learner's changes (state=), and with a lesson of one's own inside (#lesson=).
  { ...DESKTOP, query: "?lesson=the-cat-sat", link: () => window.attention.setValue("X", 0, 0, 0.5) },
  {
    ...DESKTOP,
    query: "",
    link: (lesson) => window.attention.loadLesson(lesson, "mine.json"),
    linkArgument: JSON.stringify({ ...custom, id: "mine" }),
  },
];

// Runs in the page: keeps the instance the page makes, to ask it for its profile.
function keepInstance() {
  const instantiate = WebAssembly.instantiate;
  WebAssembly.instantiate = async (...a) => {
    const result = await instantiate(...a);
    const instance = result.instance || result;
    if (instance.exports && instance.exports.__write_profile) window.attentionProfiled = instance;
    return result;
  };
}
// Runs in the page: the profile, as bytes (written past the end of memory).
function writeProfile() {
  const exports = window.attentionProfiled.exports;
  const memory = Object.values(exports).find((e) => e instanceof WebAssembly.Memory);
  const at = memory.buffer.byteLength;
  memory.grow(16);
  const length = exports.__write_profile(at, 16 * 65536);
  return Array.from(new Uint8Array(memory.buffer, at, length));
}

const { server, url } = await serve({ dir: site, port: 0 });
const profiles = [];
let browser = null;
try {
  browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--no-sandbox", "--use-angle=swiftshader", "--enable-unsafe-swiftshader", "--disable-background-networking"],
  });
  // Waits are for progress: a loaded machine can take seconds per frame.
  const WAIT = { timeout: 180000 };
  const drawn = (page) =>
    page.waitForFunction(() => window.attention && window.attention.firstFrameMs !== null, null, WAIT);
  const nextFrame = async (page) => {
    const before = await page.evaluate(() => window.attention.testing.frames());
    await page.waitForFunction(
      (n) => (window.attention.testing.wake(), window.attention.testing.frames() > n),
      before,
      { ...WAIT, polling: 50 },
    );
  };
  for (const { query, returning, everyStep, language, link, linkArgument, ...options } of VISITS) {
    const context = await browser.newContext({ ...options, serviceWorkers: "block" });
    const page = await context.newPage();
    const problems = [];
    page.on("pageerror", (e) => problems.push(e.message));
    await page.addInitScript(keepInstance);
    await page.goto(url + query);
    if (returning) {
      // Work to restore: an edit, saved as the page saves it. Not profiled:
      // writing a profile grows the memory behind the program's back.
      await drawn(page);
      await page.evaluate(() => window.attention.setValue("X", 0, 0, 0.5));
      await page.waitForTimeout(1000);
      await page.reload();
    }
    if (link) {
      // The link made after a change, opened: its start is what is profiled.
      await drawn(page);
      await page.evaluate(async () => await window.attention.ready);
      await page.evaluate(link, linkArgument);
      const made = await page.evaluate(async () => await window.attention.link());
      await page.goto("about:blank");
      await page.goto(made);
    }
    await drawn(page);
    for (const deadline = Date.now() + WAIT.timeout; language; await page.waitForTimeout(200)) {
      const [shown, loading] = await page.evaluate(async () => [
        (await window.attention.state()).language,
        window.attention.testing.glyphs().loading,
      ]);
      if (shown === language && loading === "") break;
      if (Date.now() > deadline) throw new Error(`the page never settled in ${language} (it shows ${shown})`);
    }
    await page.waitForTimeout(1000);
    const steps = everyStep ? await page.evaluate(async () => (await window.attention.state()).steps) : 0;
    for (let step = 1; step < steps; ++step) {
      await page.evaluate((n) => window.attention.setStep(n), step);
      await nextFrame(page);
      await nextFrame(page);
    }
    if (problems.length) throw new Error(`the page failed (${url + query}): ${problems.join("; ")}`);
    profiles.push(Buffer.from(await page.evaluate(writeProfile)));
    await context.close();
    process.stdout.write(`${query} `);
  }
} finally {
  if (browser) await browser.close();
  server.close();
}

const files = profiles.map((bytes, i) => {
  const file = path.join(site, `${i}.profile`);
  fs.writeFileSync(file, bytes);
  return file;
});
const merged = path.join(site, "merged.profile");
const run = (...a) => execFileSync(args["wasm-split"], [...FEATURES, ...a], { encoding: "utf8", maxBuffer: 1 << 28 });
run("--merge-profiles", ...files, "-o", merged);
const said = run(
  "--profile",
  merged,
  `${linked}.wasm.orig`,
  "-o1",
  path.join(site, "first.wasm"),
  "-o2",
  path.join(site, "second.wasm"),
  "--verbose",
);
const kept = /^Keeping functions: (.*)$/m.exec(said);
if (!kept) throw new Error("wasm-split --verbose named no function kept");
const funcs = kept[1].split(", ").sort();
fs.writeFileSync(args.out, `${funcs.join("\n")}\n`);
fs.rmSync(site, { recursive: true, force: true });
console.log(`\n${args.out}: ${funcs.length} functions, from ${profiles.length} first visits`);
