// Reads a lesson file (JSON, see docs/lessons.md) into a validated Lesson.
// Never throws and never crashes on bad input: the first problem found is
// returned as a JSON path and a reason, e.g. "/X/1: row has 3 numbers, expected 4".
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "core/lesson/lesson.h"
#include "core/load/load_error.h"
#include "core/text/translation.h"

namespace attn {

struct LoadResult {
  std::optional<Lesson> lesson;
  LoadError error;  // meaningful when !lesson
  bool ok() const { return lesson.has_value(); }
};

// Reads a lesson file. Its errors, and the texts the loader writes itself (the
// steps of a file that has none), are in `language`'s words (null: English),
// whatever CatalogScope the caller is in.
LoadResult load_lesson(std::string_view json_text, const Catalog* language = nullptr);

}  // namespace attn
