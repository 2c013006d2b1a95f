// Offline and installing: the service worker (web/sw.js) and the web app
// manifest. The served page keeps itself for offline use once it has started,
// so the worker's downloads never slow the first frame. Not the single file
// (nothing beside it to keep; file:// has no service workers), nor an embed:
// a course page's iframe is not where a learner installs or goes offline, and
// each course site would pay for its own copy (docs/embedding.md). Failing to
// register is no error for the learner.
import { embedded } from "./events.js";
import { singleFile } from "./files.js";

// The manifest, linked once the lesson is on screen: browsers fetch it and its
// icons at once, bytes the first frame does not need.
export function linkManifest() {
  if (singleFile || document.querySelector('link[rel="manifest"]')) return;
  const link = document.createElement("link");
  link.rel = "manifest";
  link.href = "manifest.webmanifest";
  document.head.append(link);
}

export function registerServiceWorker() {
  if (singleFile || embedded || !window.isSecureContext || !("serviceWorker" in navigator)) return;
  const unavailable = (e) => console.info(`Attention Lab will not work offline here: ${e.message}`);
  try {
    navigator.serviceWorker.register("sw.js").catch(unavailable);
  } catch (e) {
    unavailable(e); // a sandboxed page may not even look
  }
}
