// Splits the page's program in two by what its first frames run (Binaryen's
// wasm-split, guided by a profile: docs/performance.md, "Two parts").
//
//   node scripts/split_wasm.mjs --wasm-split PATH --module DIR/attention.js --out DIR
//        --page FILE... --lessons FILE... --catalog FILE... --fonts FILE...
//
// The link (-sSPLIT_MODULE) leaves attention.wasm.orig, the whole program with
// its function names, and attention.wasm, the same program instrumented to
// record which functions ran. This script serves the page with the
// instrumented one to headless Chromium and loads it the ways a first visit
// goes: every built-in lesson at 1280x800, each of its steps shown in turn (a
// link can open any), a phone with touch at pixel ratio 3, the languages given
// (their catalogs and font packs), a returning learner whose saved work is
// restored, the dark theme with an unknown lesson, and a lesson file named by
// the link. Each load runs three frames past its first, then the
// profiles are merged and wasm-split writes OUT/attention.wasm (what ran) and
// OUT/attention.deferred.wasm (the rest, which the page (web/page/loader.js) fetches after the
// first frame), with OUT/attention.js beside them. Without names.
import { chromium } from "playwright-core";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { serve } from "./serve.mjs";

const args = { page: [], lessons: [], catalog: [], fonts: [] };
for (let i = 2, key = null; i < process.argv.length; ++i) {
  const a = process.argv[i];
  if (a.startsWith("--")) key = a.slice(2);
  else if (Array.isArray(args[key])) args[key].push(a);
  else args[key] = a;
}
for (const key of ["wasm-split", "module", "out"])
  if (!args[key]) throw new Error(`split_wasm.mjs: --${key} is missing`);
const moduleDir = path.dirname(args.module);
const orig = path.join(moduleDir, "attention.wasm.orig");
if (!fs.existsSync(orig)) throw new Error(`${orig} is missing: link attention with -sSPLIT_MODULE=1`);
// What the web build's code uses (CMakeLists.txt: attn_wasm_features), and what emcc enables.
const FEATURES = [
  "--enable-bulk-memory",
  "--enable-nontrapping-float-to-int",
  "--enable-sign-ext",
  "--enable-mutable-globals",
];

// The page as dist/ has it, with the instrumented program.
const site = fs.mkdtempSync(path.join(os.tmpdir(), "attention-split-"));
process.on("exit", () => fs.rmSync(site, { recursive: true, force: true }));
const copy = (file, dir = "") => {
  fs.mkdirSync(path.join(site, dir), { recursive: true });
  fs.copyFileSync(file, path.join(site, dir, path.basename(file)));
};
for (const file of args.page) copy(file);
for (const file of args.lessons) copy(file, "lessons");
for (const file of args.catalog) copy(file, "lang");
copy(args.module);
copy(path.join(moduleDir, "attention.wasm"));

for (const file of args.fonts) copy(file, "fonts");

const LESSONS = args.lessons.map((f) => path.basename(f, ".json"));
const LANGUAGES = args.catalog.map((f) => path.basename(f, ".json"));
const DESKTOP = { viewport: { width: 1280, height: 800 } };
const IFRAME = { viewport: { width: 800, height: 500 } };
const VISITS = [
  ...LESSONS.map((id) => ({ ...DESKTOP, query: `?lesson=${id}`, everyStep: true })),
  { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, hasTouch: true, isMobile: true, query: "" },
  ...LANGUAGES.map((code, i) => ({ ...(i % 2 ? DESKTOP : IFRAME), query: `?lang=${code}`, language: code })),
  { ...DESKTOP, query: "", returning: true },
  // What else a link can ask for at start: the dark theme, a lesson that is
  // not there (the first one, with a notice), a lesson file beside the page.
  { ...DESKTOP, query: "?theme=dark&lesson=no-such-lesson" },
  ...(LESSONS.length ? [{ ...IFRAME, query: `?lesson-url=lessons/${LESSONS[LESSONS.length - 1]}.json` }] : []),
];

// Runs in the page: keeps the instance page.js makes, to ask it for its profile.
function keepInstance() {
  const instantiate = WebAssembly.instantiate;
  WebAssembly.instantiate = async (...a) => {
    const result = await instantiate(...a);
    if (result.instance && result.instance.exports.__write_profile) window.attentionProfiled = result.instance;
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
let problems = [];
let recorded = 0; // how many of problems came before the profile was written
try {
  browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: ["--no-sandbox", "--use-angle=swiftshader", "--enable-unsafe-swiftshader", "--disable-background-networking"],
  });
  // Waits are for progress: a loaded machine can take seconds per frame.
  // The first frame, then ready (here at once: this page has no second part to fetch).
  const drawn = async (page) => {
    await page.waitForFunction(() => window.attention && window.attention.firstFrameMs !== null, null, {
      timeout: 180000,
    });
    await Promise.race([
      page.evaluate(() => window.attention.ready),
      new Promise((_, reject) => setTimeout(() => reject(new Error("the page never became ready")), 180000).unref()),
    ]);
  };
  const nextFrame = async (page) => {
    const before = await page.evaluate(() => window.attention.framesDrawn());
    await page.waitForFunction(
      (n) => {
        window.attention.testing.wake();
        return window.attention.framesDrawn() > n;
      },
      before,
      { timeout: 180000, polling: 50 },
    );
  };
  // The first frames, then every step's (a link can open any step), with no input.
  const firstFrames = async (page, { everyStep, language }) => {
    await drawn(page);
    if (language)
      await page.waitForFunction(
        (code) => window.attention.state().language === code && window.attention.testing.glyphs().loading === "",
        language,
        { timeout: 180000 },
      );
    for (let i = 0; i < 3; ++i) await nextFrame(page); // the frames after the first, still with no input
    const steps = everyStep ? await page.evaluate(() => window.attention.state().steps) : 0;
    for (let step = 1; step < steps; ++step) {
      await page.evaluate((n) => window.attention.setStep(n), step);
      await nextFrame(page);
      await nextFrame(page);
    }
    recorded = problems.length;
    return Buffer.from(await page.evaluate(writeProfile));
  };
  for (const visit of VISITS) {
    const { query, returning, everyStep, language, ...options } = visit;
    const context = await browser.newContext({ ...options, serviceWorkers: "block" });
    const page = await context.newPage();
    problems = [];
    recorded = 0;
    page.on("pageerror", (e) => problems.push(e.message));
    await page.addInitScript(keepInstance);
    await page.goto(url + query);
    if (returning) {
      // Work to restore: an edit, saved as the page saves it (on leaving).
      // Not profiled: writing a profile grows the memory behind the program's back.
      await drawn(page);
      await page.evaluate(() => window.attention.setValue("X", 0, 0, 0.5));
      await page.reload();
    }
    profiles.push(await firstFrames(page, { everyStep, language }));
    // Errors after the profile are the program's own memory grown behind its back.
    const failed = problems.slice(0, recorded);
    await context.close();
    if (failed.length) throw new Error(`the page failed (${url + query}): ${failed.join("; ")}`);
  }
} finally {
  if (browser) await browser.close();
  server.close();
}

fs.mkdirSync(args.out, { recursive: true });
const profileFiles = profiles.map((bytes, i) => {
  const file = path.join(site, `${i}.profile`);
  fs.writeFileSync(file, bytes);
  return file;
});
const merged = path.join(site, "merged.profile");
const run = (...a) => execFileSync(args["wasm-split"], [...FEATURES, ...a], { stdio: ["ignore", "ignore", "inherit"] });
run("--merge-profiles", ...profileFiles, "-o", merged);
run(
  "--profile",
  merged,
  orig,
  "-o1",
  path.join(args.out, "attention.wasm"),
  "-o2",
  path.join(args.out, "attention.deferred.wasm"),
);
fs.copyFileSync(args.module, path.join(args.out, "attention.js"));
const size = (name) => `${(fs.statSync(path.join(args.out, name)).size / 1000).toFixed(1)} kB`;
console.log(
  `split by ${profiles.length} first visits: attention.wasm ${size("attention.wasm")}, ` +
    `attention.deferred.wasm ${size("attention.deferred.wasm")} (raw)`,
);
