// What the running program tells the page (Module.attentionEvent and
// attentionFigure): its first frame, changes of state, files it needs, copies,
// links and figures; and the moment the page becomes ready.
import { api } from "./api.js";
import { $ } from "./dom.js";
import { becomeReady, emit, toParent } from "./events.js";
import { openEditor } from "./editing.js";
import { fetchAsset, provideAsset } from "./files.js";
import { copyLink, linkFor } from "./links.js";
import { linkManifest, registerServiceWorker } from "./offline.js";
import { call, module } from "./program.js";
import { scheduleSave } from "./saved-work.js";
import { labelledIn, noGl, relabel, scheduleTextView, setTextView, withoutGl } from "./textview.js";

export let firstFrameMs = null;

export function onEvent(name, payload) {
  const data = payload ? JSON.parse(payload) : {};
  if (name === "firstframe" || name === "nogl") {
    if (name === "firstframe") firstFrameMs = performance.now();
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
    openEditor(api).catch((e) => console.warn(e.message));
  } else if (name === "figurefailed") {
    settleFigure(data.id, (waiter) => waiter.reject(new Error(data.error)));
  } else if (name === "contextrestored") {
    emit("statechange", api.state());
  }
}

// A figure: the learner's ("Save figure") is saved as a file; the API's
// settles the figure() promise of its id (src/app/app.h, FigureJob).
export const figureWaiters = new Map(); // id -> {resolve, reject}
function settleFigure(id, settle) {
  const waiter = figureWaiters.get(id);
  if (!waiter) return;
  figureWaiters.delete(id);
  settle(waiter);
}
export function onFigure(figure) {
  if (figure.download) {
    const link = document.createElement("a");
    link.href = URL.createObjectURL(new Blob([figure.png], { type: "image/png" }));
    link.download = figure.name;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 60000);
  } else {
    const { download, id, ...rest } = figure;
    settleFigure(id, (waiter) => waiter.resolve(rest));
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
  becomeReady(api);
  toParent({ type: "attention:ready", state: api.state() });
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
