// The lesson's texts in another language, side by side with the lesson's own
// (docs/lessons.md, "Translations"): each translation is kept under
// /translations/<language>/<the text's JSON pointer>, the field naming that
// place, so the loader's error about one shows at it.
import shipped from "../../po/languages.json" with { type: "json" };
import { pointerOf } from "./draft.js";
import { NP_ } from "./words.js";

export const LANGUAGES = shipped.languages;

// The texts a translation may replace are the app's to say
// (window.attention.translatableTexts: core/load/lesson_translations.h), in
// its key order; the section lists them in the draft's own order.
export function inDraftOrder(texts, lesson) {
  const order = new Map();
  const walk = (value, parts) => {
    if (typeof value === "string") order.set(pointerOf(parts), order.size);
    else if (value && typeof value === "object")
      for (const [key, inner] of Object.entries(value)) walk(inner, [...parts, key]);
  };
  walk(lesson, []);
  const at = (t) => order.get(t.path) ?? order.size;
  return [...texts].sort((a, b) => at(a) - at(b));
}

// The section's fields for `language` ("": none chosen yet), one for each of
// `texts` (the app's: [{path, text}]).
export function translationFields(lesson, language, texts, { field, element, text }) {
  const others = LANGUAGES.filter((l) => l.code !== "en");
  const select = element("select", { "data-action": "translation-language" }, [
    element("option", { value: "", text: NP_("page", "Choose a language"), selected: language === "" }),
    ...others.map((l) => element("option", { value: l.code, text: l.name, selected: l.code === language })),
  ]);
  const parts = [field(NP_("page", "Translate into"), select, "/translations")];
  if (!language) return parts;
  const given = (lesson.translations && lesson.translations[language]) || {};
  for (const { path: pointer, text: english } of inDraftOrder(texts, lesson)) {
    const input =
      english.length > 60
        ? element("textarea", { rows: 2, lang: language }, [given[pointer] ?? ""])
        : text(given[pointer] ?? "", { lang: language });
    const label = english.length > 90 ? `${english.slice(0, 88)}…` : english;
    parts.push(field(label, input, pointerOf(["translations", language, pointer])));
  }
  return parts;
}

// A translation emptied: its key goes, and the language's and the lesson's
// objects too once empty.
export function pruneTranslations(lesson) {
  const t = lesson.translations;
  if (!t || typeof t !== "object") return;
  for (const [code, texts] of Object.entries(t))
    if (texts && typeof texts === "object" && !Object.keys(texts).length) delete t[code];
  if (!Object.keys(t).length) delete lesson.translations;
}
