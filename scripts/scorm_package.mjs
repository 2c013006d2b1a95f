// Writes Attention Lab's SCORM 1.2 package: a zip with imsmanifest.xml at its
// root, the page from dist/, and a launch page (scorm.html) that reports the
// learner's progress to the LMS by the instructor's rule (docs/embedding.md,
// "In an LMS: the SCORM package"; web/scorm/scorm-adapter.js).
//
//   node scripts/scorm_package.mjs [--lesson the-cat-sat] [--complete-when all-steps|challenges]
//        [--mastery 80] [--dist dist] [--out dist/attention-lab-scorm.zip] [--cmake cmake] [--check]
//
// --check only checks the settings. The build runs this for dist/ (cmake/web.cmake,
// with the ATTN_SCORM_* cache variables); ./dev package-scorm sets those.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { buildSync } from "esbuild";
import { MARKERS, distNames } from "./dist_files.mjs";
import SCORM from "../web/scorm/defaults.json" with { type: "json" };

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
export const RULES = SCORM.rules;
export const DEFAULTS = { lesson: SCORM.lesson, completeWhen: SCORM.completeWhen, mastery: SCORM.mastery };

// The built-in lessons: id -> {title, activities (predictions + challenges)}.
export function builtinLessons(dir = path.join(ROOT, "lessons")) {
  const lessons = {};
  for (const name of fs
    .readdirSync(dir)
    .filter((n) => n.endsWith(".json"))
    .sort()) {
    const lesson = JSON.parse(fs.readFileSync(path.join(dir, name), "utf8"));
    let activities = 0;
    const walk = (x) => {
      if (Array.isArray(x)) return x.forEach(walk);
      if (!x || typeof x !== "object") return;
      for (const [k, v] of Object.entries(x)) {
        if ((k === "predict" || k === "challenges") && Array.isArray(v)) activities += v.length;
        walk(v);
      }
    };
    walk(lesson);
    lessons[lesson.id] = { title: lesson.title || lesson.id, activities };
  }
  return lessons;
}

// The settings, checked: {config} or {error} with a sentence for the instructor.
export function checkSettings({ lesson, completeWhen, mastery }, lessons = builtinLessons()) {
  const config = { ...DEFAULTS };
  if (lesson !== undefined) config.lesson = String(lesson);
  if (!Object.hasOwn(lessons, config.lesson))
    return { error: `there is no lesson "${config.lesson}"; the lessons are ${Object.keys(lessons).join(", ")}` };
  if (completeWhen !== undefined) config.completeWhen = String(completeWhen);
  if (!RULES.includes(config.completeWhen))
    return { error: `--complete-when must be ${RULES.join(" or ")}, not "${config.completeWhen}"` };
  if (mastery !== undefined) {
    const m = String(mastery).trim();
    config.mastery = /^\d+(\.\d+)?$/.test(m) ? Number(m) : NaN;
    if (!(config.mastery >= 0 && config.mastery <= 100))
      return { error: `--mastery must be a number from 0 to 100 (a percentage), not "${mastery}"` };
  }
  if (config.completeWhen === "challenges" && lessons[config.lesson].activities === 0)
    return {
      error: `lesson "${config.lesson}" has no predictions or challenges, so it cannot be passed or failed: use --complete-when all-steps`,
    };
  return { config, title: lessons[config.lesson].title };
}

const xml = (text) =>
  String(text).replace(
    /[<>&"']/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c],
  );

// imsmanifest.xml: one organization, one item, one SCO listing every file.
export function manifest({ config, title, files, launch = "scorm.html" }) {
  const id = `attention-lab-${config.lesson}-${config.completeWhen}`;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<manifest identifier="${xml(id)}" version="1.0"`,
    '          xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"',
    '          xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"',
    '          xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"',
    '          xsi:schemaLocation="http://www.imsproject.org/xsd/imscp_rootv1p1p2 imscp_rootv1p1p2.xsd http://www.imsglobal.org/xsd/imsmd_rootv1p2p1 imsmd_rootv1p2p1.xsd http://www.adlnet.org/xsd/adlcp_rootv1p2 adlcp_rootv1p2.xsd">',
    "  <metadata>",
    "    <schema>ADL SCORM</schema>",
    "    <schemaversion>1.2</schemaversion>",
    "  </metadata>",
    '  <organizations default="attention-lab">',
    '    <organization identifier="attention-lab">',
    `      <title>Attention Lab: ${xml(title)}</title>`,
    '      <item identifier="lesson" identifierref="sco" isvisible="true">',
    `        <title>${xml(title)}</title>`,
    "      </item>",
    "    </organization>",
    "  </organizations>",
    "  <resources>",
    `    <resource identifier="sco" type="webcontent" adlcp:scormtype="sco" href="${xml(launch)}">`,
    ...files.map((f) => `      <file href="${xml(f)}"/>`),
    "    </resource>",
    "  </resources>",
    "</manifest>",
    "",
  ];
  return lines.join("\n");
}

// The page's files, as the service worker names them (dist/sw.js's first
// line: const BUILD = {version, files: {...}}), and the worker itself.
export function pageFiles(dist) {
  const first = fs.readFileSync(path.join(dist, "sw.js"), "utf8").split("\n", 1)[0];
  const m = /^const BUILD = (\{.*\});$/.exec(first);
  if (!m) throw new Error(`${path.join(dist, "sw.js")} does not start with the build's file list`);
  return [...Object.keys(JSON.parse(m[1]).files), "sw.js"];
}

// What the page fetches only when a learner needs it: the other languages'
// catalogs (lang/) and the font packs (fonts/). The served page's worker
// keeps them once fetched; an LMS has no page beside the package to fetch
// them from, so the package carries them.
export function whenNeededFiles(dist) {
  return ["lang", "fonts"].flatMap((folder) =>
    fs
      .readdirSync(path.join(dist, folder))
      .filter((name) => /\.(json|ttf)$/.test(name))
      .sort()
      .map((name) => `${folder}/${name}`),
  );
}

// Stages the package in a folder: the page, scorm.html, the adapter, the
// settings, imsmanifest.xml. Returns the files, manifest first.
export function stage({ dist, folder, config, title }) {
  const files = [...pageFiles(dist), ...whenNeededFiles(dist)];
  for (const f of files) {
    fs.mkdirSync(path.dirname(path.join(folder, f)), { recursive: true });
    fs.copyFileSync(path.join(dist, f), path.join(folder, f));
  }
  // The launch page: index.html with the settings and the adapter before the page's scripts.
  const index = fs.readFileSync(path.join(dist, "index.html"), "utf8");
  const marker = MARKERS.page.replace("page.js", distNames(dist).page);
  if (!index.includes(marker)) throw new Error(`index.html has no ${marker} to put the SCORM scripts before`);
  const launch = index
    .replace("<title>Attention Lab</title>", `<title>Attention Lab: ${xml(title)}</title>`)
    .replace(
      marker,
      `<script src="scorm-config.js"></script>\n  <script src="scorm-adapter.js"></script>\n  ${marker}`,
    );
  fs.writeFileSync(path.join(folder, "scorm.html"), launch);
  // The adapter with the defaults it falls back on (web/scorm/defaults.json), as one classic script.
  buildSync({
    entryPoints: [path.join(ROOT, "web/scorm/scorm-adapter.js")],
    outfile: path.join(folder, "scorm-adapter.js"),
    bundle: true,
    format: "iife",
    target: "es2020",
    logLevel: "warning",
  });
  fs.writeFileSync(
    path.join(folder, "scorm-config.js"),
    "// Attention Lab's SCORM settings, written by scripts/scorm_package.mjs (docs/embedding.md).\n" +
      "// lesson: a built-in lesson id; completeWhen: all-steps (completed once every step is seen)\n" +
      "// or challenges (then passed or failed by the score against mastery, 0 to 100).\n" +
      `window.attentionScormConfig = ${JSON.stringify(config)};\n`,
  );
  const all = [...files, "scorm.html", "scorm-adapter.js", "scorm-config.js"];
  fs.writeFileSync(path.join(folder, "imsmanifest.xml"), manifest({ config, title, files: all }));
  return ["imsmanifest.xml", ...all];
}

// Zips a staged folder with CMake (no zip tool needed), files in the given order.
export function zip({ folder, files, out, cmake = "cmake" }) {
  fs.rmSync(out, { force: true });
  // Entries dated alike, so the same files make the same zip.
  const r = spawnSync(
    cmake,
    ["-E", "tar", "cf", path.resolve(out), "--format=zip", "--mtime=2000-01-01 00:00:00Z", "--", ...files],
    {
      cwd: folder,
      encoding: "utf8",
    },
  );
  if (r.error || r.status !== 0) throw new Error(`cmake -E tar failed: ${r.error ? r.error.message : r.stderr}`);
}

export function buildPackage({ dist, out, cmake, ...settings }) {
  const checked = checkSettings(settings);
  if (checked.error) throw new Error(checked.error);
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "attention-scorm-"));
  try {
    const files = stage({ dist, folder, config: checked.config, title: checked.title });
    zip({ folder, files, out, cmake });
    return { ...checked, files, bytes: fs.statSync(out).size };
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const options = { dist: "dist", out: null, cmake: "cmake" };
  const names = { "--lesson": "lesson", "--complete-when": "completeWhen", "--mastery": "mastery" };
  let check = false;
  for (let i = 0; i < args.length; ++i) {
    const [flag, inline] = args[i].includes("=") ? args[i].split(/=(.*)/s) : [args[i], undefined];
    const value = () => (inline !== undefined ? inline : args[++i]);
    if (flag === "--check") check = true;
    else if (flag in names) options[names[flag]] = value();
    else if (flag === "--dist" || flag === "--out" || flag === "--cmake") options[flag.slice(2)] = value();
    else {
      console.error(`package-scorm: unknown option ${args[i]} (options: ${Object.keys(names).join(", ")})`);
      process.exit(2);
    }
    if (options[names[flag]] === undefined && flag in names) {
      console.error(`package-scorm: ${flag} needs a value`);
      process.exit(2);
    }
  }
  const { dist, out, cmake, ...settings } = options;
  if (check) {
    const checked = checkSettings(settings);
    if (checked.error) {
      console.error(`package-scorm: ${checked.error}`);
      process.exit(2);
    }
    process.exit(0);
  }
  try {
    const target = out || path.join(dist, "attention-lab-scorm.zip");
    const made = buildPackage({ dist, out: target, cmake, ...settings });
    const { lesson, completeWhen, mastery } = made.config;
    console.log(
      `${target}: SCORM 1.2, lesson ${lesson}, ${completeWhen === "challenges" ? `passed at ${mastery}%` : "completed when every step is seen"}, ${made.files.length} files, ${made.bytes} bytes`,
    );
  } catch (e) {
    console.error(`package-scorm: ${e.message}`);
    process.exit(1);
  }
}
