// Tests of core/load/builtin_lessons.h: every built-in lesson loads, once.
#include "core/load/builtin_lessons.h"

#include <doctest/doctest.h>

#include "core/load/lesson_loader.h"

using namespace attn;

TEST_CASE("every built-in lesson loads, in the picker's order") {
  const std::vector<std::string> ids = {
      "the-cat-sat",      "i-am-batman",      "attention-times-value",
      "complete-flow",    "qk-transpose",     "udl-self-attention",
      "udl-multihead",    "she-likes-coffee", "word-order",
      "rotary-positions", "kv-cache",         "cross-attention",
      "train-a-head"};
  REQUIRE(builtin_lesson_files().size() == ids.size());
  for (size_t i = 0; i < ids.size(); ++i) {
    LoadResult r = load_lesson(builtin_lesson_files()[i].text());
    INFO(builtin_lesson_files()[i].name << ": " << r.error.message(builtin_lesson_files()[i].name));
    REQUIRE(r.ok());
    CHECK(r.lesson->id == ids[i]);
  }
  REQUIRE(builtin_lessons().size() == ids.size());
}

TEST_CASE("built-in lessons are loaded once and shared") {
  CHECK(find_builtin_lesson("udl-multihead") == find_builtin_lesson("udl-multihead"));
  CHECK(find_builtin_lesson("udl-multihead").get() == builtin_lessons()[6].get());
  CHECK(find_builtin_lesson("no-such-lesson") == nullptr);
}
