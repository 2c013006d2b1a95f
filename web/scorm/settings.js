// The SCORM package's settings, checked by one rule wherever they are read:
// by the packager (web/scorm/package.js: ./dev package-scorm and the lesson
// editor's "Package for LMS") before it writes them, and by the adapter
// (scorm-adapter.js, which bundles this module) when a package starts, in
// case scorm-config.js was edited by hand. tests/web/scorm/settings.test.mjs
// feeds both the same settings.
import SCORM from "./defaults.json" with { type: "json" };

export const RULES = SCORM.rules;
export const LOCKS = SCORM.locks;
export const DEFAULTS = {
  lesson: SCORM.lesson,
  completeWhen: SCORM.completeWhen,
  mastery: SCORM.mastery,
  lock: SCORM.lock,
};

// A passing score: a number from 0 to 100, or its digits as a command line
// gives them ("80", "62.5"); NaN otherwise.
function score(value) {
  if (typeof value === "number") return value;
  if (typeof value === "string" && /^\s*\d+(\.\d+)?\s*$/.test(value)) return Number(value);
  return NaN;
}

// The settings checked: {config, problems}. `config` has each setting given,
// or the default where it is missing or wrong; each problem is {setting,
// value, code, text}: its code "missing" (no settings at all), "type" (not a
// text where one is needed), "unknown" (no such lesson, rule or lock), "range" (a
// passing score out of 0 to 100) or "unscored" (scored by challenges, but the
// lesson has none); its text a sentence naming the setting as `names` spells
// it (the packager's command line says --complete-when). `lessons` ({id:
// {title, activities}}), where known, are the lessons there are: the lesson
// must be one, and a lesson scored by its challenges needs predictions or
// challenges. Where they are not known (the adapter, before the app runs),
// the app says whether the lesson is one.
export function readSettings(given, { lessons = null, names = {} } = {}) {
  const config = { ...DEFAULTS };
  const problems = [];
  const name = (setting) => names[setting] || setting;
  const problem = (setting, value, code, why) =>
    problems.push({ setting, value, code, text: `${name(setting)} ${JSON.stringify(value)} ${why}` });
  if (!given || typeof given !== "object") {
    problems.push({
      setting: "",
      value: given,
      code: "missing",
      text: "no settings were given (scorm-config.js missing or damaged)",
    });
    return { config, problems };
  }
  const { lesson, lessonFile, completeWhen, mastery, lock } = given;
  if (lesson !== undefined) {
    if (typeof lesson === "string") config.lesson = lesson;
    else problem("lesson", lesson, "type", "is not a lesson id");
  }
  if (lessons && !Object.hasOwn(lessons, config.lesson)) {
    problem("lesson", config.lesson, "unknown", `is not one of the lessons (${Object.keys(lessons).join(", ")})`);
    config.lesson = DEFAULTS.lesson;
  }
  // A lesson written in the editor, its file inside the package (web/editor/package.js).
  if (lessonFile !== undefined) {
    if (typeof lessonFile === "string") config.lessonFile = lessonFile;
    else problem("lessonFile", lessonFile, "type", "is not a file name");
  }
  if (completeWhen !== undefined) {
    if (RULES.includes(completeWhen)) config.completeWhen = completeWhen;
    else problem("completeWhen", completeWhen, "unknown", `is not one of ${RULES.join(", ")}`);
  }
  if (mastery !== undefined) {
    const m = score(mastery);
    if (Number.isFinite(m) && m >= 0 && m <= 100) config.mastery = m;
    else problem("mastery", mastery, "range", "is not a number from 0 to 100 (a percentage)");
  }
  // yes: the learner cannot turn predictions and challenges off to read the
  // answers before giving them (the page's ?lock=1).
  if (lock !== undefined) {
    if (LOCKS.includes(lock)) config.lock = lock;
    else problem("lock", lock, "unknown", `is not one of ${LOCKS.join(", ")}`);
  }
  const known = lessons && Object.hasOwn(lessons, config.lesson) ? lessons[config.lesson] : null;
  if (config.completeWhen === "challenges" && known && known.activities === 0) {
    problem(
      "completeWhen",
      config.completeWhen,
      "unscored",
      `cannot pass or fail lesson "${config.lesson}", which has no predictions or challenges: use all-steps`,
    );
    config.completeWhen = DEFAULTS.completeWhen;
  }
  return { config, problems };
}
