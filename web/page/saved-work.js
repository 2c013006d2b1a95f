// The learner's work, kept in local storage across reloads: each lesson's
// work (its numbers, step, answers and progress; the app's text,
// core/learning/progress.h) under its own key, per page origin, and the lesson open
// last. The app judges what it is given: anything unreadable becomes a
// notice, and the next save replaces it. Storage may be off or full (private
// windows, sandboxed iframes): then work lasts as long as the page.
import { json, module } from "./program.js";

export const STORE = "attention-lab:v1:";
const WORK = STORE + "work:";

// window.localStorage, or null where storage is blocked (reading it may throw).
export function storage() {
  try {
    return window.localStorage;
  } catch (e) {
    return null;
  }
}

// What a storage holds: {lessons: {id: text}, last, language}, the inputs of attn_start.
export function readSavedWork(s) {
  const saved = { lessons: {} };
  if (!s) return saved;
  try {
    for (let i = 0; i < s.length; ++i) {
      const key = s.key(i);
      if (key && key.startsWith(WORK)) saved.lessons[key.slice(WORK.length)] = s.getItem(key);
    }
    saved.last = s.getItem(STORE + "last") || "";
    saved.language = s.getItem(STORE + "language") || "";
  } catch (e) {
    console.info(`Attention Lab could not read saved work: ${e.message}`);
  }
  return saved;
}

// Keeps what the app says to keep ({lesson, work, language}; work null: none).
export function writeSavedWork(s, { lesson, work, language }) {
  if (work === null) s.removeItem(WORK + lesson);
  else s.setItem(WORK + lesson, work);
  s.setItem(STORE + "last", lesson);
  s.setItem(STORE + "language", language);
}

export function saveWork() {
  const s = storage();
  if (!s || !module) return;
  try {
    const work = json("attn_saved_work");
    if (work) writeSavedWork(s, work); // null: the editor's draft, which keeps none
  } catch (e) {
    console.info(`Attention Lab could not save the learner's work: ${e.message}`);
  }
}

let saveTimer = null;
export function scheduleSave() {
  // a drag changes numbers every frame: save a moment after the last change
  clearTimeout(saveTimer);
  saveTimer = setTimeout(saveWork, 300);
}

// Saved when the page goes away or out of sight, too.
export function keepWorkOnLeaving() {
  window.addEventListener("pagehide", saveWork);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") saveWork();
  });
}
