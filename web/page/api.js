// window.attention: the page's API for tests, host pages and instructors
// (docs/embedding.md): the app's calls (app.js), the text view, the editor and
// figures, in the order "unknown method" lists them to a host (protocol.js).
// Every method returns a promise: of its answer, or rejected with why not (a
// wrong argument, a refusal), never thrown at the caller, in the page as over
// postMessage. The errors are in English: their reader is the host page's
// developer.
import { aBoolean } from "./arguments.js";
import { app } from "./app.js";
import { firstFrameMs, listeners, ready } from "./events.js";
import { offeredLanguages } from "./files.js";
import { figure } from "./figures.js";
import { chooseLanguage, findLanguage } from "./languages.js";
import { closeEditor, lessonFile, openEditor } from "./editing.js";
import { json, module, secondPart } from "./program.js";
import { setTextView } from "./textview.js";

const whenReady = ready.then(() => api);
whenReady.catch(() => {}); // failures are shown on the page

// The call made at once (its effect is there when it returns, as a host's next
// call expects), its answer or failure as a promise.
const promising =
  (method) =>
  (...args) => {
    try {
      return Promise.resolve(method(...args));
    } catch (e) {
      return Promise.reject(e);
    }
  };
const methods = {
  setLesson: app.setLesson,
  setStep: app.setStep,
  setValue: app.setValue,
  trainStep: app.trainStep,
  reset: app.reset,
  state: app.state,
  getState: app.state,
  setTheme: app.setTheme,
  setLanguage: app.setLanguage,
  lessons: app.lessons,
  trace: app.trace,
  link: app.link,
  numpy: app.numpy,
  loadLesson: app.loadLesson,
  // The lesson editor (docs/editor.md): a draft checked and shown, a file's
  // translatable texts (app.js); the lesson being edited (else the one shown)
  // as its file; the editor opened (a promise) or closed.
  checkLesson: app.checkLesson,
  previewLesson: app.previewLesson,
  translatableTexts: app.translatableTexts,
  lessonFile,
  edit: (on = true) => (aBoolean(on, "on") ? openEditor(app) : closeEditor()),
  progress: app.progress,
  startOver: app.startOver,
  showTextView: (on = true) => setTextView(aBoolean(on, "on")),
  // A PNG of the step (or one matrix) for slides: {name, png (bytes), width, height, scale}.
  figure,
  framesDrawn: app.framesDrawn,
};

export const api = {
  ready: whenReady,
  get firstFrameMs() {
    return firstFrameMs;
  },
  ...Object.fromEntries(Object.entries(methods).map(([name, method]) => [name, promising(method)])),
  on(event, callback) {
    if (!listeners[event])
      throw new Error(`no event ${JSON.stringify(String(event))}: use ${Object.keys(listeners).join(", ")}`);
    if (typeof callback !== "function") throw new TypeError("callback must be a function");
    listeners[event].push(callback);
  },
  // For tests: where labelled widgets were drawn (CSS pixels in the canvas).
  testing: {
    enableItems: (on = true) => module._attn_enable_items(on ? 1 : 0),
    wake: () => module._attn_wake(), // draw a frame even without input
    frames: () => module._attn_frames_drawn(), // framesDrawn() at once, not as a promise
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
    secondPart: () => secondPart, // how the program's second part came (program.js), null until it did
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
