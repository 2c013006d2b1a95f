// The text view: the current step as HTML text, tables and form controls (for
// screen readers, and instead of the canvas where WebGL2 is missing). Here its
// switch, its step and lesson controls and its labels; the renderer is a file
// of its own (web/textview/), loaded the first time the view opens, so the
// learner's first load carries none of it. index.html names the file
// (<meta name="attention-textview">, content-hashed in dist/); the single
// file carries it inline.
import { app } from "./app.js";
import { $, loadScript } from "./dom.js";
import { call, json, module } from "./program.js";
import { WORDS, say } from "./words.js";

const meta = typeof document !== "undefined" ? document.querySelector('meta[name="attention-textview"]') : null;

export let noGl = false; // no WebGL2: the text view instead of the canvas

// Draws the view as the app has it now, once its renderer is here; resolves
// when drawn. A renderer that cannot be loaded (offline before the service
// worker kept it) says so in the view.
export function renderTextView() {
  if (!module || $("text-view").hidden) return Promise.resolve();
  return loadScript(meta ? meta.content : null, "attentionTextView").then(
    (renderer) => renderer.render({ call, json }),
    (error) => {
      $("text-view-error").textContent = error.message;
      $("text-view-error").hidden = false;
    },
  );
}

let renderTimer = null;
// Drawn again a moment after a change (throttled: a drag changes values every frame).
export function scheduleTextView() {
  if (renderTimer !== null || $("text-view").hidden) return;
  renderTimer = setTimeout(() => {
    renderTimer = null;
    renderTextView();
  }, 250);
}

// The names index.html gives in English, in the app's language (at start
// and after a change of language).
export let labelledIn = "en";
export function relabel(language) {
  labelledIn = language;
  const labels = json("attn_text_view").labels;
  $("canvas").setAttribute("aria-label", labels.canvas);
  if ($("text-view").hidden) $("text-view-toggle").textContent = labels.textView;
}

export function setTextView(show) {
  const textView = $("text-view");
  const toggle = $("text-view-toggle");
  textView.hidden = !show;
  toggle.setAttribute("aria-expanded", String(show));
  // The app's words once it runs (renderTextView, relabel), English before.
  if (!show) toggle.textContent = module ? json("attn_text_view").labels.textView : "Text view";
  if (!show) return Promise.resolve();
  textView.focus({ preventScroll: true });
  return renderTextView();
}

// The toggle and the view's own step and lesson controls.
export function installTextView() {
  $("text-view-toggle").addEventListener("click", () => setTextView($("text-view").hidden));
  $("text-view-previous").addEventListener("click", () => {
    app.setStep(app.state().step - 1);
    renderTextView();
  });
  $("text-view-next").addEventListener("click", () => {
    app.setStep(app.state().step + 1);
    renderTextView();
  });
  $("text-view-lesson").addEventListener("change", (e) => {
    app.setLesson(e.target.value).then(renderTextView, (error) => console.warn(error.message));
  });
}

// Without WebGL2, the lesson as text instead of a blank canvas. No context is
// made here to find out (a second one costs a cold start hundreds of ms under
// software GL, docs/performance.md): the module tries and says "nogl".
export function withoutGl() {
  noGl = true;
  $("canvas").hidden = true;
  $("text-view-toggle").hidden = true;
  const notice = $("text-view-notice");
  say(notice, WORDS.noGl);
  notice.hidden = false;
}
