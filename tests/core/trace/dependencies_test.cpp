// Tests of core/trace/dependencies.h: which numbers a number reads and feeds.
#include "core/trace/dependencies.h"

#include <doctest/doctest.h>

#include <cmath>
#include <fstream>
#include <nlohmann/json.hpp>

#include "core/learning/session.h"
#include "core/load/builtin_lessons.h"
#include "core/load/lesson_loader.h"
#include "support/printed.h"

using namespace attn;

TEST_CASE("operands: what each computed matrix is computed from, one pass back") {
  const Trace t = test::notebook_trace("the-cat-sat");
  auto ids = [&](const char* id) {
    std::vector<std::string> out;
    for (const MatrixKey& k : operands_of(t, test::key_of(t, id))) out.push_back(t.id_of(k));
    return out;
  };
  using Ids = std::vector<std::string>;
  CHECK(ids("Q") == Ids{"X", "W_q"});
  CHECK(ids("scores") == Ids{"Q", "K"});
  CHECK(ids("scaled") == Ids{"scores"});
  CHECK(ids("weights") == Ids{"scaled"});
  CHECK(ids("output") == Ids{"weights", "V"});
  CHECK(ids("X").empty());
  const Trace m = test::notebook_trace("udl-multihead");
  std::vector<std::string> concat;
  for (const MatrixKey& k : operands_of(m, test::key_of(m, "concat"))) concat.push_back(m.id_of(k));
  CHECK(concat == Ids{"context_h1", "context_h2"});
}

TEST_CASE("follows_from: a matrix, and everything computed from it, any passes on") {
  const Trace t = test::notebook_trace("the-cat-sat");
  auto follows = [&](const char* id, std::vector<const char*> sources) {
    std::vector<MatrixKey> keys;
    for (const char* s : sources) keys.push_back(test::key_of(t, s));
    return follows_from(t, test::key_of(t, id), keys);
  };
  CHECK(follows("scores", {"scores"}));
  CHECK(follows("weights", {"scores"}));
  CHECK(follows("output", {"scores"}));
  CHECK(follows("output", {"W_k"}));
  CHECK_FALSE(follows("V", {"scores"}));
  CHECK_FALSE(follows("weights", {"output"}));  // the output step shows its weights
  CHECK_FALSE(follows("Q", {"K"}));
  CHECK_FALSE(follows("weights", {}));
  // A variant stands for its plain twin: the weights "unscaled" rank keys as the weights do.
  const Trace u = test::notebook_trace("udl-self-attention");
  const std::vector<MatrixKey> unscaled{test::key_of(u, "weights@unscaled")};
  CHECK(follows_from(u, test::key_of(u, "weights"), unscaled));
  CHECK(follows_from(u, test::key_of(u, "output"), unscaled));
  CHECK_FALSE(follows_from(u, test::key_of(u, "scores"), unscaled));
}

TEST_CASE("ranks_like: one head's scores, scaled scores and weights order its keys alike") {
  const Trace m = test::notebook_trace("udl-multihead");
  auto alike = [&](const char* a, const char* b) {
    return ranks_like(test::key_of(m, a), test::key_of(m, b));
  };
  CHECK(alike("scores_h2", "weights_h2"));
  CHECK(alike("weights_h2", "scaled_h2"));
  CHECK(alike("weights_h1", "weights_h1@your_answer"));  // another setting, the same order
  CHECK_FALSE(alike("scores_h1", "weights_h2"));         // another head
  CHECK_FALSE(alike("Q", "scores_h1"));
  CHECK_FALSE(alike("weights_h1", "context_h1"));
  CHECK_FALSE(alike("output", "output@your_answer"));
}

// Every dependency the page highlights is real, and every real one is
// highlighted: nudge one operand number at a time (an input, or a what-if
// score or weight) and see which numbers of the next matrix move.
TEST_CASE("feeds: a number moves exactly the numbers it is said to feed") {
  int said = 0, moved = 0;
  std::vector<std::shared_ptr<const Lesson>> lessons = builtin_lessons();
  // Positions (given, in another order) and a memory: their own dependencies.
  for (const char* fixture : {"positions-lesson", "memory-lesson", "kv-cache-lesson",
                              "train-lesson", "train-weights-lesson"}) {
    std::ifstream in(std::string(ATTN_SOURCE_DIR) + "/tests/fixtures/" + fixture + ".json");
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    LoadResult r = load_lesson(text);
    REQUIRE(r.ok());
    lessons.push_back(std::make_shared<const Lesson>(std::move(*r.lesson)));
  }
  nlohmann::json given = nlohmann::json::parse(builtin_lesson_file("the-cat-sat"));
  given.erase("steps");
  given["positions"] = {{0.1, 0.2, 0.3, 0.4}, {0.5, -0.6, 0.7, 0.8}, {-0.9, 1.0, 1.1, 1.2}};
  lessons.push_back(std::make_shared<const Lesson>(*load_lesson(given.dump()).lesson));
  for (const auto& lesson : lessons) {
    Session s(lesson);
    s.set_order(0, {2, 0, 1});  // where each token stands moves what it reads of P
    s.set_first_position(0, 3);
    const LessonState start = s.state();
    const Trace base = s.trace();
    for (const TraceMatrix& to : base.matrices) {
      // After training every number moves with every input (training reads them
      // all): only the last step, from the trained matrices, is said.
      const std::vector<Variant>& variants = lesson->parts[to.key.part].variants;
      if (to.key.variant && variants[to.key.variant - 1].trained) continue;
      for (const MatrixKey& from_key : operands_of(base, to.key)) {
        const TraceMatrix& from = *base.find(from_key);
        if (!from.editable && !from.overridable) continue;  // cannot be nudged alone
        for (int fr = 0; fr < from.value.rows(); ++fr)
          for (int fc = 0; fc < from.value.cols(); ++fc) {
            const double v = from.value(fr, fc);
            if (!std::isfinite(v)) continue;
            REQUIRE(s.set_value(from_key, fr, fc, v + 0.37) == "");
            const Matrix& after = s.trace().find(to.key)->value;
            for (int tr = 0; tr < to.value.rows(); ++tr)
              for (int tc = 0; tc < to.value.cols(); ++tc) {
                const bool changed = std::fabs(after(tr, tc) - to.value(tr, tc)) > 1e-12 ||
                                     std::isinf(after(tr, tc)) != std::isinf(to.value(tr, tc));
                const bool feeds_it = feeds(base, from, fr, fc, to, tr, tc);
                INFO(lesson->id << ": " << base.id_of(from_key) << "[" << fr << "," << fc << "] → "
                                << base.id_of(to.key) << "[" << tr << "," << tc << "]");
                if (changed) CHECK(feeds_it);
                said += feeds_it;
                moved += feeds_it && changed;
              }
            s.set_state(start);
          }
      }
    }
  }
  // A number can feed another and still leave it unmoved: a zero weight, a
  // masked score. Nearly all do move.
  CHECK(said > 5000);
  CHECK(moved > said * 9 / 10);
}
