// Training in a lesson: the cat sat, causal, trained toward attending to the
// token before (T = [[1, 0, 0], [1, 0, 0], [0, 1, 0]]) on W_q and W_k at lr 0.5
// for 10 steps, as numpy does it (core/math/training_test.cpp has the loop):
// the loss before each step, the gradients at the learner's numbers, the
// trained matrices and the part computed with them (the variant "trained");
// the same in the columns layout; training goes on from the learner's edits.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "core/learning/session.h"
#include "core/load/builtin_lessons.h"
#include "core/load/lesson_loader.h"
#include "support/matrices.h"

using namespace attn;
using namespace attn::test;

namespace {

nlohmann::json cat_sat_training() {
  nlohmann::json file = nlohmann::json::parse(builtin_lesson_file("the-cat-sat"));
  file.erase("steps");
  file.erase("names");
  file["causal"] = true;
  file["train"] = {
      {"target", {{"weights", {{1, 0, 0}, {1, 0, 0}, {0, 1, 0}}}}}, {"lr", 0.5}, {"steps", 10}};
  return file;
}

Session session_of(const nlohmann::json& file) {
  LoadResult r = load_lesson(file.dump());
  INFO(r.error.message("training"));
  REQUIRE(r.ok());
  return Session(std::make_shared<const Lesson>(std::move(*r.lesson)));
}

const Matrix& of(const Session& s, Stage stage, int variant = 0) {
  const TraceMatrix* m = s.trace().find({0, stage, 0, variant});
  REQUIRE(m);
  return m->value;
}

Matrix gradient_w_q() {
  return from_rows(
      {{-0.06564428464709413, 0.012249363287419851, 0.00928305102454885, 0.012256764554799127},
       {0.8858353607315232, 0.3297261256845153, 0.18564198478636784, 0.4426651317365184},
       {-0.06564428464709413, 0.012249363287419851, 0.00928305102454885, 0.012256764554799127},
       {0.8858353607315232, 0.3297261256845153, 0.18564198478636784, 0.4426651317365184}});
}
Matrix trained_w_q() {
  return from_rows(
      {{0.9834387699737231, 0.3765332833012081, 0.6358260430597479, 0.3921100444461434},
       {-0.326163270167295, 0.33512601599267666, 0.14179907663280575, 0.35774113465846874},
       {1.3982880265474276, 0.044785435754566304, 0.8247877050707685, 0.376121781202151},
       {-0.18177350841226744, 0.6148285412186818, -0.22475207643199982, -0.4469025664220702}});
}
Matrix trained_w_k() {
  return from_rows(
      {{-0.36611664970050456, 0.7823033968166917, 0.44329948513629347, 0.7272988118443394},
       {1.2540700450574953, 0.3562019008129525, 0.6990430570141579, 0.7165040772413199},
       {-0.2680606212718971, 0.5896045725962775, -0.1915039784045106, 0.8019555806471043},
       {0.7973000245748028, -0.028294723413247527, 0.502119306865853, 0.7102085903890811}});
}
const double kLoss[] = {2.07325738834314,     0.9837056895607833,  0.5672221652621311,
                        0.3500091756434242,   0.21271425047213907, 0.13893218557646045,
                        0.09836934750433478,  0.07421391884093698, 0.058683140476611585,
                        0.048049289311206035, 0.04039809848095863};

}  // namespace

TEST_CASE("the cat sat trained toward the token before: numpy's losses, gradients, weights") {
  Session s = session_of(cat_sat_training());
  const int trained = static_cast<int>(s.lesson().parts[0].variants.size());
  REQUIRE(s.lesson().parts[0].variants.back().id == "trained");
  const Matrix& loss = of(s, Stage::loss);
  REQUIRE(loss.cols() == 11);
  for (int i = 0; i <= 10; ++i) CHECK(loss(0, i) == doctest::Approx(kLoss[i]).epsilon(1e-10));
  CHECK(max_abs_diff(of(s, Stage::grad_W_q), gradient_w_q()) <= 1e-12);
  CHECK(of(s, Stage::grad_W_k).rows() == 4);
  CHECK_FALSE(s.trace().find({0, Stage::grad_W_v, 0, 0}));  // not trained: no gradient shown
  CHECK(max_abs_diff(of(s, Stage::W_q, trained), trained_w_q()) <= 1e-10);
  CHECK(max_abs_diff(of(s, Stage::W_k, trained), trained_w_k()) <= 1e-10);
  // The part after training attends more to the token before.
  const Matrix &before = of(s, Stage::weights), &after = of(s, Stage::weights, trained);
  CHECK(after(1, 0) > before(1, 0));
  CHECK(after(2, 1) > before(2, 1));
  CHECK(max_abs_diff(of(s, Stage::target), from_rows({{1, 0, 0}, {1, 0, 0}, {0, 1, 0}})) == 0);
}

TEST_CASE("training goes on from the learner's numbers, and in the columns layout the same") {
  Session s = session_of(cat_sat_training());
  const double start = of(s, Stage::loss)(0, 0);
  REQUIRE(s.set_value({0, Stage::W_k, 0, 0}, 0, 0, 1.5).empty());
  CHECK(of(s, Stage::loss)(0, 0) != start);  // from the edited numbers
  // The columns layout: every matrix written transposed, the same training.
  Session r = session_of(cat_sat_training());
  nlohmann::json rows = cat_sat_training(), columns;
  rows.erase("random");
  auto written = [](const Matrix& m, bool t) {
    std::vector<std::vector<double>> out(t ? m.cols() : m.rows());
    for (int i = 0; i < m.rows(); ++i)
      for (int j = 0; j < m.cols(); ++j) (t ? out[j] : out[i]).push_back(m(i, j));
    return out;
  };
  for (const auto& [stage, m] : r.state().parts[0].inputs)
    rows[std::string(stage_name(stage))] = written(m, false);
  columns = rows;
  columns["layout"] = "columns";
  for (const auto& [stage, m] : r.state().parts[0].inputs)
    columns[std::string(stage_name(stage))] = written(m, true);
  Session c = session_of(columns);
  for (int i = 0; i <= 10; ++i)
    CHECK(of(c, Stage::loss)(0, i) == doctest::Approx(of(r, Stage::loss)(0, i)).epsilon(1e-10));
  const int trained = static_cast<int>(c.lesson().parts[0].variants.size());
  CHECK(max_abs_diff(transpose(of(c, Stage::W_q, trained)), of(r, Stage::W_q, trained)) <= 1e-12);
  // The learning rate the learner sets wins over the lesson's.
  Session lr = session_of(cat_sat_training());
  lr.set_learning_rate(0, 0.01);
  CHECK(of(lr, Stage::loss)(0, 10) > of(r, Stage::loss)(0, 10));
}

TEST_CASE("ten steps taken one at a time end where the lesson's ten steps do") {
  Session s = session_of(cat_sat_training());
  const int trained = static_cast<int>(s.lesson().parts[0].variants.size());
  const Matrix w_q = of(s, Stage::W_q, trained), w_k = of(s, Stage::W_k, trained);
  for (int step = 0; step < 10; ++step) {
    CHECK(of(s, Stage::loss)(0, 0) == doctest::Approx(kLoss[step]).epsilon(1e-10));
    REQUIRE(s.train_step(0).empty());
  }
  CHECK(max_abs_diff(of(s, Stage::W_q), w_q) <= 1e-12);
  CHECK(max_abs_diff(of(s, Stage::W_k), w_k) <= 1e-12);
  // The learning rate the learner sets is kept within the limits.
  s.set_learning_rate(0, 1e9);
  CHECK(s.state().parts[0].options.lr == Limits::kMaxLearningRate);
}
