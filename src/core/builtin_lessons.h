// The eight lessons built from the notebooks: JSON files in lessons/, compiled
// into the binary, loaded through the same loader as any instructor's file.
#pragma once

#include <memory>
#include <string_view>
#include <vector>

#include "core/embedded_file.h"
#include "core/lesson.h"

namespace attn {

// The lesson files in the order the picker lists them.
const std::vector<EmbeddedFile>& builtin_lesson_files();

// Loaded once and shared by every session that opens them. A built-in file
// that fails to load is a build defect (the tests load every one), so it is
// left out rather than shown broken.
const std::vector<std::shared_ptr<const Lesson>>& builtin_lessons();
std::shared_ptr<const Lesson> find_builtin_lesson(std::string_view id);

}  // namespace attn
