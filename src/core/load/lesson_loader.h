// Reads a lesson file (JSON, see docs/lessons.md) into a validated Lesson.
// Never throws and never crashes on bad input: the first problem found is
// returned as a JSON path and a reason, e.g. "/X/1: row has 3 numbers, expected 4".
#pragma once

#include <memory>
#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/lesson/lesson.h"
#include "core/load/load_error.h"
#include "core/text/translation.h"

namespace attn {

struct LoadResult {
  std::optional<Lesson> lesson;
  LoadError error;  // meaningful when !lesson
  bool ok() const { return lesson.has_value(); }
};

// A lesson file's text read once: its JSON document, or why it is none (too
// large, UTF-16, not JSON, nested too deep). Keep the document to read the
// lesson again (in another language) without parsing its text again.
struct LessonFile {
  std::shared_ptr<const nlohmann::json> document;  // null when the text is not one
  LoadError error;
};
LessonFile read_lesson_file(std::string_view json_text, const Catalog* language = nullptr);

// Reads a lesson from its file's document. Its errors, and the texts the
// loader writes itself (the steps of a file that has none), are in
// `language`'s words (null: English), whatever CatalogScope the caller is in.
LoadResult load_lesson_document(const nlohmann::json& document, const Catalog* language = nullptr);
// The keys a lesson file may have: at its top (with one part), and in each of
// its "parts" (besides notes, "_…").
const std::vector<std::string>& lesson_keys();
const std::vector<std::string>& part_keys();

// Both: a lesson file's text into a lesson.
LoadResult load_lesson(std::string_view json_text, const Catalog* language = nullptr);

}  // namespace attn
