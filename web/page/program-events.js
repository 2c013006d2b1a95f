// What the running program tells the page (Module.attentionEvent): its first
// frame, changes of state, files it needs, copies, links, the editor asked
// for and figures that failed; and the moment the page becomes ready.
import { app } from "./app.js";
import { $ } from "./dom.js";
import { becomeReady, emit, firstFrameDrawn, toParent } from "./events.js";
import { openEditor } from "./editing.js";
import { figureFailed } from "./figures.js";
import { fetchAsset, provideAsset } from "./files.js";
import { copyLink, linkFor } from "./links.js";
import { linkManifest, registerServiceWorker } from "./offline.js";
import { call, module } from "./program.js";
import { scheduleSave } from "./saved-work.js";
import { labelledIn, noGl, relabel, scheduleTextView, setTextView, withoutGl } from "./textview.js";

export function onEvent(name, payload) {
  const data = payload ? JSON.parse(payload) : {};
  if (name === "firstframe" || name === "nogl") {
    if (name === "firstframe") firstFrameDrawn();
    else withoutGl();
    started();
  } else if (name === "statechange") {
    // The canvas's own theme button changes the theme too: the page follows.
    document.documentElement.classList.toggle("dark", data.theme === "dark");
    if (data.language !== labelledIn) relabel(data.language);
    document.documentElement.lang = data.language; // the text view is read in it
    scheduleTextView();
    scheduleSave();
    emit("statechange", data);
    toParent({ type: "attention:statechange", state: data });
    announceProgress();
  } else if (name === "copy") {
    emit("copy", data);
  } else if (name === "copylink") {
    copyLink(linkFor(data, window.location.href));
  } else if (name === "needasset") {
    provideAsset(data.kind, data.name, fetchAsset(data));
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

// The app has started (and drawn, or without WebGL2, run): it is ready.
function started() {
  $("loading").hidden = true;
  $("canvas").removeAttribute("aria-describedby");
  try {
    if (noGl) setTextView(true);
  } catch (error) {
    console.warn(`Attention Lab: the text view: ${error.message}`);
  }
  becomeReady();
  toParent({ type: "attention:ready", state: app.state() });
  registerServiceWorker();
  linkManifest();
}

// attention:progress (and on("progress")) when the counts change.
let lastProgress = "";
export function announceProgress() {
  if (!module) return;
  const now = call("attn_progress", "string", [], []);
  if (now === lastProgress) return;
  lastProgress = now;
  const progress = JSON.parse(now);
  emit("progress", progress);
  toParent({ type: "attention:progress", progress });
}
