// The files the app needs from beside the page, fetched and handed to it as
// bytes, or why not: the lesson file lesson-url names, the built-in lessons
// (the program compiles none in), font packs and the interface's catalogs
// (src/app/assets.h).
// The single file (scripts/single_file.mjs) carries the built-in lessons
// inside; a language's single file (attention-lab.<code>.html), that
// language's catalog and the font packs it needs too.
import { LANGUAGES } from "./languages.js";
import { call } from "./program.js";

// {wasmGz: base64 of the gzipped wasm, lessons: {id: text}, and in a
// language's file language, catalogs: {code: text}, fonts: {name: base64}}
// in the single file; else null.
export const singleFile = (typeof window !== "undefined" && window.attentionSingleFile) || null;

// The languages this page can show: a single file, English (the first, which
// needs no catalog) and the catalogs it carries; the served page fetches any.
export const offeredLanguages = singleFile
  ? [LANGUAGES[0].code, ...Object.keys(singleFile.catalogs || {})]
  : LANGUAGES.map((l) => l.code);

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

// The files the app needs (src/app/assets.h: a built-in lesson's, a
// language's catalog, a font pack) are the files it names: in its
// "needasset" events, and, asked, before it runs (assetFile). The page
// starts two fetches before the program runs, to overlap its download: the
// lesson it opens with and the catalog of the language it starts in (its own
// words come in it). Those it names as it expects the app to
// (EXPECTED_FILES: src/app/assets.cpp's asset_file); each is kept by its file
// and handed over only when the app names that file, so an expectation gone
// wrong costs a second fetch, never a wrong file (tests/browser/lessons.test.mjs
// and languages.test.mjs count the fetches).
const EXPECTED_FILES = { lesson: (id) => `lessons/${id}.json`, catalog: (code) => `lang/${code}.json` };
const NOT_IN_SINGLE_FILE = {
  catalog: "this offline file does not carry that language; the served page, or that language's file, has it",
  font: "this offline file does not carry those letters; the served page has them",
};
// The single file carries the built-in lessons, and a language's file its catalog and font packs.
function fromSingleFile(kind, name) {
  const text = (t) => ({ bytes: new TextEncoder().encode(t) });
  const carried = { lesson: singleFile.lessons, catalog: singleFile.catalogs || {}, font: singleFile.fonts || {} }[
    kind
  ];
  if (!carried || !Object.hasOwn(carried, name))
    return Promise.resolve({ error: NOT_IN_SINGLE_FILE[kind] || "not in this file" });
  if (kind === "font") {
    // Gzipped, then base64, like the wasm (scripts/single_file.mjs).
    const gzipped = Uint8Array.from(atob(carried[name]), (c) => c.charCodeAt(0));
    return Promise.resolve({ bytes: window.attentionGunzip(gzipped) });
  }
  return Promise.resolve(text(carried[name]));
}
const early = new Map(); // file -> the promise of its fetchBytes, until the app names it
export function fetchEarly(kind, name) {
  if (singleFile) return fromSingleFile(kind, name);
  const file = EXPECTED_FILES[kind](name);
  if (!early.has(file)) early.set(file, fetchBytes(file));
  return early.get(file);
}
// The file the app names for an asset (its "needasset" names it too).
export const assetFile = (kind, name) => call("attn_asset_file", "string", ["string", "string"], [kind, name]);

// The file of an asset the app named, fetched beside the page, or taken from
// an early fetch of that file (a failed one is tried again when asked again).
function fetchAsset({ kind, name, file }) {
  if (singleFile) return fromSingleFile(kind, name);
  const started = early.get(file);
  early.delete(file);
  return started || fetchBytes(file);
}
// The file handed to the app as bytes, or why it could not be had.
async function handOver(asset) {
  const { kind, name } = asset;
  const r = await fetchAsset(asset);
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
// An asset ({kind, name, file}) fetched and handed to the app, once while
// under way (the app's "needasset" and a host's setLesson may both ask):
// resolves with "" or why the app could not be given it.
const handovers = new Map(); // "kind/name" -> that promise
export function provideAsset(asset) {
  const key = `${asset.kind}/${asset.name}`;
  if (!handovers.has(key))
    handovers.set(
      key,
      handOver(asset).finally(() => handovers.delete(key)),
    );
  return handovers.get(key);
}
// A built-in lesson's file handed to the app: "" or why it could not be.
export const provideLesson = (id) => provideAsset({ kind: "lesson", name: id, file: assetFile("lesson", id) });
