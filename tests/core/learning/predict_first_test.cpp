// What open predictions cover (the rule of core/learning/predict_first.h,
// kept in core/logic/cover.h's mask), on the built-in lessons whose questions
// the rule was made for, and on a lesson small enough to follow.
#include "core/logic/cover.h"

#include <doctest/doctest.h>

#include <cmath>
#include <nlohmann/json.hpp>

#include "core/learning/predict_first.h"
#include "core/learning/progress.h"
#include "core/learning/session.h"
#include "core/lesson/activity.h"
#include "core/load/builtin_lessons.h"
#include "core/load/lesson_loader.h"
#include "core/logic/judge.h"
#include "core/text/number_text.h"
#include "support/printed.h"

using namespace attn;

namespace {

struct Lessoned {
  Session session;
  explicit Lessoned(std::string_view id) : session(find_builtin_lesson(id)) {}
  const Trace& trace() const { return session.trace(); }
  int index(std::string_view id) const { return trace().index_of(test::key_of(trace(), id)); }
  int token(std::string_view matrix, std::string_view name, bool rows = true) const {
    const TraceMatrix& m = trace().matrices[index(matrix)];
    const std::vector<std::string>& labels = rows ? m.rows : m.cols;
    for (size_t i = 0; i < labels.size(); ++i)
      if (labels[i] == name) return static_cast<int>(i);
    FAIL("no token " << name << " in " << matrix);
    return -1;
  }
  int step(std::string_view id) const {
    for (size_t s = 0; s < trace().steps.size(); ++s)
      if (trace().steps[s].id == id) return static_cast<int>(s);
    FAIL("no step " << id);
    return -1;
  }
  Cover cover(const LessonProgress& progress, std::string_view on) const {
    return cover_open_predictions(session.lesson(), trace(), progress, step(on));
  }
  // Every entry of one row of a matrix covered, and no entry of another.
  bool row_covered(const Cover& c, std::string_view matrix, int row) const {
    const int i = index(matrix);
    for (int col = 0; col < trace().matrices[i].value.cols(); ++col)
      if (!c.at(i, row, col)) return false;
    return true;
  }
  bool row_clear(const Cover& c, std::string_view matrix, int row) const {
    const int i = index(matrix);
    for (int col = 0; col < trace().matrices[i].value.cols(); ++col)
      if (c.at(i, row, col)) return false;
    return true;
  }
};

LessonProgress answered(std::initializer_list<const char*> ids) {
  LessonProgress p;
  for (const char* id : ids) p.answers[id] = PredictionAnswer{};
  return p;
}

}  // namespace

TEST_CASE(
    "the cat sat, step 1: the weights of \"The\" and its output are covered, the rest shown") {
  const Lessoned l("the-cat-sat");
  const Cover c = l.cover({}, "embeddings");
  const int the = l.token("weights", "The"), cat = l.token("weights", "cat");
  CHECK(l.row_covered(c, "weights", the));  // step 4 asks which word "The" attends to most
  CHECK(l.row_clear(c, "weights", cat));    // another query's row: the live loop stays
  CHECK(l.row_clear(c, "weights", l.token("weights", "sat")));
  CHECK(l.row_covered(c, "output", the));  // computed from the covered row
  // Step 5 estimates output[The, 0]: every query's output in dimension 0
  // mixes the same values of V, so that dimension is covered for "cat" too,
  // by step 5's question; the rest of "cat"'s output is shown.
  const int output = l.index("output");
  CHECK(c.at(output, cat, 0));
  CHECK(c.asked_at(output, cat, 0) == l.step("output"));
  for (int d = 1; d < 4; ++d) CHECK_FALSE(c.at(output, cat, d));
  CHECK(c.asked_at(output, the, 1) == l.step("softmax"));
  // What the weights are computed from stays: the scores are the lesson's
  // step 3, shown before the question.
  for (const char* shown : {"X", "W_q", "W_k", "Q", "K", "V", "scores", "scaled"})
    CHECK_FALSE(c.any(l.index(shown)));
  CHECK(c.asked_at(l.index("weights")) == l.step("softmax"));
  CHECK(c.asked_at(l.index("output")) == l.step("softmax"));  // the earliest question on it
}

TEST_CASE("the cat sat: each answer uncovers what it covered, and only that") {
  const Lessoned l("the-cat-sat");
  const int the = l.token("output", "The");
  const int output = l.index("output");
  // Step 4's question answered: "The"'s weights are shown; step 5 asks for
  // output[The, 0] alone.
  const Cover c = l.cover(answered({"cat-sat-the-attends"}), "embeddings");
  CHECK_FALSE(c.any(l.index("weights")));
  CHECK(c.at(output, the, 0));
  CHECK_FALSE(c.at(output, the, 1));
  CHECK(c.at(output, l.token("output", "sat"), 0));  // the same dimension of every query's
  CHECK_FALSE(c.at(output, l.token("output", "sat"), 1));
  CHECK(c.asked_at(output) == l.step("output"));
  // Both answered (or skipped: the progress keeps either): nothing covered.
  CHECK(l.cover(answered({"cat-sat-the-attends", "cat-sat-output-estimate"}), "output").empty());
}

TEST_CASE("on the question's own step, the step's result is covered whole") {
  const Lessoned l("the-cat-sat");
  const Cover c = l.cover({}, "softmax");
  CHECK(c.all(l.index("weights")));
  CHECK(c.all(l.index("output")));
  CHECK_FALSE(c.any(l.index("scaled")));
  // Step 5's estimate on its own step: the whole output, though step 4 is answered.
  const Cover five = l.cover(answered({"cat-sat-the-attends"}), "output");
  CHECK(five.all(l.index("output")));
  CHECK_FALSE(five.any(l.index("weights")));
}

TEST_CASE("a question on the scores covers the scores' row and what follows, not Q or K") {
  const Lessoned l("she-likes-coffee");
  const Cover c = l.cover({}, "embeddings");
  const int likes = l.token("scores", "likes"), she = l.token("weights", "she");
  CHECK(l.row_covered(c, "scores", likes));
  CHECK(l.row_covered(c, "weights", likes));
  CHECK(l.row_covered(c, "weights", she));  // step 7's "close to a third each?"
  CHECK(l.row_clear(c, "weights", l.token("weights", "coffee")));
  CHECK_FALSE(c.any(l.index("Q")));
  CHECK_FALSE(c.any(l.index("K")));
  // Scores' other rows stay, and each row follows only from its own query.
  CHECK(l.row_clear(c, "scores", l.token("scores", "coffee")));
}

TEST_CASE("a matrix a step shows before the question is the lesson's content, not its answer") {
  const Lessoned l("udl-multihead");
  const Cover c = l.cover(answered({"mh-head2-x0"}), "true-values");
  CHECK_FALSE(c.any(l.index("output")));  // step 7 shows it; step 8 asks if "Your answer" equals it
  CHECK(c.all(l.index("output@your_answer")));
  CHECK(c.asked_at(l.index("output@your_answer")) == l.step("your-answer"));
  // On its own step, "Your answer"'s own computation is covered with it.
  const Cover own = l.cover(answered({"mh-head2-x0"}), "your-answer");
  CHECK(own.all(l.index("weights_h1@your_answer")));
  CHECK_FALSE(own.any(l.index("weights_h1")));
}

TEST_CASE("a pick covers the same slice of every variant: they order the keys alike") {
  const Lessoned l("udl-self-attention");
  const Cover c = l.cover({}, "inputs");
  // Step 4 asks about the unscaled weights of x1; the scaled weights the
  // live panel follows rank x1's keys the same way.
  const int x1 = l.token("weights", "x1");
  CHECK(l.row_covered(c, "weights@unscaled", x1));
  CHECK(l.row_covered(c, "weights", x1));
  // Step 6 asks whether scaling lowers x0's largest weight: the unscaled
  // weights are step 4's and 5's content by then, the scaled ones are not.
  const int x0 = l.token("weights", "x0");
  CHECK(l.row_covered(c, "weights", x0));
  CHECK(l.row_clear(c, "weights@unscaled", x0));
  CHECK(l.row_clear(c, "weights", l.token("weights", "x2")));
  CHECK_FALSE(c.any(l.index("scores")));
}

TEST_CASE("a head's question covers that head's slice, not the other head's") {
  const Lessoned l("udl-multihead");
  const Cover c = l.cover({}, "inputs");
  const int x0 = l.token("weights_h2", "x0", false);
  const int h2 = l.index("weights_h2");
  for (int k = 0; k < l.trace().matrices[h2].value.rows(); ++k) CHECK(c.at(h2, k, x0));
  CHECK_FALSE(c.any(l.index("weights_h1")));
  CHECK(c.any(l.index("output")));  // computed from head 2
}

TEST_CASE(
    "the veiled trace: covered entries are NaN, written \"?\", and texts reading them say \"?\"") {
  const Lessoned l("the-cat-sat");
  const Evaluation e{l.trace(), l.session.notebook(), l.session.state(), l.session.defaults()};
  const Cover c = l.cover(answered({"cat-sat-the-attends"}), "embeddings");
  const Trace v = veiled(l.session.lesson(), e, c);
  const int the = l.token("output", "The");
  const TraceMatrix& out = v.matrices[l.index("output")];
  CHECK(std::isnan(out.value(the, 0)));
  CHECK(out.value(the, 1) == l.trace().matrices[l.index("output")].value(the, 1));
  CHECK(number_text(out.value(the, 0), 2) == "?");
  // Step 4's sentence names "The"'s largest weight: shown, now that step 4 is answered.
  const TraceStep& softmax = v.steps[l.step("softmax")];
  CHECK(softmax.text == l.trace().steps[l.step("softmax")].text);

  // With step 4 open, its sentences read covered numbers: "?" and, for a
  // condition on them, neither shown nor marked as the notebook's.
  const Cover open = l.cover({}, "embeddings");
  const Trace w = veiled(l.session.lesson(), e, open);
  const TraceStep& s = w.steps[l.step("softmax")];
  REQUIRE(s.sentences.size() == 3);
  CHECK(s.sentences[1].covered);  // "Here every word attends mostly to "cat"" (when: largest...)
  CHECK(s.sentences[2].text.find("\"The\" attends most to \"?\" (?)") != std::string::npos);
  CHECK(s.text.find("mostly") == std::string::npos);
  // The API's trace, the session's, stays whole.
  CHECK_FALSE(std::isnan(l.trace().matrices[l.index("weights")].value(0, 0)));
}

TEST_CASE("a question that reads what an earlier open one covers waits for it") {
  const Lessoned l("the-cat-sat");
  const Lesson& lesson = l.session.lesson();
  const Prediction& four = *find_prediction(lesson, "cat-sat-the-attends");
  const Prediction& five = *find_prediction(lesson, "cat-sat-output-estimate");
  // Step 5 asks for output[The, 0], mixed by "The"'s weights: step 4's question.
  CHECK(waits_for(lesson, l.trace(), {}, five) == l.step("softmax"));
  CHECK(waits_for(lesson, l.trace(), {}, four) == -1);  // nothing open before it
  CHECK(waits_for(lesson, l.trace(), answered({"cat-sat-the-attends"}), five) == -1);
}

TEST_CASE("a lesson walked in order never has a question wait: each needs only earlier answers") {
  int checked = 0;
  for (const auto& lesson : builtin_lessons()) {
    Session session(lesson);
    LessonProgress progress;
    for (const TraceStep& ts : session.trace().steps)
      for (const Prediction& p : lesson->parts[ts.part].steps[ts.part_step].predictions) {
        INFO(lesson->id << ": " << p.id);
        CHECK(waits_for(*lesson, session.trace(), progress, p) == -1);
        progress.answers[p.id] = PredictionAnswer{};
        ++checked;
      }
  }
  CHECK(checked >= 10);
}

// Issue 39.2 on kv-cache: step 3 asks which cached word the new word ("sat",
// t = 2) attends to most and covers its new weights; the live panel's bars
// for "sat" and the whole attention are the same numbers, and gave it away.
TEST_CASE("a KV cache's question covers its twin: the new token's row of the whole attention") {
  const Lessoned l("kv-cache");
  const Cover c = l.cover(answered({"kv-new-rows"}), "weights");
  CHECK(c.all(l.index("weights_t")));
  const int weights = l.index("weights"), sat = l.token("weights", "sat");
  for (const char* key : {"The", "cat", "sat"})
    CHECK(c.at(weights, sat, l.token("weights", key, false)));
  CHECK(l.row_covered(c, "output", l.token("output", "sat")));  // computed from them
  for (const char* other : {"The", "cat", "down", "today"})
    CHECK(l.row_clear(c, "weights", l.token("weights", other)));
  // Answered, nothing of it stays covered; on another step, the same.
  CHECK_FALSE(l.cover(answered({"kv-new-rows", "kv-new-attends"}), "weights").any(weights));
  CHECK(l.cover(answered({"kv-new-rows"}), "whole")
            .at(weights, sat, l.token("weights", "cat", false)));
}

TEST_CASE("a question on the new query covers what follows from it, and their twins in the whole attention") {
  // kv-cache with one question more, on the new token's query: the cache's
  // scores and weights follow from it, and so do their twins, the new
  // token's row of the whole scores and weights (computed from Q, not q_t).
  nlohmann::json doc = nlohmann::json::parse(builtin_lesson_file("kv-cache"));
  for (auto& step : doc["steps"])
    if (step["id"] == "cache")
      step["predict"] = nlohmann::json::parse(R"([{
        "id": "q-first", "ask": "How large is the new query's first number?",
        "estimate": {"measure": {"value": {"of": "q_t", "query": 0, "key": 0}},
                     "min": -3, "max": 3, "within": 0.1},
        "reveal": ["{answer}"]}])");
  LoadResult r = load_lesson(doc.dump());
  REQUIRE_MESSAGE(r.ok(), r.error.message("kv-cache with q-first"));
  Session session(std::make_shared<const Lesson>(std::move(*r.lesson)));
  const Trace& t = session.trace();
  const int step = [&] {
    for (size_t s = 0; s < t.steps.size(); ++s)
      if (t.steps[s].id == "weights") return static_cast<int>(s);
    return -1;
  }();
  // Only the new question open: the weights step's own is answered.
  const Cover c = cover_open_predictions(session.lesson(), t, answered({"kv-new-attends"}), step);
  const auto at = [&](const char* id) { return t.index_of(test::key_of(t, id)); };
  CHECK(c.any(at("scores_t")));  // computed from q_t
  CHECK(c.all(at("weights_t")));
  // The twin: the new token's row of the whole weights, whose numbers are
  // weights_t's. The cache's step is at its first token here ("The").
  const TraceMatrix& weights = t.matrices[at("weights")];
  const int made = static_cast<int>(t.matrices[at("weights_t")].value.size()) - 1;
  const int row = t.parts[0].order[static_cast<size_t>(made)];
  CHECK(c.at(at("weights"), row, 0));
  for (int other = 0; other < weights.value.rows(); ++other)
    if (other != row) CHECK_FALSE(c.at(at("weights"), other, 0));
}

TEST_CASE("a question on no matrix covers its step's results, not the inputs the step shows beside them") {
  // kv-cache step 2 asks how many rows the cache grows by (constants only):
  // q_t … V_cache wait for the answer; W_v, shown beside them, is an input,
  // and what follows from it (V, the outputs) stays shown.
  const Lessoned l("kv-cache");
  const Cover c = l.cover({}, "cache");
  for (const char* result : {"q_t", "k_t", "v_t", "K_cache", "V_cache"}) {
    CAPTURE(result);
    CHECK(c.all(l.index(result)));
  }
  CHECK_FALSE(c.any(l.index("W_v")));
  CHECK_FALSE(c.any(l.index("V")));
  CHECK(l.row_clear(c, "output", l.token("output", "today")));
}
