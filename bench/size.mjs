// The "size" part of ./dev bench: what the page downloads before its first
// frame (raw, gzip, Brotli) against the first-load budgets, what it fetches
// later (lessons, font packs, other languages), the single file, and where
// the wasm's bytes go (bench/wasm_size.mjs).
import fs from "node:fs";
import path from "node:path";
import { inPage } from "../tests/browser/browser.mjs";
import { launch } from "../tests/browser/chromium.mjs";
import { DIST, KB, ROOT, WEB_BENCH, brotli, gzip, kb, need } from "./common.mjs";
import { details, row } from "./report.mjs";
import { wasmAttribution } from "./wasm_size.mjs";

// The first-load budgets (issue 38, point 8), in kB of 1000 bytes: what the
// page fetches before its first frame, with Brotli (what ./dev serve and the
// hosts in docs/embedding.md send) and with gzip (hosts that only gzip); the
// single file, gzipped.
export const BUDGET_KB = { brotli: 300, gzip: 360, singleFileGzip: 470 };

export async function sizePart(srv) {
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
  const totalBr = sum("brotli");
  row(
    "download",
    "before the first frame, Brotli (./dev serve)",
    `≤ ${BUDGET_KB.brotli} kB`,
    kb(totalBr),
    totalBr <= BUDGET_KB.brotli * KB,
  );
  row(
    "download",
    "before the first frame, gzipped (a host that only gzips)",
    `≤ ${BUDGET_KB.gzip} kB`,
    `${kb(total)} (${kb(totalRaw)} raw)`,
    total <= BUDGET_KB.gzip * KB,
  );
  // What a host that compresses nothing sends.
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
    `≤ ${BUDGET_KB.singleFileGzip} kB`,
    `${kb(singleGz)} (${kb(single.length)} raw)`,
    singleGz <= BUDGET_KB.singleFileGzip * KB,
  );
  // Each language's single file: the same budget, but for Chinese and
  // Japanese, which carry the whole CJK font (reported; issue 43, point 4).
  const singleFiles = {};
  for (const name of fs
    .readdirSync(DIST)
    .filter((f) => /^attention-lab\.[\w-]+\.html$/.test(f))
    .sort()) {
    const code = name.split(".")[1];
    const body = fs.readFileSync(path.join(DIST, name));
    const gz = gzip(body);
    singleFiles[code] = { raw: body.length, gzip: gz };
    const budgeted = !["ja", "zh-Hans"].includes(code);
    row(
      "download",
      `  single file ${name}, gzipped`,
      budgeted ? `≤ ${BUDGET_KB.singleFileGzip} kB` : "",
      `${kb(gz)} (${kb(body.length)} raw)`,
      budgeted ? gz <= BUDGET_KB.singleFileGzip * KB : null,
    );
  }

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
    totalBrotli: totalBr,
    totalRaw,
    singleFile: { raw: single.length, gzip: singleGz },
    singleFiles,
    languages,
    wasm: attribution,
  };
}
