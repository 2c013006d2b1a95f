// Tests of core/load/default_steps.h: the steps of a lesson that writes none.
#include "core/load/default_steps.h"

#include <doctest/doctest.h>

#include "core/load/lesson_loader.h"

using namespace attn;

namespace {
Lesson load(const char* text) {
  LoadResult r = load_lesson(text);
  REQUIRE_MESSAGE(r.ok(), r.error.message("inline"));
  return *r.lesson;
}
std::vector<std::string> ids(const std::vector<StepSpec>& steps) {
  std::vector<std::string> out;
  for (const StepSpec& s : steps) out.push_back(s.id);
  return out;
}
}  // namespace

TEST_CASE("a lesson from embeddings gets one step per stage of the pipeline") {
  const Lesson l = load(R"({"id": "t", "title": "t", "tokens": ["a", "b"], "X": [[1, 0], [0, 1]],
    "W_q": [[1, 0], [0, 1]], "W_k": [[1, 0], [0, 1]], "W_v": [[1, 2], [3, 4]]})");
  CHECK(ids(l.parts[0].steps) ==
        std::vector<std::string>{"inputs", "projections", "scores", "scale", "softmax", "output"});
  CHECK(ids(default_steps(l.parts[0], 0)) == ids(l.parts[0].steps));
}

TEST_CASE("given queries and keys start from them; the mask adds its step") {
  const Lesson l = load(R"({"id": "t", "title": "t", "tokens": ["a", "b"], "causal": true,
    "Q": [[1, 0], [0, 1]], "K": [[1, 0], [0, 1]]})");
  const std::vector<StepSpec>& steps = l.parts[0].steps;
  CHECK(ids(steps) == std::vector<std::string>{"inputs", "scores", "scale", "mask", "softmax"});
  REQUIRE(steps[0].show.size() == 2);
  CHECK(steps[0].show[0].stage == Stage::Q);
}

TEST_CASE("given weights start from weights and values; variants get a step each") {
  const Lesson l = load(R"({"id": "t", "title": "t", "tokens": ["a", "b"],
    "weights": [[0.5, 0.5], [0.1, 0.9]], "V": [[1, 2], [3, 4]],
    "variants": [{"id": "other", "label": "Other", "arrangement": "key_rows"}]})");
  const std::vector<StepSpec>& steps = l.parts[0].steps;
  CHECK(ids(steps) == std::vector<std::string>{"inputs", "output", "variant-other"});
  CHECK(steps[0].title == "Attention weights and values");
  CHECK(steps[2].show.at(0).variant == 1);
}
