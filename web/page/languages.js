// The language the app will show, chosen here too so that the page's own
// words are in it before the app runs: the same rule on the same inputs
// (App::start: the link's lang, else the saved one, else the first shipped
// of the browser's, else English), from the same table as the app's
// find_language (po/languages.json; tests/core/language-choice.json holds the
// cases both are checked against).
import shipped from "../../po/languages.json" with { type: "json" };

export const LANGUAGES = shipped.languages; // [{code, name, tags}], English first

const lower = (text) => String(text).replace(/[A-Z]/g, (c) => c.toLowerCase()); // ASCII only, as in C++
// "es-*" means es and any tag that goes on with - or _; a tag without * only itself.
function tagMatches(pattern, tag) {
  if (!pattern.endsWith("-*")) return tag === pattern;
  const base = pattern.slice(0, -2);
  return tag.startsWith(base) && (tag.length === base.length || tag[base.length] === "-" || tag[base.length] === "_");
}

// The code of the shipped language a BCP 47 tag means, or null.
export function findLanguage(tag) {
  const t = lower(tag);
  const found = LANGUAGES.find((l) => l.tags.some((pattern) => tagMatches(lower(pattern), t)));
  return found ? found.code : null;
}

// pairs: the URL's parameters; saved: the language kept in local storage;
// preferred: navigator.languages.
export function chooseLanguage(pairs, saved, preferred) {
  const link = pairs.find(([key]) => key === "lang");
  return [...(link ? [link[1]] : []), saved, ...preferred].map(findLanguage).find(Boolean) || "en";
}
