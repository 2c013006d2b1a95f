// A lesson's texts in other languages. A lesson file may carry them:
//   "translations": {"es": {"/title": "El gato se sentó", "/steps/3/text/1": "…"}}
// each key a JSON Pointer to one of the file's texts (a title, a step's text,
// a question, a hint…: what is_translatable() says), each value that text in
// the language, with the same {live values}. The built-in lessons' come with
// each language's catalog (po/, core/text/translation.h). The loader checks them;
// showing a lesson in a language reads its file again with those texts in
// place, so a translated lesson is the same lesson in every number.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/load/json_reader.h"

namespace attn {

using TextTranslations = std::map<std::string, std::string>;  // JSON Pointer -> text

// Whether `text`, at this place of a lesson file, is text a learner reads,
// rather than an id, code or a token. A matrix's name in "names" is when
// it is prose ("Value Matrix", "X′ (True values)", "Output"), not when it is
// code-like ("W_q", "QKᵀ", "scaled_scores", "attention"): is_prose_name().
// A step's formula is when words stand in it as prose ("3 tokens × 2
// dimensions", "scores = Q·Kᵀ, shape (3, 3)", "… per row"), not when it is
// only the notebook's code ("output = attention_weights·V"): is_prose_formula().
bool is_translatable(const Pointer& where, std::string_view text = {});
bool is_prose_name(std::string_view name);
bool is_prose_formula(std::string_view formula);
// Every such text of a lesson file, in the file's order: (pointer, text).
std::vector<std::pair<std::string, std::string>> translatable_texts(const json& lesson);
// Checks the file's "translations" (the loader calls it); false with the
// first problem in `r`.
bool check_translations(Reader& r, const json& lesson);
// The translations a lesson file's document carries for a language code (none: empty).
TextTranslations file_translations(const json& lesson, std::string_view language);
// The lesson file's document with `texts` in place of its own and no
// "translations", for the loader; texts at places that are not translatable
// are left out.
json with_translations(json lesson, const TextTranslations& texts);

}  // namespace attn
