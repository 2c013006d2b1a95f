// The files the app needs from beside the page, fetched and handed to it as
// bytes, or why not: the lesson file lesson-url names, the built-in lessons
// (the program compiles none in), font packs and the interface's catalogs.
// The single file (scripts/single_file.mjs) carries the built-in lessons
// inside, and neither fonts nor catalogs.
import { LANGUAGES } from "./languages.js";
import { call } from "./program.js";

// {wasm, deferred: base64, lessons: {id: text}} in the single file; else null.
export const singleFile = (typeof window !== "undefined" && window.attentionSingleFile) || null;

// The languages this page can show: the single file carries no catalog, so
// English alone (the first, which needs none); the served page fetches any.
export const offeredLanguages = singleFile ? [LANGUAGES[0].code] : LANGUAGES.map((l) => l.code);

// A file beside the page: {bytes}, or {error: why not}.
export async function fetchBytes(url) {
  try {
    const response = await fetch(url, { credentials: "same-origin" });
    if (!response.ok) return { error: `HTTP ${response.status}` };
    return { bytes: new Uint8Array(await response.arrayBuffer()) };
  } catch (e) {
    return { error: "the connection failed" };
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
// A built-in lesson's file handed to the app: "" or why it could not be.
export async function provideLesson(id, fetched = fetchLesson(id)) {
  const r = await fetched;
  if (r.error) {
    call("attn_lesson_failed", null, ["string", "string"], [id, r.error]);
    return r.error;
  }
  return call("attn_provide_lesson", "string", ["string", "bytes", "number"], [id, r.bytes, r.bytes.length]);
}

// A file the app asked for, fetched beside the page (or the fetch already
// under way) and handed to it as bytes (`provide`, the app's function taking
// name, bytes, size), or why not (`fail`, taking name and reason).
async function fetchFor(file, name, provide, fail, notInSingleFile, fetched) {
  const r = singleFile ? { error: notInSingleFile } : await (fetched || fetchBytes(file));
  if (r.error) call(fail, null, ["string", "string"], [name, r.error]);
  else call(provide, null, ["string", "bytes", "number"], [name, r.bytes, r.bytes.length]);
}
// A font pack a lesson or a language needs (src/ui/fonts.h): fetched once;
// the app draws those characters with it from the next frame.
export const fetchFont = (name) =>
  fetchFor(
    `fonts/${name}.ttf`,
    name,
    "attn_provide_font",
    "attn_font_failed",
    "this offline file carries no extra fonts; the served page has them",
  );

// The interface in the learner's language (src/core/translation.h): the
// page's own words come in the same file, fetched at once (fetchCatalogEarly,
// at the start), so the app's first ask takes those bytes; a later one fetches.
let catalogFetched = null; // {code, fetched}
export function fetchCatalogEarly(code) {
  catalogFetched = { code, fetched: fetchBytes(`lang/${code}.json`) };
  return catalogFetched.fetched;
}
export function fetchCatalog(code) {
  const early = catalogFetched && catalogFetched.code === code ? catalogFetched.fetched : undefined;
  catalogFetched = null;
  fetchFor(
    `lang/${code}.json`,
    code,
    "attn_provide_catalog",
    "attn_catalog_failed",
    "this offline file is in English only; the served page has the others",
    early,
  );
}
