// The built-in lessons: their list and their files as compiled in (builtin_lessons.h).
#include "core/load/builtin_lessons.h"

#include <nlohmann/json.hpp>

#include "core/load/lesson_loader.h"
#include "core/text/json_document.h"

// Compiled in by cmake/embed.cmake from scripts/lesson_files.py's output:
// lessons/*.json (none in the page's build,
// src/core/load/builtin_lessons_fetched.cpp), and their list (index.json).
extern const attn::EmbeddedFile kBuiltinLessonFiles[];
extern const size_t kBuiltinLessonFilesCount;
extern const attn::EmbeddedFile kBuiltinLessonIndex[];

namespace attn {

const std::vector<BuiltinLessonEntry>& builtin_lesson_index() {
  static const std::vector<BuiltinLessonEntry> index = [] {
    std::vector<BuiltinLessonEntry> out;
    // [{"id": ..., "title": ..., "source": ...}, ...], written by the build.
    const auto list = parse_or_discard(kBuiltinLessonIndex[0].text());
    if (list.is_array())
      for (const auto& e : list)
        out.push_back({e.value("id", ""), e.value("title", ""), e.value("source", "")});
    return out;
  }();
  return index;
}

const std::vector<EmbeddedFile>& builtin_lesson_files() {
  static const std::vector<EmbeddedFile> files(kBuiltinLessonFiles,
                                               kBuiltinLessonFiles + kBuiltinLessonFilesCount);
  return files;
}

std::string_view builtin_lesson_file(std::string_view id) {
  for (const EmbeddedFile& f : builtin_lesson_files())
    if (std::string(id) + ".json" == f.name) return f.text();
  return {};
}

const std::vector<std::shared_ptr<const Lesson>>& builtin_lessons() {
  static const std::vector<std::shared_ptr<const Lesson>> lessons = [] {
    std::vector<std::shared_ptr<const Lesson>> out;
    for (const EmbeddedFile& f : builtin_lesson_files()) {
      LoadResult r = load_lesson(f.text());
      if (r.ok()) out.push_back(std::make_shared<const Lesson>(std::move(*r.lesson)));
    }
    return out;
  }();
  return lessons;
}

std::shared_ptr<const Lesson> find_builtin_lesson(std::string_view id) {
  for (const auto& l : builtin_lessons())
    if (l->id == id) return l;
  return nullptr;
}

}  // namespace attn
