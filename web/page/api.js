// window.attention: the page's API for tests, host pages and instructors
// (docs/embedding.md). Errors it throws or rejects with are in English: their
// reader is the host page's developer.
import { listeners, ready } from "./events.js";
import { provideLesson } from "./files.js";
import { findLanguage, chooseLanguage } from "./languages.js";
import { linkFor } from "./links.js";
import { deferredLoad } from "./loader.js";
import { call, checked, json, module } from "./program.js";
import { figureWaiters, firstFrameMs } from "./program-events.js";
import { noGl, setTextView } from "./textview.js";

const utf8 = new TextEncoder();
// A lesson as text, or as a file's bytes (ArrayBuffer or typed array): bytes go
// to the loader unchanged, so a Latin-1 file gets the loader's encoding message.
function addLesson(content, source) {
  const bytes =
    typeof content === "string"
      ? utf8.encode(content)
      : ArrayBuffer.isView(content)
        ? new Uint8Array(content.buffer, content.byteOffset, content.byteLength)
        : new Uint8Array(content);
  return call(
    "attn_add_lesson",
    "string",
    ["bytes", "number", "string"],
    [bytes, bytes.length, String(source || "lesson.json")],
  );
}
const isDark = () => document.documentElement.classList.contains("dark");

export const api = {
  ready,
  get firstFrameMs() {
    return firstFrameMs;
  },
  framesDrawn: () => (module ? module._attn_frames_drawn() : 0),
  lessons: () => json("attn_lessons"),
  state: () => json("attn_state"),
  getState: () => json("attn_state"),
  trace: () => json("attn_trace"),
  numpy: () => call("attn_numpy", "string", [], []),
  // A built-in lesson opened for the first time is fetched (the step bar
  // says so meanwhile): the promise settles once it is shown, or with why not.
  async setLesson(id) {
    id = String(id);
    checked(call("attn_set_lesson", "string", ["string"], [id]));
    if (api.state().lesson === id) return;
    const why = await provideLesson(id);
    if (why) throw new Error(`The lesson "${id}" could not be loaded (${why})`);
  },
  loadLesson: (content, source) =>
    checked(addLesson(content && typeof content === "object" ? content : String(content), source)),
  setStep(n) {
    if (!Number.isInteger(n)) throw new Error(`no step ${n} in this lesson`);
    checked(call("attn_set_step", "string", ["number"], [n]));
  },
  setValue: (name, row, col, value) =>
    checked(
      call(
        "attn_set_value",
        "string",
        ["string", "number", "number", "number"],
        [String(name), row | 0, col | 0, Number(value)],
      ),
    ),
  reset: () => call("attn_reset", null, [], []),
  // "en", "es", "zh-Hans" or "ko": the interface switches once its catalog
  // is here (state().language says which is in use).
  setLanguage: (code) => checked(call("attn_set_language", "string", ["string"], [String(code)])),
  setTheme(theme) {
    if (theme !== "light" && theme !== "dark")
      throw new Error(`theme must be "light" or "dark", not ${JSON.stringify(String(theme))}`);
    document.documentElement.classList.toggle("dark", theme === "dark");
    call("attn_set_theme", null, ["number"], [theme === "dark" ? 1 : 0]);
  },
  link: () => linkFor(json("attn_link"), window.location.href),
  // Steps seen, predictions answered and right, challenges solved (docs/embedding.md).
  progress: () => json("attn_progress"),
  // The notebook's numbers, no answers, no progress: the lesson from the start.
  startOver: () => call("attn_start_over", null, [], []),
  on(event, callback) {
    if (!listeners[event])
      throw new Error(`no event ${JSON.stringify(String(event))}: use ${Object.keys(listeners).join(", ")}`);
    listeners[event].push(callback);
  },
  showTextView: (show) => setTextView(show !== false),
  // A PNG of the step (or one matrix) for slides: {name, png (bytes), width, height, scale}.
  figure({ scale = 2, theme = isDark() ? "dark" : "light", matrix = "" } = {}) {
    if (theme !== "light" && theme !== "dark")
      return Promise.reject(new Error(`theme must be "light" or "dark", not ${JSON.stringify(String(theme))}`));
    if (noGl) return Promise.reject(new Error("figures need WebGL2, which this browser does not offer"));
    const error = call(
      "attn_save_figure",
      "string",
      ["number", "number", "string", "number"],
      [Number(scale), theme === "dark" ? 1 : 0, String(matrix), 0],
    );
    if (error) return Promise.reject(new Error(error));
    return new Promise((resolve, reject) => figureWaiters.push({ resolve, reject }));
  },
  // For tests: where labelled widgets were drawn (CSS pixels in the canvas).
  testing: {
    enableItems: () => module._attn_enable_items(1),
    wake: () => module._attn_wake(), // draw a frame even without input
    loop() {
      const bits = module._attn_loop_state();
      return { stopped: !!(bits & 1), hidden: !!(bits & 2), offscreen: !!(bits & 4), contextLost: !!(bits & 8) };
    },
    items: () => json("attn_items"),
    // The page's choice of language (its cases: tests/core/language-choice.json).
    findLanguage,
    chooseLanguage,
    wantKeyboard: () => module._attn_want_keyboard() === 1,
    heapBytes: () => module._attn_heap_bytes(), // the WebAssembly memory's size
    // The program's second part: null until loaded, then {how, ms}: "with the
    // first part" (the single file, the worker's cache), "after the first
    // frame" (a first visit), or "on a call" (a call into it came first).
    deferred: () => deferredLoad,
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
