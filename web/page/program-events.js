// What the running program tells the page (Module.attentionEvent): its first
// frame, changes of state, files it needs, copies, links, the editor asked
// for and figures that failed; and the moment the page becomes ready.
import { app } from "./app.js";
import { $ } from "./dom.js";
import { becomeReady, emit, firstFrameDrawn, isReady, toParent } from "./events.js";
import { openEditor } from "./editing.js";
import { figureFailed } from "./figures.js";
import { provideAsset } from "./files.js";
import { copyLink, linkFor } from "./links.js";
import { loadSecondPart } from "./loader.js";
import { linkManifest, registerServiceWorker } from "./offline.js";
import { call, module } from "./program.js";
import { scheduleSave } from "./saved-work.js";
import { showTheme } from "./theme.js";
import { labelledIn, noGl, relabel, scheduleTextView, setTextView, withoutGl } from "./textview.js";

export function onEvent(name, payload) {
  const data = payload ? JSON.parse(payload) : {};
  if (name === "firstframe" || name === "nogl") {
    if (name === "firstframe") firstFrameDrawn();
    else withoutGl();
    started();
  } else if (name === "statechange") {
    follow(data);
    scheduleTextView();
    scheduleSave();
    if (isReady) announce(data); // before ready, the state at ready says it (started)
  } else if (name === "copy") {
    emit("copy", data);
  } else if (name === "copylink") {
    copyLink(linkFor(data, window.location.href));
  } else if (name === "needasset") {
    provideAsset(data);
  } else if (name === "showtextview") {
    setTextView(true);
  } else if (name === "editlesson") {
    openEditor(app).catch((e) => console.warn(e.message));
  } else if (name === "figurefailed") {
    figureFailed(data);
  } else if (name === "contextrestored") {
    emit("statechange", app.state());
  }
}

// The page follows the state the app reports: its colours (the app owns the
// theme, which the canvas's own button changes too), the language it is read in.
function follow(state) {
  showTheme(state.theme);
  if (state.language !== labelledIn) relabel(state.language);
  document.documentElement.lang = state.language; // the text view is read in it
}

// Those who listen hear the state, and the progress if it changed.
function announce(state) {
  emit("statechange", state);
  toParent({ type: "attention:statechange", state });
  announceProgress();
}

// The app has started (and drawn, or without WebGL2, run): once the
// program's second part is in too (loader.js), it is ready. Then those who
// listen hear the state once (a host showing it has it from the start) and
// the progress, never before ready.
function started() {
  $("loading").hidden = true;
  $("canvas").removeAttribute("aria-describedby");
  loadSecondPart().then(becameReady);
}
function becameReady() {
  try {
    if (noGl) setTextView(true);
  } catch (error) {
    console.warn(`Attention Lab: the text view: ${error.message}`);
  }
  const state = app.state();
  follow(state);
  becomeReady();
  toParent({ type: "attention:ready", state });
  announce(state);
  registerServiceWorker();
  linkManifest();
}

// attention:progress (and on("progress")) when the counts change, from ready on.
let lastProgress = "";
function announceProgress() {
  if (!module || !isReady) return;
  const now = call("attn_progress", "string", [], []);
  if (now === lastProgress) return;
  lastProgress = now;
  const progress = JSON.parse(now);
  emit("progress", progress);
  toParent({ type: "attention:progress", progress });
}
