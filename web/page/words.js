// The page's own words: the lines shown before the app runs or when it cannot
// (loading, failing, no WebGL2), in the learner's language. Translated like
// the app's (po/*.po, context "page"): the messages marked NP_("page", ...)
// here (xgettext reads them, scripts/catalogs.py) and index.html's elements
// marked data-page-message, shown once lang/<code>.json brings them ("page":
// {English: translation}). Errors a host page's developer reads (thrown, or
// rejected through window.attention) stay English.
import { $ } from "./dom.js";
import { failReady, isReady } from "./events.js";

const NP_ = (context, english) => english; // marks a message for xgettext (scripts/catalogs.py)
export const WORDS = {
  // A note for translators goes on the line just above the English (xgettext's rule).
  noProgram: NP_(
    "page",
    // TRANSLATORS: {why} is in English (e.g. "attention.wasm: HTTP 404").
    "Attention Lab could not load its program ({why}). Check the connection and reload the page.",
  ),
  noScript: NP_("page", "Attention Lab could not load attention.js. Check the connection and reload the page."),
  // TRANSLATORS: {why} is in English (the browser's own words).
  stopped: NP_("page", "Attention Lab stopped unexpectedly ({why}). Reload the page to start again."),
  // TRANSLATORS: {why} is in English (e.g. "lessons/the-cat-sat.json: HTTP 404").
  noStart: NP_("page", "Attention Lab could not start ({why})."),
  noGl: NP_(
    "page",
    "This browser does not offer WebGL2, so the interactive view cannot run here. " +
      "The lesson is below as text; try a current Chrome, Firefox, Edge or Safari for the interactive view.",
  ),
};

let translated = {}; // English -> the learner's language, once its catalog is here
export const catalogWords = () => translated; // for the editor (editing.js)
const said = new Map(); // element -> [English, values]: said again when it comes
export const fill = (text, values) =>
  text.replace(/\{(\w+)\}/g, (m, name) => (Object.hasOwn(values, name) ? values[name] : m));

export function say(element, english, values = {}) {
  said.set(element, [english, values]);
  // The same words keep their text node: a paint of it stays the page's
  // largest contentful paint (a new node would start it again).
  const text = fill(translated[english] || english, values);
  if (element.textContent !== text) element.textContent = text;
}

// The catalog of `code` has come (fetchBytes' answer): say everything again in it.
export function sayInLanguage(code, fetched) {
  try {
    translated = JSON.parse(new TextDecoder().decode(fetched.bytes)).page || {};
  } catch (e) {
    return; // English, then; the app says why when it asks for the same bytes
  }
  if (!isReady) document.documentElement.lang = code; // the app's language from then on (statechange)
  for (const [element, [english, values]] of said) say(element, english, values);
}

// The page cannot go on: say why, and window.attention.ready rejects with it.
export function fail(english, values = {}) {
  $("loading").hidden = true;
  $("failure").hidden = false;
  say($("failure-message"), english, values);
  failReady(new Error(fill(english, values)));
}
