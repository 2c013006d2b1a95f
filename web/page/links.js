// Links that reopen exactly what the learner sees: the URL's parameters read
// as the app needs them, and a link made from what the app says it needs
// ({"lesson" or "lesson-url", "step", "state", ...}). The state travels as
// base64url so the link stays one unbroken word.
import { fromBase64Url, toBase64Url } from "./base64url.js";
import { emit } from "./events.js";

// Every parameter of a URL's query, in order, as [key, value]; a link's state
// arrives as base64url (the app reads the JSON inside, and says so if it cannot).
export function readParameters(search) {
  return [...new URLSearchParams(search)].map(([key, value]) => {
    if (key !== "state") return [key, value];
    try {
      return [key, fromBase64Url(value)];
    } catch (e) {
      return [key, value];
    }
  });
}
// The first value of `key` among the parameters, or null.
export function first(parameters, key) {
  const p = parameters.find(([k]) => k === key);
  return p ? p[1] : null;
}

// The lesson the page's address carried (#lesson=...), kept for links to it
// (lesson-link.js): the address itself changes with "Copy link".
let lessonHash = "";
export function keepLessonHash(hash) {
  lessonHash = hash;
}

// The page's address (`href`) with the parts of a link as its parameters; a
// lesson the page's address carried ("lesson-in-link") stays in its fragment,
// and leaves it in a link to another lesson.
export function linkFor(parts, href) {
  const url = new URL(href);
  url.search = "";
  if ("lesson-in-link" in parts) url.hash = lessonHash;
  else if (lessonHash && url.hash === lessonHash) url.hash = "";
  for (const [key, value] of Object.entries(parts))
    if (key !== "lesson-in-link") url.searchParams.set(key, key === "state" ? toBase64Url(value) : value);
  return url.href;
}

// "Copy link": the address bar shows the link, the clipboard has it, on("link") hears it.
export function copyLink(link) {
  try {
    window.history.replaceState(null, "", link);
  } catch (e) {
    /* file:// pages keep their URL */
  }
  if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(link).catch(() => {});
  emit("link", { url: link });
}
