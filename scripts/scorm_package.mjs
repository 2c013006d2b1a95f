// Writes Attention Lab's SCORM 1.2 package: a zip with imsmanifest.xml at its
// root, the page from dist/, and a launch page (scorm.html) that reports the
// learner's progress to the LMS by the instructor's rule (docs/scorm.md;
// web/scorm/scorm-adapter.js).
//
//   node scripts/scorm_package.mjs [--lesson the-cat-sat] [--complete-when all-steps|challenges]
//        [--mastery 80] [--lock yes|no] [--dist dist] [--out dist/attention-lab-scorm.zip] [--cmake cmake] [--check]
//
// --check only checks the settings. The build runs this for dist/ (cmake/web.cmake,
// with the ATTN_SCORM_* cache variables); ./dev package-scorm sets those.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { buildSync } from "esbuild";
import { MARKERS, distNames } from "./dist_files.mjs";
import {
  DEFAULTS,
  RULES,
  checkSettings as checkSettingsOf,
  configScript,
  countActivities,
  launchPage,
  manifest,
} from "../web/scorm/package.js";

const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
export { RULES, DEFAULTS, manifest };

// The built-in lessons: id -> {title, activities (predictions + challenges)}.
export function builtinLessons(dir = path.join(ROOT, "lessons")) {
  const lessons = {};
  for (const name of fs
    .readdirSync(dir)
    .filter((n) => n.endsWith(".json"))
    .sort()) {
    const lesson = JSON.parse(fs.readFileSync(path.join(dir, name), "utf8"));
    lessons[lesson.id] = { title: lesson.title || lesson.id, activities: countActivities(lesson) };
  }
  return lessons;
}

// The command line's options, and the settings they set.
const OPTIONS = { "--lesson": "lesson", "--complete-when": "completeWhen", "--mastery": "mastery", "--lock": "lock" };
const OPTION_OF = Object.fromEntries(Object.entries(OPTIONS).map(([option, setting]) => [setting, option]));

// The settings, checked against the built-in lessons (web/scorm/package.js),
// each named by its option.
export const checkSettings = (settings, lessons = builtinLessons()) => checkSettingsOf(settings, lessons, OPTION_OF);

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

// The adapter with the settings' checker and the defaults it falls back on
// (web/scorm/settings.js, defaults.json), as one classic script's text.
export function adapterScript() {
  const { outputFiles } = buildSync({
    entryPoints: [path.join(ROOT, "web/scorm/scorm-adapter.js")],
    bundle: true,
    write: false,
    format: "iife",
    target: "es2020",
    logLevel: "warning",
  });
  return outputFiles[0].text;
}
const bundleAdapter = (outfile) => fs.writeFileSync(outfile, adapterScript());

// What the lesson editor needs to write a package in the browser
// (web/editor/package.js), in dist/scorm/: the adapter, and files.json,
// {pageScript: page.js's line in index.html, files: the page's files and the
// ones fetched when needed}.
export function publishForEditor(dist) {
  fs.mkdirSync(path.join(dist, "scorm"), { recursive: true });
  bundleAdapter(path.join(dist, "scorm", "scorm-adapter.js"));
  const files = {
    pageScript: MARKERS.page.replace("page.js", distNames(dist).page),
    files: [...pageFiles(dist), ...whenNeededFiles(dist)],
  };
  const text = `${JSON.stringify(files)}\n`;
  const out = path.join(dist, "scorm", "files.json");
  if (!fs.existsSync(out) || fs.readFileSync(out, "utf8") !== text) fs.writeFileSync(out, text);
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
  fs.writeFileSync(path.join(folder, "scorm.html"), launchPage(index, marker, title));
  bundleAdapter(path.join(folder, "scorm-adapter.js"));
  fs.writeFileSync(path.join(folder, "scorm-config.js"), configScript(config));
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
  let check = false;
  for (let i = 0; i < args.length; ++i) {
    const [flag, inline] = args[i].includes("=") ? args[i].split(/=(.*)/s) : [args[i], undefined];
    const value = () => (inline !== undefined ? inline : args[++i]);
    if (flag === "--check") check = true;
    else if (flag in OPTIONS) options[OPTIONS[flag]] = value();
    else if (flag === "--dist" || flag === "--out" || flag === "--cmake") options[flag.slice(2)] = value();
    else {
      console.error(`package-scorm: unknown option ${args[i]} (options: ${Object.keys(OPTIONS).join(", ")})`);
      process.exit(2);
    }
    if (options[OPTIONS[flag]] === undefined && flag in OPTIONS) {
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
    publishForEditor(dist);
    const made = buildPackage({ dist, out: target, cmake, ...settings });
    const { lesson, completeWhen, mastery, lock } = made.config;
    console.log(
      `${target}: SCORM 1.2, lesson ${lesson}, ${completeWhen === "challenges" ? `passed at ${mastery}%` : "completed when every step is seen"}, ${lock === "yes" ? "predictions and challenges locked on" : "predictions and challenges can be turned off"}, ${made.files.length} files, ${made.bytes} bytes`,
    );
  } catch (e) {
    console.error(`package-scorm: ${e.message}`);
    process.exit(1);
  }
}
