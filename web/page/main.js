// The page around the WebAssembly module (docs/embedding.md), bundled into
// page.js (scripts/bundle_page.mjs). This file starts it: the URL's
// parameters and the lesson file they name, passed to the app as they are;
// the lesson it opens with; the module itself. Each job has its module:
//   dom.js             the page's elements
//   events.js          ready, on() events and messages to a host page
//   words.js           the page's own words (loading, failing), translated
//   languages.js       the language the app will show, chosen before it runs
//   links.js           the URL's parameters, and links that reopen a state
//   base64url.js       links' one-word encoding
//   lesson-link.js     a lesson carried in the address (#lesson=), unpacked
//   files.js           the files the app needs from beside the page
//   program.js         the running module and calls into it
//   loader.js          loading the program (attention.js and the wasm)
//   app.js             the page's own calls into the app (window.attention's methods)
//   figures.js         figures for slides, asked and answered
//   program-events.js  what the running program tells the page
//   keys.js            keyboard focus inside host pages
//   api.js             window.attention: app.js's calls and the rest, for hosts
//   bridge.js          the postMessage bridge for cross-origin iframes
//   theme.js           the page's colours, following the app's theme
//   textview.js        the text view: the current step as HTML
//   offline.js         the service worker and the web app manifest
//   saved-work.js      the learner's work in local storage
//   editing.js         the lesson editor (web/editor/), loaded when first opened
// The app checks every parameter and words every notice (src/app/app.cpp);
// the page only carries them.
// The built-in lessons' ids in the app's order: the list the app compiles in (bundled).
import BUILT_IN_LESSONS from "attention:built-in-lessons";
import { api } from "./api.js";
import { app } from "./app.js";
import { listenToHost } from "./bridge.js";
import { embedded } from "./events.js";
import { $ } from "./dom.js";
import {
  assetFile,
  fetchEarly,
  fetchLessonUrl,
  offeredLanguages,
  provideAsset,
  provideLesson,
  singleFile,
} from "./files.js";
import { editorFile, openEditor } from "./editing.js";
import { guardKeys } from "./keys.js";
import { chooseLanguage, findLanguage } from "./languages.js";
import { lessonInLink, followLessonLinks } from "./lesson-link.js";
import { first, keepLessonHash, readParameters } from "./links.js";
import { instantiateWasm, loadProgramScript, loadSecondPartNow } from "./loader.js";
import { onFigure } from "./figures.js";
import { onEvent } from "./program-events.js";
import { call, module, nextTask, setModule } from "./program.js";
import { keepWorkOnLeaving, readSavedWork, storage } from "./saved-work.js";
import { installTextView, noGl, withoutGl } from "./textview.js";
import { showTheme } from "./theme.js";
import { WORDS, fail, say, sayInLanguage } from "./words.js";

const canvas = $("canvas");
const parameters = readParameters(window.location.search);
showTheme(first(parameters, "theme")); // until the app's own state says (program-events.js)
const lessonFile = fetchLessonUrl(first(parameters, "lesson-url")); // while the module loads
const linkLesson = lessonInLink(window.location.hash); // a lesson in the address, unpacked meanwhile
if (linkLesson) keepLessonHash(window.location.hash);
followLessonLinks();

guardKeys(canvas); // before the module's own listeners
window.attention = api;
listenToHost();
installTextView();
keepWorkOnLeaving();

// The page's words in the learner's language as soon as its catalog is here
// (the single file is in English only, as its app is); English fetches nothing.
// The app chooses among the languages this page offers: a saved or browser
// language it does not carry is no choice (a link's lang= still is, and gets
// the app's notice saying why it cannot be shown here).
const saved = readSavedWork(storage());
if (!offeredLanguages.includes(findLanguage(saved.language))) saved.language = "";
// A language's single file starts in its language, whatever the browser's.
const languages = [
  ...(singleFile && singleFile.language ? [singleFile.language] : []),
  ...(navigator.languages || []),
].filter((tag) => offeredLanguages.includes(findLanguage(tag)));
// A link's lang= this page does not carry is no choice either (the app says so).
const language = chooseLanguage(
  parameters.filter(([key, value]) => key !== "lang" || offeredLanguages.includes(findLanguage(value))),
  saved.language,
  languages,
);
for (const element of document.querySelectorAll("[data-page-message]")) say(element, element.textContent);
if (language !== "en") fetchEarly("catalog", language).then((r) => sayInLanguage(language, r));
if (typeof WebGL2RenderingContext === "undefined") withoutGl();

// The built-in lessons' files: the program compiles none in, so each is
// fetched when first opened (src/core/load/builtin_lessons.h), the one the page
// opens with while the module loads. The single file carries them all.
// The built-in lesson the page opens with: the link's, else the one open
// last, else the first. The app must have one before it starts: when that
// one cannot be had (a link's unknown id, a lesson gone since), the first.
const opening =
  (first(parameters, "lesson-url") === null && first(parameters, "lesson")) || saved.last || BUILT_IN_LESSONS[0];
if (BUILT_IN_LESSONS.includes(opening)) fetchEarly("lesson", opening); // handed over below, as the app names it
async function provideOpeningLesson() {
  if (BUILT_IN_LESSONS.includes(opening) && !(await provideLesson(opening))) return;
  const why = await provideLesson(BUILT_IN_LESSONS[0]);
  if (why) throw new Error(`${assetFile("lesson", BUILT_IN_LESSONS[0])}: ${why}`);
}

// The program's JavaScript, then the program.
function start() {
  loadProgramScript().then(run, (error) =>
    error.missing ? fail(WORDS.noScript) : fail(WORDS.noProgram, { why: error.message }),
  );
}

function run() {
  const options = {
    canvas,
    arguments: noGl ? ["--no-gl"] : [],
    attentionEvent: onEvent,
    attentionFigure: onFigure,
    print: (text) => console.log(text),
    // Emscripten says when a call loads the program's second part: news, not a warning.
    printErr: (text) =>
      (/^(placeholder function called|instantiated deferred module)/.test(text) ? console.info : console.warn)(text),
    onAbort: (what) => fail(WORDS.stopped, { why: what }),
    instantiateWasm,
    loadSplitModule: loadSecondPartNow,
  };
  Promise.all([createAttentionModule(options), lessonFile, linkLesson]).then(
    async ([instance, file, link]) => {
      setModule(instance);
      // Each step in a task of its own: the lesson's file read, then the start.
      await nextTask();
      try {
        await provideOpeningLesson();
        // A single file's catalog is here already: the app starts in its
        // language, and its notices at the start are in it too.
        if (singleFile && language !== "en")
          await provideAsset({ kind: "catalog", name: language, file: assetFile("catalog", language) });
      } catch (error) {
        fail(WORDS.noStart, { why: error.message });
        return;
      }
      await nextTask();
      call(
        "attn_start",
        null,
        ["string", "bytes", "number", "string", "bytes", "number", "string", "string"],
        [
          JSON.stringify(parameters),
          file && file.bytes ? file.bytes : null,
          file && file.bytes ? file.bytes.length : 0,
          (file && file.error) || "",
          link && link.bytes ? link.bytes : null,
          link && link.bytes ? link.bytes.length : 0,
          (link && link.error) || "",
          JSON.stringify({ ...saved, languages, offered: offeredLanguages, noEditor: !editorFile }), // chooseLanguage's inputs, above
        ],
      );
      if (noGl) return;
      whileRunning();
      if (first(parameters, "edit") === "1" && editorFile)
        api.ready.then(() => openEditor(app)).catch((e) => console.warn(e.message));
    },
    (error) => fail(WORDS.noStart, { why: (error && error.message) || String(error) }),
  );
}

// What the running app hears from the browser besides its own input.
function whileRunning() {
  // The served page has the lesson editor, which shows every challenge's
  // solution: the canvas offers it ("Edit lesson") only where the page is
  // opened on its own, not to a learner in a course (an iframe, the SCORM
  // package). ?edit=1 and window.attention.edit() open it anywhere.
  if (editorFile && !embedded && !window.attentionScorm) module._attn_set_can_edit(1);
  // A finger for a pointer (phones, tablets): large targets from the first frame.
  if (window.matchMedia && window.matchMedia("(pointer: coarse)").matches) module._attn_set_touch(1);
  // Wake the module when its canvas changes size; rest while out of view.
  new ResizeObserver(() => module._attn_wake()).observe(canvas);
  new IntersectionObserver((entries) => {
    module._attn_set_offscreen(entries[entries.length - 1].isIntersecting ? 0 : 1);
  }).observe(canvas);
  window.addEventListener("paste", (event) => {
    const text = event.clipboardData && event.clipboardData.getData("text/plain");
    if (text) call("attn_paste", null, ["string"], [text]);
  });
}

start();
