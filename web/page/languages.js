// The language the app will show, chosen here too so that the page's own
// words are in it before the app runs: the same rule on the same inputs
// (App::start: the link's lang, else the saved one, else the first shipped
// of the browser's, else English; find_language, core/translation.cpp).
// tests/core/language-choice.json holds the cases both are checked against.
export function findLanguage(tag) {
  const t = String(tag).replace(/[A-Z]/g, (c) => c.toLowerCase()); // ASCII only, as in C++
  if (t === "zh" || t.startsWith("zh-"))
    return ["zh", "zh-hans", "zh-cn", "zh-sg", "zh-my"].includes(t) || t.startsWith("zh-hans-") ? "zh-Hans" : null;
  const primary = t.split(/[-_]/)[0];
  return ["en", "es", "ko"].includes(primary) ? primary : null;
}

// pairs: the URL's parameters; saved: the language kept in local storage;
// preferred: navigator.languages.
export function chooseLanguage(pairs, saved, preferred) {
  const link = pairs.find(([key]) => key === "lang");
  return [...(link ? [link[1]] : []), saved, ...preferred].map(findLanguage).find(Boolean) || "en";
}
