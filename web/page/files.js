// The files the app needs from beside the page, fetched and handed to it as
// bytes, or why not: the lesson file lesson-url names, the built-in lessons
// (the program compiles none in), font packs and the interface's catalogs
// (src/app/assets.h).
// The single file (scripts/single_file.mjs) carries the built-in lessons
// inside, and neither fonts nor catalogs.
import { LANGUAGES } from "./languages.js";
import { call } from "./program.js";

// {wasm: base64, lessons: {id: text}} in the single file; else null.
export const singleFile = (typeof window !== "undefined" && window.attentionSingleFile) || null;

// The languages this page can show: the single file carries no catalog, so
// English alone (the first, which needs none); the served page fetches any.
export const offeredLanguages = singleFile ? [LANGUAGES[0].code] : LANGUAGES.map((l) => l.code);

// How long a download may wait for its next bytes (the answer, then each
// part of the body), and how long it may take in all: a stalled connection
// ends in a message, not a page that waits for ever; a slow one that moves
// goes on.
export const STALL_MS = 30000;
export const TOTAL_MS = 300000;

// fetch(url), bounded: resolves with what consume(response) makes of it;
// rejects with an Error "file: why" whose `why` says why alone (an HTTP
// error, a stall, a failed connection). onBytes(n), if given, hears the
// bytes received so far, read from a clone of the response: consume gets the
// response itself (compileStreaming wants it).
export async function fetchWithin(url, consume, onBytes = null) {
  const controller = new AbortController();
  const started = performance.now();
  let why = "";
  let last = started; // when the latest bytes (or the answer) came
  let answered = false;
  // One check a second (a timer per part of the body would cost more than the parts).
  const watch = setInterval(() => {
    const now = performance.now();
    if (now - started > TOTAL_MS) why = `not complete after ${TOTAL_MS / 1000} s`;
    else if (now - last > STALL_MS)
      why = answered ? `nothing arrived for ${STALL_MS / 1000} s` : `no answer in ${STALL_MS / 1000} s`;
    if (why) controller.abort();
  }, 1000);
  try {
    let response;
    try {
      response = await fetch(url, { credentials: "same-origin", signal: controller.signal });
    } catch (e) {
      throw new Error(why || "the connection failed");
    }
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    answered = true;
    last = performance.now();
    const reader = response.clone().body.getReader();
    let received = 0;
    const watched = (async () => {
      for (let part = await reader.read(); !part.done; part = await reader.read()) {
        received += part.value.length;
        last = performance.now();
        if (onBytes) onBytes(received);
      }
    })();
    const [result] = await Promise.all([consume(response), watched]);
    return result;
  } catch (e) {
    controller.abort(); // whichever failed, the rest stops too
    const error = new Error(`${String(url).replace(/^.*\//, "")}: ${why || e.message}`);
    error.why = why || e.message;
    throw error;
  } finally {
    clearInterval(watch);
  }
}

// A file beside the page: {bytes}, or {error: why not}.
export async function fetchBytes(url) {
  try {
    return { bytes: new Uint8Array(await fetchWithin(url, (response) => response.arrayBuffer())) };
  } catch (e) {
    return { error: e.why };
  }
}

// The lesson file lesson-url names (null: none named). Only files beside the
// page: a course page must not be able to load lessons (or anything else)
// from another site into this one.
export async function fetchLessonUrl(name) {
  if (name === null) return null;
  // A page opened as a file may read no other file (browsers forbid it).
  if (window.location.protocol === "file:")
    return { error: "a page opened from a file cannot read other files; open it from a web server, as dist/ is" };
  let url;
  try {
    url = new URL(name, window.location.href);
  } catch (e) {
    return { error: "not a file beside this page" };
  }
  if (url.origin !== window.location.origin) return { error: "not a file beside this page" };
  return fetchBytes(url.href);
}

// A built-in lesson's file, fetched once (src/core/builtin_lessons.h); a
// failed fetch is tried again next time.
const lessonFetches = new Map(); // id -> the promise of fetchBytes
export function fetchLesson(id) {
  if (singleFile)
    return Promise.resolve(
      Object.hasOwn(singleFile.lessons, id)
        ? { bytes: new TextEncoder().encode(singleFile.lessons[id]) }
        : { error: "not in this file" },
    );
  if (!lessonFetches.has(id)) {
    const fetched = fetchBytes(`lessons/${id}.json`);
    lessonFetches.set(id, fetched);
    fetched.then((r) => r.error && lessonFetches.delete(id));
  }
  return lessonFetches.get(id);
}
// A file the app asked for (src/app/assets.h: a built-in lesson's, a
// language's catalog, a font pack), fetched beside the page, or taken from a
// fetch already under way: the built-in lesson the page opens with, and the
// catalog of the language it starts in (its own words came in it,
// fetchCatalogEarly, at the start).
const NOT_IN_SINGLE_FILE = {
  catalog: "this offline file is in English only; the served page has the others",
  font: "this offline file carries no extra fonts; the served page has them",
};
let catalogFetched = null; // {code, fetched}
export function fetchCatalogEarly(code) {
  catalogFetched = { code, fetched: fetchBytes(`lang/${code}.json`) };
  return catalogFetched.fetched;
}
export function fetchAsset({ kind, name, file }) {
  if (kind === "lesson") return fetchLesson(name);
  if (singleFile) return Promise.resolve({ error: NOT_IN_SINGLE_FILE[kind] || "not in this file" });
  if (kind === "catalog" && catalogFetched && catalogFetched.code === name) {
    const early = catalogFetched.fetched;
    catalogFetched = null;
    return early;
  }
  return fetchBytes(file);
}
// The file handed to the app as bytes, or why it could not be had. Returns
// "" or why the app could not use it.
export async function provideAsset(kind, name, fetched) {
  const r = await fetched;
  if (r.error) {
    call("attn_asset_failed", null, ["string", "string", "string"], [kind, name, r.error]);
    return r.error;
  }
  return call(
    "attn_provide_asset",
    "string",
    ["string", "string", "bytes", "number"],
    [kind, name, r.bytes, r.bytes.length],
  );
}
// A built-in lesson's file handed to the app: "" or why it could not be.
export const provideLesson = (id, fetched = fetchLesson(id)) => provideAsset("lesson", id, fetched);
