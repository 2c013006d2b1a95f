// The eight lessons built from the notebooks: JSON files in lessons/, loaded
// through the same loader as any instructor's file. The desktop app, the CLI,
// the tests and the single-file page have the files compiled in; the page
// fetches each file (dist/lessons/<id>.json) when it is first opened, so only
// the list of them is compiled in there (docs/performance.md).
#pragma once

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/embedded_file.h"
#include "core/lesson/lesson.h"

namespace attn {

// What the lesson picker shows of a built-in lesson before its file is here:
// its file's id, title and source, read at build time (scripts/lesson_files.py).
struct BuiltinLessonEntry {
  std::string id, title, source;
};
// Every built-in lesson, in the order the picker lists them.
const std::vector<BuiltinLessonEntry>& builtin_lesson_index();

// The lesson files compiled in, in the same order; none in the page's build.
const std::vector<EmbeddedFile>& builtin_lesson_files();
// A built-in lesson's file by its id, as compiled in; empty if it is not.
std::string_view builtin_lesson_file(std::string_view id);

// The files compiled in, loaded once and shared by every session that opens
// them. A built-in file that fails to load is a build defect (the tests load
// every one), so it is left out rather than shown broken.
const std::vector<std::shared_ptr<const Lesson>>& builtin_lessons();
std::shared_ptr<const Lesson> find_builtin_lesson(std::string_view id);

}  // namespace attn
