// The editor's words in the learner's language: marked NP_("page", English)
// like the page's own (web/page/words.js; xgettext reads both folders,
// scripts/catalogs.py), translated by the table the page hands over when it
// opens the editor (its catalog's "page" part).
let table = {};
export function useWords(translations) {
  table = translations || {};
}
export const NP_ = (context, english) => table[english] || english;
