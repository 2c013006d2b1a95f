// The SCORM package's settings have one checker (web/scorm/settings.js): the
// packager (web/scorm/package.js, for ./dev package-scorm and the editor) and
// the adapter in the package (scorm-adapter.js, as the build bundles it, run
// here with no LMS and no page) give the same settings the same verdict.
import assert from "node:assert/strict";
import { test } from "node:test";
import vm from "node:vm";
import { adapterScript, builtinLessons, checkSettings as checkOptions } from "../../../scripts/scorm_package.mjs";
import { DEFAULTS, checkSettings } from "../../../web/scorm/package.js";

const LESSONS = builtinLessons();
const ADAPTER = adapterScript();
// Plain data, whichever realm made it.
const plain = (value) => JSON.parse(JSON.stringify(value));

// The adapter as a launch page runs it, with `config` as scorm-config.js
// sets it: what it decided ({config, problems}, window.attentionScorm).
function adapterVerdict(config) {
  const page = {
    console: { info() {}, warn() {} },
    URL,
    URLSearchParams,
    location: { href: "https://lms.example/course/scorm.html" },
    history: { state: null, replaceState() {} },
    document: { readyState: "loading", body: null, addEventListener() {} },
    addEventListener() {},
    attentionScormConfig: config,
  };
  page.window = page;
  page.parent = page; // the top window, with no LMS's API
  vm.runInNewContext(ADAPTER, page);
  return plain({ config: page.attentionScorm.config, problems: page.attentionScorm.problems });
}
// The packager's verdict on the same settings: its config, or its problems.
function packagerVerdict(settings) {
  const checked = checkSettings(settings, LESSONS);
  return plain({ config: checked.error ? null : checked.config, problems: checked.problems.map((p) => p.text) });
}

const CASES = [
  {},
  { lesson: "the-cat-sat", completeWhen: "all-steps", mastery: 80 },
  { lesson: "she-likes-coffee", completeWhen: "challenges", mastery: 60 },
  { mastery: "62.5" }, // as a command line gives it
  { mastery: 0 },
  { mastery: 100 },
  { mastery: 180 },
  { mastery: -1 },
  { mastery: "80%" },
  { mastery: Number.NaN },
  { mastery: null },
  { mastery: true },
  { completeWhen: "sometimes" },
  { completeWhen: 3 },
  { lesson: 42 },
  { lessonFile: "lessons/mine.json", lesson: "the-cat-sat" },
  { lessonFile: 7 },
  { lesson: "the-cat-sat", completeWhen: "sometimes", mastery: 180 },
  { lock: "no" },
  { lock: "yes" },
  { lock: true }, // the settings file spells it yes or no
  { lock: "maybe" },
  null,
  "the-cat-sat",
];

test("the packager and the adapter give the same settings the same verdict", () => {
  for (const settings of CASES) {
    const packager = packagerVerdict(settings);
    const adapter = adapterVerdict(settings);
    const what = JSON.stringify(settings) ?? String(settings);
    assert.deepEqual(adapter.problems, packager.problems, what);
    if (packager.config) assert.deepEqual(adapter.config, packager.config, what);
    else assert.ok(adapter.problems.length > 0, what);
  }
  // Wrong settings give way to the defaults, each named with what was wrong.
  const wrong = adapterVerdict({ lesson: "the-cat-sat", completeWhen: "sometimes", mastery: 180 });
  assert.deepEqual(wrong.config, { ...DEFAULTS, lesson: "the-cat-sat" });
  assert.deepEqual(wrong.problems, [
    'completeWhen "sometimes" is not one of all-steps, challenges',
    "mastery 180 is not a number from 0 to 100 (a percentage)",
  ]);
});

test("what only the lessons can say, the packager says; in a package, the app says it", () => {
  const noLesson = { lesson: "no-such-lesson" };
  assert.match(packagerVerdict(noLesson).problems[0], /^lesson "no-such-lesson" is not one of the lessons/);
  assert.deepEqual(adapterVerdict(noLesson).problems, []);
  const withNothingToScore = { [DEFAULTS.lesson]: { title: "T", activities: 0 } };
  const unscored = checkSettings({ completeWhen: "challenges" }, withNothingToScore);
  assert.deepEqual(
    unscored.problems.map((p) => p.code),
    ["unscored"],
  );
  assert.deepEqual(adapterVerdict({ completeWhen: "challenges" }).problems, []);
});

test("the command line names each setting by its option", () => {
  assert.equal(
    checkOptions({ completeWhen: "sometimes" }).error,
    '--complete-when "sometimes" is not one of all-steps, challenges',
  );
  assert.equal(checkOptions({ mastery: "x" }).error, '--mastery "x" is not a number from 0 to 100 (a percentage)');
  assert.deepEqual(checkOptions({ lesson: "she-likes-coffee", mastery: "60" }).config, {
    lesson: "she-likes-coffee",
    completeWhen: DEFAULTS.completeWhen,
    mastery: 60,
    lock: "yes",
  });
  assert.equal(checkOptions({ lock: "off" }).error, '--lock "off" is not one of yes, no');
});

test("a package keeps predictions and challenges on unless told not to", () => {
  assert.equal(DEFAULTS.lock, "yes");
  assert.equal(adapterVerdict({}).config.lock, "yes");
  assert.equal(adapterVerdict({ lock: "no" }).config.lock, "no");
  assert.deepEqual(adapterVerdict({ lock: true }).problems, ["lock true is not one of yes, no"]);
});
