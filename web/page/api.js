// window.attention: the page's API for tests, host pages and instructors
// (docs/embedding.md). Errors it throws or rejects with are in English: their
// reader is the host page's developer.
import { aBoolean, aNumber, aString, aWholeNumber, oneOf, options, textOrBytes } from "./arguments.js";
import { listeners, ready } from "./events.js";
import { offeredLanguages, provideLesson } from "./files.js";
import { chooseLanguage, findLanguage } from "./languages.js";
import { linkFor } from "./links.js";
import { closeEditor, lessonFile, openEditor } from "./editing.js";
import { call, checked, json, module } from "./program.js";
import { figureWaiters, firstFrameMs } from "./program-events.js";
import { noGl, setTextView } from "./textview.js";

const THEMES = ["light", "dark"];

// The methods in the order "unknown method" lists them to a host (protocol.js).
export const api = {
  ready,
  get firstFrameMs() {
    return firstFrameMs;
  },
  // A built-in lesson opened for the first time is fetched (the step bar
  // says so meanwhile): the promise settles once it is shown, or with why not.
  async setLesson(id) {
    aString(id, "id");
    checked(call("attn_set_lesson", "string", ["string"], [id]));
    if (api.state().lesson === id) return;
    const why = await provideLesson(id);
    if (why) throw new Error(`The lesson "${id}" could not be loaded (${why})`);
  },
  setStep(step) {
    aWholeNumber(step, "step");
    checked(call("attn_set_step", "string", ["number"], [step]));
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
  getState: () => json("attn_state"),
  setTheme(theme) {
    oneOf(theme, "theme", THEMES);
    document.documentElement.classList.toggle("dark", theme === "dark");
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
  // The lesson editor (docs/editor.md): a draft judged by the app's loader,
  // {ok: true} or {ok: false, path (a JSON pointer), reason, message} in the
  // learner's language; a draft shown in place of the lesson, on the same
  // step; the lesson being edited (else the one shown) as its file; the editor
  // opened (a promise) or closed.
  checkLesson(content) {
    const bytes = textOrBytes(content, "content");
    return JSON.parse(call("attn_check_lesson", "string", ["bytes", "number"], [bytes, bytes.length]));
  },
  previewLesson(content) {
    const bytes = textOrBytes(content, "content");
    checked(call("attn_preview_lesson", "string", ["bytes", "number"], [bytes, bytes.length]));
  },
  lessonFile: () => lessonFile(),
  edit: (on = true) => (aBoolean(on, "on") ? openEditor(api) : Promise.resolve(closeEditor())),
  // Steps seen, predictions answered and right, challenges solved (docs/embedding.md).
  progress: () => json("attn_progress"),
  // The notebook's numbers, no answers, no progress: the lesson from the start.
  startOver: () => call("attn_start_over", null, [], []),
  showTextView: (on = true) => setTextView(aBoolean(on, "on")),
  // A PNG of the step (or one matrix) for slides: {name, png (bytes), width, height, scale}.
  figure(given) {
    let scale, theme, matrix;
    try {
      const o = options(given, "the options");
      scale = o.scale === undefined ? 2 : aNumber(o.scale, "scale");
      matrix = o.matrix === undefined ? "" : aString(o.matrix, "matrix");
      theme = o.theme === undefined ? api.state().theme : oneOf(o.theme, "theme", THEMES);
    } catch (e) {
      return Promise.reject(e);
    }
    if (noGl) return Promise.reject(new Error("figures need WebGL2, which this browser does not offer"));
    const asked = JSON.parse(
      call(
        "attn_save_figure",
        "string",
        ["number", "number", "string", "number"],
        [scale, theme === "dark" ? 1 : 0, matrix, 0],
      ),
    );
    if (asked.error) return Promise.reject(new Error(asked.error));
    return new Promise((resolve, reject) => figureWaiters.set(asked.id, { resolve, reject }));
  },
  framesDrawn: () => (module ? module._attn_frames_drawn() : 0),
  on(event, callback) {
    if (!listeners[event])
      throw new Error(`no event ${JSON.stringify(String(event))}: use ${Object.keys(listeners).join(", ")}`);
    if (typeof callback !== "function") throw new TypeError("callback must be a function");
    listeners[event].push(callback);
  },
  // For tests: where labelled widgets were drawn (CSS pixels in the canvas).
  testing: {
    enableItems: () => module._attn_enable_items(1),
    wake: () => module._attn_wake(), // draw a frame even without input
    loop() {
      const bits = module._attn_loop_state();
      return {
        stopped: !!(bits & 1),
        hidden: !!(bits & 2),
        offscreen: !!(bits & 4),
        contextLost: !!(bits & 8),
        settled: !!(bits & 16), // the last frame's layout is the one a press meets next
      };
    },
    items: () => json("attn_items"),
    // The page's choice of language (its cases: tests/core/language-choice.json).
    findLanguage,
    chooseLanguage,
    offeredLanguages: () => offeredLanguages,
    wantKeyboard: () => module._attn_want_keyboard() === 1,
    heapBytes: () => module._attn_heap_bytes(), // the WebAssembly memory's size
    // The current lesson's characters the canvas cannot draw now, and the font
    // pack being fetched: {loading, missing: [{character, codepoint, where}]}.
    glyphs: () => json("attn_glyphs"),
    // The last frames: {frame, revisionStart, revisionEnd, cpuMs, renderMs}: the C++
    // work of each (recompute + UI build), then its drawing (heatmaps and ImGui's
    // draw lists, GL calls included; ./dev bench, docs/performance.md).
    frameCosts: () =>
      json("attn_frame_costs").map(([frame, revisionStart, revisionEnd, cpuMs, renderMs]) => ({
        frame,
        revisionStart,
        revisionEnd,
        cpuMs,
        renderMs,
      })),
    lastFrameCpuMs() {
      const c = api.testing.frameCosts();
      return c.length ? c[c.length - 1].cpuMs : null;
    },
  },
};
