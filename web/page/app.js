// The page's own calls into the running app: window.attention's methods as
// plain calls, for the page's modules (the text view, the program's events,
// the lesson editor). Each checks its arguments (arguments.js) and throws
// when the app refuses (its one-line reason, in English: its reader is a
// developer). api.js offers the same calls to host pages, each as a promise.
import { aNumber, aString, aWholeNumber, oneOf, textOrBytes } from "./arguments.js";
import { provideLesson } from "./files.js";
import { linkFor } from "./links.js";
import { call, checked, json, module } from "./program.js";

export const THEMES = ["light", "dark"];

export const app = {
  // A built-in lesson opened for the first time is fetched (the step bar
  // says so meanwhile): the promise settles once it is shown, or with why not.
  async setLesson(id) {
    aString(id, "id");
    checked(call("attn_set_lesson", "string", ["string"], [id]));
    if (app.state().lesson === id) return;
    const why = await provideLesson(id);
    if (why) throw new Error(`The lesson "${id}" could not be loaded (${why})`);
  },
  setStep(step) {
    aWholeNumber(step, "step");
    checked(call("attn_set_step", "string", ["number"], [step]));
  },
  trainStep() {
    checked(call("attn_train_step", "string", [], []));
  },
  setValue(name, row, col, value) {
    aString(name, "name");
    aWholeNumber(row, "row");
    aWholeNumber(col, "col");
    aNumber(value, "value"); // NaN and ±Infinity too: the app says why not
    checked(call("attn_set_value", "string", ["string", "number", "number", "number"], [name, row, col, value]));
  },
  reset: () => call("attn_reset", null, [], []),
  state: () => json("attn_state"),
  // The app owns the theme: the page's colours follow the state it reports (program-events.js).
  setTheme(theme) {
    oneOf(theme, "theme", THEMES);
    call("attn_set_theme", null, ["number"], [theme === "dark" ? 1 : 0]);
  },
  // A code of po/languages.json ("en", "es", "zh-Hans", "ko") this page
  // offers: the interface switches once its catalog is here (state().language
  // says which is in use). The single file offers English alone.
  setLanguage(code) {
    checked(call("attn_set_language", "string", ["string"], [aString(code, "code")]));
  },
  lessons: () => json("attn_lessons"),
  trace: () => json("attn_trace"),
  link: () => linkFor(json("attn_link"), window.location.href),
  numpy: () => call("attn_numpy", "string", [], []),
  // A lesson as text, or as a file's bytes (ArrayBuffer or typed array): bytes go
  // to the loader unchanged, so a Latin-1 file gets the loader's encoding message.
  loadLesson(content, name = "lesson.json") {
    const bytes = textOrBytes(content, "content");
    aString(name, "name");
    checked(call("attn_add_lesson", "string", ["bytes", "number", "string"], [bytes, bytes.length, name]));
  },
  // The lesson editor's (docs/editor.md): a draft judged by the app's loader,
  // {ok: true} or {ok: false, path (a JSON pointer), reason, message} in the
  // learner's language; a draft shown in place of the lesson, on the same step.
  checkLesson(content) {
    const bytes = textOrBytes(content, "content");
    return JSON.parse(call("attn_check_lesson", "string", ["bytes", "number"], [bytes, bytes.length]));
  },
  previewLesson(content) {
    const bytes = textOrBytes(content, "content");
    checked(call("attn_preview_lesson", "string", ["bytes", "number"], [bytes, bytes.length]));
  },
  // The numbers a draft's random draws make, by input name (the editor types
  // them in): {name: [[row], ...]}; throws the loader's error.
  drawnInputs(content) {
    const bytes = textOrBytes(content, "content");
    const r = JSON.parse(call("attn_drawn_inputs", "string", ["bytes", "number"], [bytes, bytes.length]));
    if (r.error) throw new Error(r.error);
    return r.inputs;
  },
  // The texts of a lesson file a translation may replace, as the app knows
  // them: [{path (a JSON pointer), text}].
  translatableTexts(content) {
    const bytes = textOrBytes(content, "content");
    const r = JSON.parse(call("attn_translatable_texts", "string", ["bytes", "number"], [bytes, bytes.length]));
    if (r.error) throw new Error(r.error);
    return r.texts;
  },
  // Steps seen, predictions answered and right, challenges solved (docs/embedding.md).
  progress: () => json("attn_progress"),
  // The notebook's numbers, no answers, no progress: the lesson from the start.
  startOver: () => call("attn_start_over", null, [], []),
  framesDrawn: () => (module ? module._attn_frames_drawn() : 0),
};
