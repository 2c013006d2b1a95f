// ./dev bench: the page's budgets, measured (docs/performance.md).
//
//   node bench/run.mjs [--quick] [--only size,startup,phone,interaction,idle,core,frame] [--strict]
//
// Expects what ./dev bench builds: dist/, build/web/bench/ (the bare window,
// the core for node), build/native-release/bench/ (core and frame benches).
// Prints one table (budget / measured / pass or MISS per line) and writes
// bench/results.json. Exits 0 when a budget is missed, after saying so
// clearly; --strict exits 1 instead.
//
// Timings are medians of several runs; every comparison (page vs. bare
// window, core vs. numpy) is measured side by side in this one run.
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { inPage } from "../tests/browser/browser.mjs";
import { launch } from "../tests/browser/chromium.mjs";
import { PHONE, lighthouse, phoneLoad } from "./phone.mjs";
import { serve } from "../scripts/serve.mjs";
import { wasmAttribution } from "./wasm_size.mjs";

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const DIST = path.join(ROOT, "dist");
const WEB_BENCH = path.join(ROOT, "build/web/bench");
const NATIVE_BENCH = path.join(ROOT, "build/native-release/bench");
const RESULTS = path.join(ROOT, "bench/results.json");

const args = process.argv.slice(2);
const quick = args.includes("--quick");
const strict = args.includes("--strict");
const onlyArg = args.includes("--only") ? args[args.indexOf("--only") + 1] : "";
const PARTS = ["size", "startup", "phone", "interaction", "idle", "core", "frame"];
const only = onlyArg ? onlyArg.split(",") : PARTS;
for (const p of only)
  if (!PARTS.includes(p)) {
    console.error(`bench: no part ${p} (${PARTS.join(", ")})`);
    process.exit(2);
  }

const KB = 1000; // budgets are in kB of 1000 bytes
const rows = []; // {part, name, budget, measured, pass}: the table
const details = {};
// pass: true / false for a budget, null for a figure shown for information.
function row(part, name, budget, measured, pass = null) {
  rows.push({ part, name, budget, measured, pass });
}
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};
const fmt = (x, digits = 2) => (x === null || x === undefined || Number.isNaN(x) ? "n/a" : x.toFixed(digits));
const kb = (bytes) => `${(bytes / KB).toFixed(1)} kB`;
const gzip = (buffer) => zlib.gzipSync(buffer, { level: 9 }).length;
const brotli = (buffer) =>
  zlib.brotliCompressSync(buffer, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
const log = (text) => process.stderr.write(`bench: ${text}\n`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function need(file, hint) {
  if (!fs.existsSync(file)) throw new Error(`${path.relative(ROOT, file)} is missing: ${hint}`);
}

// Servers: the page as deployed (strict CSP, compressed, cache headers: as
// ./dev serve), the bare window beside it, and the same with no compression
// (a host that compresses nothing). The interaction part uses a
// cross-origin-isolated twin so performance.now() (and with it the
// frame-cost figures) has 5 µs rather than 100 µs grain.
async function servers() {
  need(path.join(DIST, "index.html"), "run ./dev build");
  need(path.join(WEB_BENCH, "bare/bare.wasm"), "run ./dev bench");
  const mounts = { "/bare/": path.join(WEB_BENCH, "bare") };
  const plain = await serve({ dir: DIST, port: 0, mounts });
  const raw = await serve({ dir: DIST, port: 0, mounts, compression: false });
  const isolated = await serve({
    dir: DIST,
    port: 0,
    mounts,
    headers: { "Cross-Origin-Opener-Policy": "same-origin", "Cross-Origin-Embedder-Policy": "require-corp" },
  });
  return {
    plain,
    raw,
    isolated,
    close() {
      plain.server.close();
      raw.server.close();
      isolated.server.close();
    },
  };
}

//-----------------------------------------------------------------------------
// Download: what the page fetches before its first frame, raw and gzipped
//-----------------------------------------------------------------------------
async function sizePart(srv) {
  const context = await launch();
  const page = await context.newPage();
  await page.goto(srv.plain.url);
  await page.waitForFunction(() => window.attention && window.attention.firstFrameMs !== null, null, {
    timeout: 60000,
  });
  // What the page asked for before its first frame, by the browser's own
  // resource timing (what it fetches after, like the manifest, is not counted).
  const fetched = await page.evaluate(() => [
    location.href,
    ...performance
      .getEntriesByType("resource")
      .filter((e) => e.startTime < window.attention.firstFrameMs)
      .map((e) => e.name),
  ]);
  await context.close();
  // The bytes are the served files themselves (a streamed body, like the
  // wasm's, is not kept by the browser to ask for).
  const files = [];
  for (const url of fetched) {
    const name = decodeURIComponent(new URL(url).pathname.replace(/^\//, "")) || "index.html";
    const file = path.join(DIST, name);
    if (!fs.existsSync(file) || fs.statSync(file).isDirectory() || files.some((f) => f.name === name)) continue;
    const body = fs.readFileSync(file);
    files.push({ name, raw: body.length, gzip: gzip(body), brotli: brotli(body) });
  }
  files.sort((a, b) => b.gzip - a.gzip);
  const sum = (key) => files.reduce((s, f) => s + f[key], 0);
  const total = sum("gzip");
  const totalRaw = sum("raw");
  for (const f of files) row("download", `  ${f.name}`, "", `${kb(f.raw)} raw, ${kb(f.gzip)} gz, ${kb(f.brotli)} br`);
  row(
    "download",
    "before the first frame, gzipped",
    "≤ 300 kB",
    `${kb(total)} (${kb(totalRaw)} raw)`,
    total <= 300 * KB,
  );
  // What ./dev serve sends a browser that takes Brotli (the build's .br twins),
  // and what a host that compresses nothing sends.
  row("download", "  the same with Brotli (./dev serve)", "", kb(sum("brotli")));
  row("download", "  the same from a host that compresses nothing", "", kb(totalRaw));
  // The built-in lessons: each file fetched when the lesson is first opened
  // (the one opened first is counted above).
  const lessonFiles = fs.readdirSync(path.join(DIST, "lessons")).filter((f) => f.endsWith(".json"));
  const lessonGz = lessonFiles.map((f) => gzip(fs.readFileSync(path.join(DIST, "lessons", f))));
  row(
    "download",
    `  lessons/*.json, each when first opened (${lessonFiles.length})`,
    "",
    `${kb(Math.min(...lessonGz))}–${kb(Math.max(...lessonGz))} gz each`,
  );
  // Fetched only by a lesson whose characters need them (src/ui/fonts.h).
  const packs = fs.readdirSync(path.join(DIST, "fonts")).filter((f) => f.endsWith(".ttf"));
  for (const p of packs) {
    const body = fs.readFileSync(path.join(DIST, "fonts", p));
    row("download", `  fonts/${p}, when a lesson needs it`, "", `${kb(body.length)} raw, ${kb(gzip(body))} gz`);
  }
  // The other languages (docs/translating.md): what the page fetches beyond
  // the English load once a learner picks one, its catalog and font packs.
  const english = files.filter((f) => /^(lang|fonts)\//.test(f.name));
  row(
    "download",
    "English load: no catalog, no font pack",
    "none",
    english.map((f) => f.name).join(", ") || "none",
    english.length === 0,
  );
  const languages = {};
  for (const code of ["es", "zh-Hans", "ko"]) {
    const context = await launch();
    const page = await context.newPage();
    await page.goto(`${srv.plain.url}?lang=${code}`);
    await inPage(
      page,
      async (code) =>
        window.attention &&
        window.attention.firstFrameMs !== null &&
        (await window.attention.state()).language === code &&
        window.attention.testing.glyphs().loading === "",
      code,
    );
    const extra = await page.evaluate(() =>
      performance
        .getEntriesByType("resource")
        .map((e) => decodeURIComponent(new URL(e.name).pathname.replace(/^\//, "")))
        .filter((n) => /^(lang|fonts)\//.test(n)),
    );
    await context.close();
    const sized = [...new Set(extra)].map((name) => {
      const body = fs.readFileSync(path.join(DIST, name));
      return { name, raw: body.length, gzip: gzip(body) };
    });
    const gz = sized.reduce((s, f) => s + f.gzip, 0);
    languages[code] = { files: sized, gzip: gz };
    row("download", `  ?lang=${code}: ${sized.map((f) => f.name).join(" + ")}`, "", `${kb(gz)} gz more`);
  }
  const single = fs.readFileSync(path.join(DIST, "attention-lab.html"));
  const singleGz = gzip(single);
  row(
    "download",
    "single file attention-lab.html, gzipped",
    "≤ 450 kB",
    `${kb(singleGz)} (${kb(single.length)} raw)`,
    singleGz <= 450 * KB,
  );

  // Attributed on the bench's twin of the page linked with a symbol map (the
  // shipped program has no names).
  const wasm = path.join(WEB_BENCH, "symbols/attention.wasm");
  const symbols = path.join(WEB_BENCH, "symbols/attention.js.symbols");
  need(wasm, "run ./dev bench");
  const attribution = wasmAttribution(wasm, symbols, {
    font: path.join(ROOT, "build/web/fonts/base.ttf"),
    lessonIndex: path.join(ROOT, "build/web/lessons/index.json"),
  });
  for (const g of attribution.summary)
    row("wasm", `  ${g.name}`, "", `${kb(g.bytes)} raw${g.gzip ? `, ${kb(g.gzip)} gz` : ""}`);
  details.download = {
    files,
    totalGzip: total,
    totalBrotli: sum("brotli"),
    totalRaw,
    singleFile: { raw: single.length, gzip: singleGz },
    languages,
    wasm: attribution,
  };
}

//-----------------------------------------------------------------------------
// Startup: navigation to first drawn frame, cold, page vs. bare window
//-----------------------------------------------------------------------------
async function firstFrame(url, global) {
  const context = await launch(); // a fresh profile: nothing cached, nothing compiled
  try {
    const page = await context.newPage();
    await page.goto(url);
    await page.waitForFunction((g) => window[g] && window[g].firstFrameMs !== null, global, { timeout: 60000 });
    return await page.evaluate((g) => window[g].firstFrameMs, global);
  } finally {
    await context.close();
  }
}

async function startupPart(srv) {
  const runs = quick ? 3 : 5;
  const pageMs = [],
    bareMs = [];
  for (let i = 0; i < runs; ++i) {
    // alternating, so drift hits both alike
    if (i % 2 === 0) {
      pageMs.push(await firstFrame(srv.plain.url, "attention"));
      bareMs.push(await firstFrame(`${srv.plain.url}bare/`, "bare"));
    } else {
      bareMs.push(await firstFrame(`${srv.plain.url}bare/`, "bare"));
      pageMs.push(await firstFrame(srv.plain.url, "attention"));
    }
  }
  const p = median(pageMs),
    b = median(bareMs);
  row("startup", `page, first frame (median of ${runs} cold loads)`, "", `${fmt(p, 0)} ms`);
  row("startup", "bare ImGui window, first frame", "", `${fmt(b, 0)} ms`);
  row("startup", "page / bare window", "≤ 1.25x", `${fmt(p / b)}x`, p / b <= 1.25);
  details.startup = { runs, pageMs, bareMs, medianPageMs: p, medianBareMs: b, ratio: p / b };
}

//-----------------------------------------------------------------------------
// The slow phone: cold loads under Chromium's emulation of a mid-range phone
// on mobile data (bench/phone.mjs), page and bare window side by side, served
// compressed; the page also from a host that compresses nothing; Lighthouse's
// mobile run on the page served as ./dev serve serves it
//-----------------------------------------------------------------------------
async function phonePart(srv) {
  const runs = quick ? 1 : 3;
  const loads = { page: [], bare: [], uncompressed: [] };
  const kinds = [
    ["page", () => phoneLoad(srv.plain.url, "attention", { ready: true })],
    ["bare", () => phoneLoad(`${srv.plain.url}bare/`, "bare")],
    ["uncompressed", () => phoneLoad(srv.raw.url, "attention", { ready: true })],
  ];
  for (let i = 0; i < runs; ++i)
    for (let k = 0; k < kinds.length; ++k) {
      const [name, load] = kinds[(k + i) % kinds.length]; // each goes first in turn
      loads[name].push(await load());
      log(`phone: ${name} ${JSON.stringify(loads[name].at(-1))}`);
    }
  const m = (name, key) => median(loads[name].map((r) => r[key]));
  const bareFirst = m("bare", "firstFrameMs");
  const first = m("page", "firstFrameMs");
  const ready = m("page", "readyMs");
  const longest = Math.max(...loads.page.map((r) => r.longestOwn));
  const longestAll = Math.max(...loads.page.map((r) => r.longest));
  const conditions = `${fmt(PHONE.network.downloadThroughput * 8e-6, 1)} Mbps, ${PHONE.network.latency} ms RTT, CPU ${PHONE.cpu}x`;
  row("phone", `page, first frame (median of ${runs} cold loads; ${conditions})`, "", `${fmt(first, 0)} ms`);
  row("phone", "bare ImGui window, first frame", "", `${fmt(bareFirst, 0)} ms`);
  row("phone", "page first frame / bare window's", "≤ 1.25x", `${fmt(first / bareFirst)}x`, first / bareFirst <= 1.25);
  row("phone", "page, ready", "", `${fmt(ready, 0)} ms`);
  row(
    "phone",
    "page ready / bare window's first frame",
    "≤ 1.5x",
    `${fmt(ready / bareFirst)}x`,
    ready / bareFirst <= 1.5,
  );
  row(
    "phone",
    "page: longest main-thread task running the page's work, navigation to ready (worst load)",
    "≤ 200 ms",
    `${fmt(longest, 0)} ms`,
    longest <= 200,
  );
  row(
    "phone",
    "  the same counting the browser's own navigation tasks (commit, the blank tab's teardown)",
    "",
    `${fmt(longestAll, 0)} ms`,
  );
  row("phone", "page: total blocking time, navigation to ready", "", `${fmt(m("page", "tbt"), 0)} ms`);
  row(
    "phone",
    "bare window: longest task / total blocking time, to its first frame",
    "",
    `${fmt(m("bare", "longestOwn"), 0)} ms (${fmt(m("bare", "longest"), 0)} with the browser's) / ${fmt(m("bare", "tbt"), 0)} ms`,
  );
  row(
    "phone",
    "page from a host that compresses nothing: first frame / ready",
    "",
    `${fmt(m("uncompressed", "firstFrameMs"), 0)} ms / ${fmt(m("uncompressed", "readyMs"), 0)} ms`,
  );
  // Lighthouse's own mobile run (its default: slow 4G and a 4x slower CPU, simulated).
  const audits = {};
  for (const [name, url, categories] of [
    ["page", srv.plain.url, ["performance", "accessibility", "best-practices", "seo"]],
    ["bare", `${srv.plain.url}bare/`, ["performance"]],
  ]) {
    try {
      audits[name] = await lighthouse(url, categories);
    } catch (e) {
      audits[name] = { error: e.message };
    }
  }
  const lh = audits.page;
  if (lh.error) row("phone", "Lighthouse mobile, page", "≥ 0.9", `could not run: ${lh.error}`, false);
  else {
    row(
      "phone",
      "Lighthouse mobile, page: performance",
      "≥ 0.9",
      `${fmt(lh.scores.performance)} (bare window ${audits.bare.error ? "n/a" : fmt(audits.bare.scores.performance)})`,
      lh.scores.performance >= 0.9,
    );
    row(
      "phone",
      "Lighthouse: accessibility / best practices / SEO",
      "",
      `${fmt(lh.scores.accessibility)} / ${fmt(lh.scores["best-practices"])} / ${fmt(lh.scores.seo)}`,
    );
    const t = (audit) => `${fmt(lh.metrics[audit] / 1000, 2)} s`;
    row(
      "phone",
      "Lighthouse: FCP / LCP / TBT / speed index / TTI",
      "",
      `${t("first-contentful-paint")} / ${t("largest-contentful-paint")} / ${fmt(lh.metrics["total-blocking-time"], 0)} ms / ${t("speed-index")} / ${t("interactive")}`,
    );
  }
  details.phone = { conditions: PHONE, runs, loads, lighthouse: audits };
}

//-----------------------------------------------------------------------------
// Interaction in WebAssembly: the C++ work of the frame after each edit, on
// every step of every lesson; zero-frame lag after setValue and a drag
//-----------------------------------------------------------------------------
// A real drag: mouse down on a cell's first number, then `moves` moves, each
// once the frame before it is drawn (paced). Each move must change the value
// and recompute within the first frame drawn after it.
async function dragCell(page, cell, moves) {
  const drag = { moves: 0, zeroLag: 0, costs: [] };
  await page.evaluate(() => {
    window.benchMoves = [];
    if (!window.benchListening)
      // framesDrawn() reads the count at once; its promise carries it.
      window.addEventListener("mousemove", () => window.benchMoves.push(window.attention.framesDrawn()), true);
    window.benchListening = true;
    window.attention.testing.enableItems();
  });
  let f = await page.evaluate(() => window.attention.framesDrawn());
  await inPage(page, async (n) => (window.attention.testing.wake(), (await window.attention.framesDrawn()) > n + 1), f);
  const rect = await page.evaluate((l) => window.attention.testing.items()[l], `##${cell}:0:0`);
  if (!rect) throw new Error(`no ${cell} on screen to drag`);
  const box = await page.locator("#canvas").boundingBox();
  const x = box.x + (rect[0] + rect[2]) / 2,
    y = box.y + (rect[1] + rect[3]) / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  f = await page.evaluate(() => window.attention.framesDrawn());
  await inPage(page, async (n) => (await window.attention.framesDrawn()) > n + 1, f);
  for (let i = 1; i <= moves; ++i) {
    await page.evaluate(() => {
      window.benchMoves = [];
      document.getElementById("canvas").getContext("webgl2").finish();
    });
    await page.mouse.move(x + 6 * i, y);
    const at = await page.evaluate(() => window.benchMoves[0]);
    await inPage(page, async (n) => (await window.attention.framesDrawn()) >= n + 2, at);
    const costs = await page.evaluate(() => window.attention.testing.frameCosts());
    const next = costs.find((c) => c.frame === at + 1);
    ++drag.moves;
    if (next && next.revisionEnd > next.revisionStart) ++drag.zeroLag; // edited and recomputed in that frame
    if (next) drag.costs.push(next.cpuMs);
  }
  await page.mouse.up();
  return drag;
}

async function interactionPart(srv) {
  const context = await launch();
  const page = await context.newPage();
  await page.goto(srv.isolated.url);
  await page.waitForFunction(() => window.attention && window.attention.firstFrameMs !== null, null, {
    timeout: 60000,
  });
  await page.evaluate(() => window.attention.ready);
  const isolated = await page.evaluate(() => window.crossOriginIsolated);
  const perStep = quick ? 3 : 9;
  const walk = await page.evaluate(async (perStep) => {
    const a = window.attention;
    const frameAfter = async (n) => {
      // resolves once frame n has been drawn
      const until = performance.now() + 5000;
      while ((await a.framesDrawn()) < n && performance.now() < until)
        await new Promise((r) => requestAnimationFrame(r));
      return a.testing.frameCosts().find((c) => c.frame === n);
    };
    // The C++ work is timed with the GPU idle: under SwiftShader the GPU is
    // threads on the same two cores, still drawing the previous frame when
    // the next one is built. finish() waits for it (it is not in the timing).
    const gl = document.getElementById("canvas").getContext("webgl2");
    const steps = [];
    let lagged = 0,
      edits = 0;
    for (const lesson of await a.lessons()) {
      await a.setLesson(lesson); // settles once the lesson's file is fetched and shown
      const trace = await a.trace();
      for (let s = 0; s < trace.steps.length; ++s) {
        await a.setStep(s);
        // The input to edit: one shown on this step if any, else the lesson's first.
        const names = [...trace.steps[s].matrices, ...trace.steps.flatMap((t) => t.matrices)];
        let input = null;
        for (const m of names) {
          try {
            await a.setValue(m.name, 0, 0, m.data[0][0]);
            input = m;
            break;
          } catch (e) {
            /* computed */
          }
        }
        let f = await a.framesDrawn();
        const stepFrame = await frameAfter(f + 1); // the step's first frame: layout, new textures
        await frameAfter(f + 2);
        const costs = [],
          renders = [];
        for (let i = 0; i < perStep && input; ++i) {
          gl.finish();
          f = await a.framesDrawn();
          await a.setValue(input.name, 0, 0, input.data[0][0] + 0.01 * (i + 1));
          const { revision } = await a.state();
          const c = await frameAfter(f + 1); // the first frame drawn after the call
          ++edits;
          if (!c || c.revisionStart !== revision) ++lagged;
          if (c) {
            costs.push(c.cpuMs);
            renders.push(c.renderMs);
          }
        }
        costs.sort((x, y) => x - y);
        renders.sort((x, y) => x - y);
        steps.push({
          lesson,
          step: s + 1,
          input: input ? input.name : null,
          ms: costs.length ? costs[Math.floor(costs.length / 2)] : null,
          min: costs.length ? costs[0] : null,
          max: costs.length ? costs[costs.length - 1] : null,
          stepChangeMs: stepFrame ? stepFrame.cpuMs : null,
          renderMs: renders.length ? renders[Math.floor(renders.length / 2)] : null,
        });
      }
      await a.reset();
    }
    return { steps, lagged, edits };
  }, perStep);

  // A real drag (dragCell) on the first input of the-cat-sat.
  await page.evaluate(async () => {
    await window.attention.setLesson("the-cat-sat");
    await window.attention.setStep(0);
  });
  const trace = await page.evaluate(() => window.attention.trace());
  let cell = null;
  for (const m of trace.steps.flatMap((s) => s.matrices)) {
    const ok = await page.evaluate(async (name) => {
      try {
        await window.attention.setValue(name, 0, 0, 0);
        await window.attention.reset();
        return true;
      } catch (e) {
        return false;
      }
    }, m.name);
    if (!ok) continue;
    const step = trace.steps.findIndex((s) => s.matrices.some((x) => x.name === m.name));
    await page.evaluate((s) => window.attention.setStep(s), step);
    cell = m.name;
    break;
  }
  const drag = cell
    ? { cell, ...(await dragCell(page, cell, quick ? 4 : 10)) }
    : { cell, moves: 0, zeroLag: 0, costs: [] };
  // The same on a slow phone's CPU (4x slower): a paced drag on
  // udl-multihead's largest step (the most numbers on screen).
  await page.evaluate(() => window.attention.setLesson("udl-multihead"));
  const largest = await page.evaluate(async () => {
    const a = window.attention;
    const steps = (await a.trace()).steps;
    const cells = (t) => t.matrices.reduce((n, m) => n + m.data.length * (m.data[0] || []).length, 0);
    let step = 0;
    steps.forEach((t, i) => (cells(t) > cells(steps[step]) ? (step = i) : 0));
    await a.setStep(step);
    for (const m of steps[step].matrices)
      try {
        await a.setValue(m.name, 0, 0, m.data[0][0]); // an input shown on the step
        return { step, cell: m.name, cells: cells(steps[step]) };
      } catch (e) {
        /* computed */
      }
    return { step, cell: null, cells: cells(steps[step]) };
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  const phoneDrag = largest.cell ? await dragCell(page, largest.cell, quick ? 6 : 20) : null;
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  await context.close();

  const measured = walk.steps.filter((s) => s.ms !== null);
  const worst = measured.reduce((w, s) => (s.ms > w.ms ? s : w), measured[0]);
  const worstStepChange = walk.steps.reduce((w, s) => (s.stepChangeMs > w.stepChangeMs ? s : w), walk.steps[0]);
  const typical = median(measured.map((s) => s.ms));
  row(
    "interaction",
    `wasm: C++ per frame after setValue, worst step (median of ${perStep})`,
    "≤ 3 ms",
    `${fmt(worst.ms, 3)} ms (${worst.lesson} step ${worst.step}; fastest frame there ${fmt(worst.min, 3)})`,
    worst.ms <= 3,
  );
  row("interaction", "wasm: C++ per frame after setValue, median step", "", `${fmt(typical, 3)} ms`);
  const worstRender = measured.reduce((w, s) => (s.renderMs > w.renderMs ? s : w), measured[0]);
  row(
    "interaction",
    "wasm: drawing that frame (heatmaps, draw lists, GL calls), worst step",
    "",
    `${fmt(worstRender.renderMs, 3)} ms (${worstRender.lesson} step ${worstRender.step}; C++ there ${fmt(worstRender.ms, 3)})`,
  );
  row(
    "interaction",
    "wasm: first frame after a step change, worst",
    "",
    `${fmt(worstStepChange.stepChangeMs, 3)} ms (${worstStepChange.lesson} step ${worstStepChange.step})`,
  );
  row(
    "interaction",
    "wasm: frames after setValue showing the new trace",
    "all (0 lag)",
    `${walk.edits - walk.lagged} of ${walk.edits}`,
    walk.lagged === 0 && walk.edits > 0,
  );
  row(
    "interaction",
    `wasm: drag moves recomputed in the next frame (${cell})`,
    "all (0 lag)",
    `${drag.zeroLag} of ${drag.moves}; C++ ${fmt(median(drag.costs), 3)} ms median`,
    drag.moves > 0 && drag.zeroLag === drag.moves,
  );
  if (phoneDrag) {
    const worstFrame = Math.max(...phoneDrag.costs);
    row(
      "interaction",
      `wasm, CPU 4x slower: C++ of each frame of a paced drag (udl-multihead step ${largest.step + 1}, ${largest.cells} numbers, ${largest.cell})`,
      "≤ 8 ms",
      `worst ${fmt(worstFrame, 3)} ms, median ${fmt(median(phoneDrag.costs), 3)} ms; ${phoneDrag.zeroLag} of ${phoneDrag.moves} moves recomputed in the next frame`,
      phoneDrag.costs.length === phoneDrag.moves && worstFrame <= 8,
    );
  } else
    row(
      "interaction",
      "wasm, CPU 4x slower: a paced drag on udl-multihead",
      "≤ 8 ms",
      "no input shown on its largest step",
      false,
    );
  details.interactionWasm = {
    crossOriginIsolated: isolated,
    perStep,
    steps: walk.steps,
    edits: walk.edits,
    lagged: walk.lagged,
    drag,
    phoneDrag: { ...largest, ...phoneDrag },
  };
}

//-----------------------------------------------------------------------------
// Idle: 5 s without input, page vs. an always-redrawing loop
//-----------------------------------------------------------------------------
function descendants(pid) {
  // this process's children, theirs, ...
  const parent = new Map();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      parent.set(Number(entry), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch (e) {
      /* gone */
    }
  }
  const out = [];
  const walk = (p) => {
    for (const [c, pp] of parent)
      if (pp === p) {
        out.push(c);
        walk(c);
      }
  };
  walk(pid);
  return out;
}
function cpuSeconds(pids) {
  // user + system time of these processes
  const tick = 100; // USER_HZ on Linux
  let total = 0;
  for (const pid of pids) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      total += (Number(f[11]) + Number(f[12])) / tick;
    } catch (e) {
      /* gone */
    }
  }
  return total;
}

async function idleOnce(url, global, seconds) {
  const context = await launch();
  try {
    const page = await context.newPage();
    await page.goto(url);
    await page.waitForFunction((g) => window[g] && window[g].firstFrameMs !== null, global, { timeout: 60000 });
    await sleep(2000); // past the page's own settling (it stops drawing 0.5 s after the last input)
    const cdp = await context.newCDPSession(page);
    await cdp.send("Performance.enable");
    const metrics = async () =>
      Object.fromEntries((await cdp.send("Performance.getMetrics")).metrics.map((m) => [m.name, m.value]));
    const pids = descendants(process.pid);
    const m0 = await metrics();
    const f0 = await page.evaluate((g) => window[g].framesDrawn(), global);
    const c0 = cpuSeconds(pids);
    const t0 = performance.now();
    await sleep(seconds * 1000);
    const m1 = await metrics();
    const f1 = await page.evaluate((g) => window[g].framesDrawn(), global);
    const c1 = cpuSeconds(pids);
    const elapsed = (performance.now() - t0) / 1000;
    return {
      frames: f1 - f0,
      taskPercent: ((m1.TaskDuration - m0.TaskDuration) / elapsed) * 100,
      scriptPercent: ((m1.ScriptDuration - m0.ScriptDuration) / elapsed) * 100,
      browserPercent: ((c1 - c0) / elapsed) * 100,
      seconds: elapsed,
    };
  } finally {
    await context.close();
  }
}

async function idlePart(srv) {
  const seconds = 5;
  const runs = quick ? 1 : 3;
  const pageRuns = [],
    bareRuns = [];
  for (let i = 0; i < runs; ++i) {
    pageRuns.push(await idleOnce(srv.plain.url, "attention", seconds));
    bareRuns.push(await idleOnce(`${srv.plain.url}bare/`, "bare", seconds));
  }
  const m = (list, key) => median(list.map((r) => r[key]));
  const p = { frames: m(pageRuns, "frames"), task: m(pageRuns, "taskPercent"), browser: m(pageRuns, "browserPercent") };
  const b = { frames: m(bareRuns, "frames"), task: m(bareRuns, "taskPercent"), browser: m(bareRuns, "browserPercent") };
  row("idle", `page: frames drawn in ${seconds} s without input`, "≤ 2", `${p.frames}`, p.frames <= 2);
  row("idle", "page: renderer main-thread CPU (TaskDuration)", "≤ 2% of a core", `${fmt(p.task)}%`, p.task <= 2);
  row("idle", "page: whole browser CPU (all processes)", "", `${fmt(p.browser)}%`);
  row("idle", "always-redrawing bare loop: frames", "", `${b.frames}`);
  row("idle", "always-redrawing bare loop: TaskDuration / whole browser", "", `${fmt(b.task)}% / ${fmt(b.browser)}%`);
  details.idle = { seconds, runs, page: pageRuns, bare: bareRuns };
}

//-----------------------------------------------------------------------------
// Core: attention throughput and lesson traces, native and wasm, vs. numpy
//-----------------------------------------------------------------------------
function runJson(command, commandArgs, what) {
  const r = spawnSync(command, commandArgs, {
    encoding: "utf8",
    maxBuffer: 64 << 20,
    env: { ...process.env, NODE_PATH: "" },
  });
  if (r.status !== 0) throw new Error(`${what} failed (${r.status}): ${r.stderr || r.error}`);
  return JSON.parse(r.stdout);
}

function corePart() {
  const native = path.join(NATIVE_BENCH, "bench_core"),
    wasm = path.join(WEB_BENCH, "bench_core_node.js");
  need(native, "run ./dev bench");
  need(wasm, "run ./dev bench");
  const q = quick ? ["--quick"] : [];
  log("core: native");
  const nat = runJson(native, q, "bench_core");
  log("core: wasm under node");
  const wsm = runJson(process.execPath, [wasm, ...q], "bench_core_node");
  let np = null;
  const python = "/usr/bin/python3";
  const hasNumpy = fs.existsSync(python) && spawnSync(python, ["-c", "import numpy"]).status === 0;
  if (hasNumpy) {
    log("core: numpy");
    const sizes = [...nat.attention.map((a) => [a.n, a.d, a.d]), ...nat.lessons.map((l) => [l.n, l.d_k, l.d_v])];
    np = runJson(
      python,
      [path.join(ROOT, "bench/numpy_attention.py"), JSON.stringify(sizes), ...q],
      "numpy_attention.py",
    );
  }
  const npMs = (n, dk, dv) => (np ? np.sizes.find((s) => s.n === n && s.d_k === dk && s.d_v === dv)?.ms : null);

  for (let i = 0; i < nat.attention.length; ++i) {
    const a = nat.attention[i],
      w = wsm.attention[i];
    const npm = npMs(a.n, a.d, a.d);
    const flops = 4 * a.n * a.n * a.d;
    const npG = npm ? flops / (npm * 1e6) : null;
    const nr = npm ? a.ms / npm : null,
      wr = npm ? w.ms / npm : null;
    // Within 2x of numpy at N = 1024 (core time / numpy time ≤ 2).
    const budget = a.n === 1024 && npm ? "≤ 2x numpy" : "";
    row(
      "core",
      `attention N=${a.n} d=${a.d}: native`,
      budget,
      `${fmt(a.ms, 3)} ms, ${fmt(a.gflops)} GFLOP/s${npm ? `, ${fmt(nr)}x numpy's time` : ""}`,
      budget ? nr <= 2 : null,
    );
    row(
      "core",
      `attention N=${a.n} d=${a.d}: wasm (node)`,
      budget,
      `${fmt(w.ms, 3)} ms, ${fmt(w.gflops)} GFLOP/s${npm ? `, ${fmt(wr)}x numpy's time` : ""}`,
      budget ? wr <= 2 : null,
    );
    if (npm)
      row("core", `attention N=${a.n} d=${a.d}: numpy ${np.numpy}`, "", `${fmt(npm, 3)} ms, ${fmt(npG)} GFLOP/s`);
  }
  // Lesson sizes: one pass at each lesson's own (N, d_k, d_v); the core must beat numpy.
  for (let i = 0; i < nat.lessons.length; ++i) {
    const l = nat.lessons[i],
      w = wsm.lessons[i];
    const npm = npMs(l.n, l.d_k, l.d_v);
    const cmp = npm
      ? `; attention pass ${fmt(l.attention_ms * 1000, 1)} µs native, ${fmt(w.attention_ms * 1000, 1)} µs wasm, numpy ${fmt(npm * 1000, 1)} µs`
      : "";
    row(
      "core",
      `${l.id} (N=${l.n}, d_k=${l.d_k}): whole trace`,
      npm ? "pass < numpy" : "",
      `${fmt(l.trace_ms * 1000, 1)} µs native, ${fmt(w.trace_ms * 1000, 1)} µs wasm${cmp}`,
      npm ? l.attention_ms < npm && w.attention_ms < npm : null,
    );
  }
  if (!hasNumpy)
    row("core", "numpy comparison", "", "skipped: /usr/bin/python3 has no numpy (apt install python3-numpy)");
  details.core = { native: nat, wasm: wsm, numpy: np };
}

//-----------------------------------------------------------------------------
// Frame cost, native: recompute + ImGui build per frame, no GPU
//-----------------------------------------------------------------------------
function framePart() {
  const bin = path.join(NATIVE_BENCH, "bench_frame");
  need(bin, "run ./dev bench");
  const r = runJson(bin, quick ? ["--quick"] : [], "bench_frame");
  const worst = r.steps.reduce((w, s) => (s.ms > w.ms ? s : w), r.steps[0]);
  row(
    "interaction",
    `native: C++ per frame of a drag, worst step (median of ${r.frames_per_step})`,
    "≤ 1 ms",
    `${fmt(worst.ms, 3)} ms (${worst.lesson} step ${worst.step}: recompute ${fmt(worst.recompute_ms, 3)}, UI ${fmt(worst.ui_ms, 3)})`,
    worst.ms <= 1,
  );
  details.interactionNative = r;
}

//-----------------------------------------------------------------------------

function environment() {
  const cpu = (fs.readFileSync("/proc/cpuinfo", "utf8").match(/model name\s*:\s*(.*)/) || [])[1];
  const version = (cmd, a) => {
    try {
      return execFileSync(cmd, a, { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] })
        .trim()
        .split("\n")[0];
    } catch (e) {
      return null;
    }
  };
  return {
    date: new Date().toISOString(),
    cpu,
    cores: os.cpus().length,
    loadAverage: os.loadavg(),
    chromium: version("/usr/bin/chromium", ["--version"]),
    node: process.version,
    emscripten: version("emcc", ["--version"]),
    gcc: version("g++", ["--version"]),
    gl: "SwiftShader (--use-angle=swiftshader), headless",
    quick,
  };
}

function printTable() {
  const headers = ["", "measure", "budget", "measured", "result"];
  const lines = rows.map((r) => [
    r.part,
    r.name,
    r.budget,
    r.measured,
    r.pass === null ? "" : r.pass ? "pass" : "MISS",
  ]);
  const width = headers.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const out = (cells) =>
    console.log(
      cells
        .map((c, i) => c.padEnd(width[i]))
        .join("  ")
        .trimEnd(),
    );
  out(headers);
  out(width.map((w) => "-".repeat(w)));
  let last = "";
  for (const l of lines) {
    out([l[0] === last ? "" : l[0], ...l.slice(1)]);
    last = l[0];
  }
}

const env = environment();
log(`${env.cpu}, ${env.cores} cores, load ${env.loadAverage.map((x) => x.toFixed(2)).join(" ")}; ${env.chromium}`);
const failures = [];
const loads = []; // 1-minute load average as each part starts
const srv = only.some((p) => ["size", "startup", "phone", "interaction", "idle"].includes(p)) ? await servers() : null;
const parts = {
  size: sizePart,
  startup: startupPart,
  phone: phonePart,
  interaction: interactionPart,
  idle: idlePart,
  core: corePart,
  frame: framePart,
};
for (const name of PARTS) {
  if (!only.includes(name)) continue;
  log(name);
  const t0 = performance.now();
  loads.push(os.loadavg()[0]);
  try {
    await parts[name](srv);
  } catch (e) {
    failures.push(`${name}: ${e.message}`);
    row(name, "could not be measured", "", e.message.split("\n")[0], false);
  }
  log(`${name}: ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}
srv?.close();
// Other work on the machine inflates every wall-clock figure: say so.
const busiest = Math.max(...loads, os.loadavg()[0]);
env.loadDuringRun = loads;
row("machine", "1-minute load average, highest during the run", "", `${busiest.toFixed(2)} on ${env.cores} cores`);

printTable();
const missed = rows.filter((r) => r.pass === false);
fs.writeFileSync(
  RESULTS,
  JSON.stringify({ environment: env, rows, details, missed: missed.map((r) => r.name) }, null, 2) + "\n",
);
console.log(`\nWrote ${path.relative(process.cwd(), RESULTS)}.`);
if (missed.length) {
  console.log(`\n${missed.length} budget${missed.length > 1 ? "s" : ""} MISSED:`);
  for (const r of missed) console.log(`  - ${r.part}: ${r.name}: ${r.measured} (budget ${r.budget})`);
} else {
  console.log("Every budget met.");
}
if (busiest > env.cores)
  console.log(
    `\nThe machine was busy (load ${busiest.toFixed(2)} on ${env.cores} cores): timings are inflated; ` +
      "measure again when it is quiet before trusting a MISS on a time budget.",
  );
for (const f of failures) console.error(`bench: ${f}`);
process.exit(strict && missed.length ? 1 : 0);
