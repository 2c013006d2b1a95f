// The lesson's texts in another language, side by side with the lesson's own
// (docs/lessons.md, "Translations"): each translation is kept under
// /translations/<language>/<the text's JSON pointer>, the field naming that
// place, so the loader's error about one shows at it.
import shipped from "../../po/languages.json" with { type: "json" };
import { pointerOf } from "./draft.js";
import { NP_ } from "./words.js";

export const LANGUAGES = shipped.languages;

// Every text of `lesson` a translation may replace: [pointer, the text].
export function translatableTexts(lesson) {
  const out = [];
  const add = (parts, value) => {
    if (typeof value === "string" && value.trim() !== "") out.push([pointerOf(parts), value]);
  };
  const texts = (parts, value) => {
    if (Array.isArray(value))
      value.forEach((t, k) =>
        typeof t === "string" ? add([...parts, k], t) : t && add([...parts, k, "text"], t.text),
      );
    else add(parts, value);
  };
  add(["title"], lesson.title);
  add(["source"], lesson.source);
  (Array.isArray(lesson.steps) ? lesson.steps : []).forEach((step, i) => {
    add(["steps", i, "title"], step.title);
    texts(["steps", i, "text"], step.text);
    (Array.isArray(step.predict) ? step.predict : []).forEach((p, j) => {
      add(["steps", i, "predict", j, "ask"], p.ask);
      (Array.isArray(p.choices) ? p.choices : []).forEach((c, k) =>
        add(["steps", i, "predict", j, "choices", k, "text"], c.text),
      );
      texts(["steps", i, "predict", j, "reveal"], p.reveal);
    });
    (Array.isArray(step.challenges) ? step.challenges : []).forEach((c, j) => {
      for (const key of ["task", "success", "status"]) add(["steps", i, "challenges", j, key], c[key]);
      texts(["steps", i, "challenges", j, "hints"], c.hints);
    });
  });
  return out;
}

// The section's fields for `language` ("": none chosen yet).
export function translationFields(lesson, language, { field, element, text }) {
  const others = LANGUAGES.filter((l) => l.code !== "en");
  const select = element("select", { "data-action": "translation-language" }, [
    element("option", { value: "", text: NP_("page", "Choose a language"), selected: language === "" }),
    ...others.map((l) => element("option", { value: l.code, text: l.name, selected: l.code === language })),
  ]);
  const parts = [field(NP_("page", "Translate into"), select, "/translations")];
  if (!language) return parts;
  const given = (lesson.translations && lesson.translations[language]) || {};
  for (const [pointer, english] of translatableTexts(lesson)) {
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
