// cache_trace: every step t of generating with a KV cache, against numpy, and
// the rows made one at a time against the whole causal attention.
// lessons/kv-cache.json (np.random.seed(57); W_q, W_k, W_v =
// np.random.normal(0, 0.5, (4, 4)) each; Q, K, V = X @ W_q, X @ W_k, X @ W_v):
//   q_t = Q[t];  K_cache, V_cache = K[:t+1], V[:t+1]
//   weights_t = softmax(q_t @ K_cache.T / sqrt(4));  output_t = weights_t @ V_cache
// and the cat sat with two heads (np.random.seed(0); np.random.rand(4, 4)
// three times), each head on its two columns, divided by sqrt(2), the
// outputs concatenated. Numbers: numpy 1.24 (float64), printed with repr.
#include <doctest/doctest.h>

#include <nlohmann/json.hpp>
#include <vector>

#include "core/load/builtin_lessons.h"
#include "core/load/lesson_loader.h"
#include "core/logic/build_trace.h"
#include "core/trace/cache_trace.h"
#include "core/trace/trace_json.h"
#include "support/matrices.h"

using namespace attn;
using namespace attn::test;

namespace {

constexpr double kEpsilon = 1e-12;

const Matrix& at(const CacheTraceStep& step, Stage stage, int head = 0) {
  for (const TraceMatrix& m : step.matrices)
    if (m.key.stage == stage && m.key.head == head) return m.value;
  FAIL("no matrix ", stage_name(stage), " at t = ", step.t);
  static const Matrix none;
  return none;
}

void check(const Matrix& actual, const Matrix& expected) {
  REQUIRE(actual.rows() == expected.rows());
  REQUIRE(actual.cols() == expected.cols());
  CHECK(max_abs_diff(actual, expected) < kEpsilon);
}

Matrix numpy_Q() {
  return from_rows(
      {{0.8075579252958035, -0.9448926765587621, -0.9781556842937589, -1.121669110257801},
       {0.5897363513370134, 2.1609044475368346, -3.3132691593375583, 0.605371372336598},
       {1.1024261009643102, 0.13555954720965518, -2.634790263962538, -0.8189834240895019},
       {0.742031846622351, -1.0452157278425245, -1.8232171292664225, -1.5188783484630566},
       {-0.5346587345638395, -0.13807353073070316, -1.1959400500510322, -0.47752824739860716}});
}
Matrix numpy_K() {
  return from_rows(
      {{0.2062740610097133, 0.3429035080076153, -0.09695599198892599, 0.5544777237539215},
       {2.1834439704819335, -1.847966878585083, -0.7394217497709656, 0.6753258123441473},
       {1.29799604625068, -0.5810799312849262, -0.46666686687440884, 0.8921406299259952},
       {0.09281535234270144, 0.12692756507473146, -0.26685301680102663, 0.5294113618129217},
       {-0.024226058440584328, -0.9133640615478102, -1.0685833318604874, 0.004359293005333994}});
}
Matrix numpy_V() {
  return from_rows(
      {{0.7920104641448643, 0.3448632116755118, 0.734527981569422, 1.4286423733915585},
       {1.527927540625393, -2.3314229027970192, -1.005105609923356, -2.5682383682939207},
       {1.555974234457561, -0.8208482397229979, 0.23197517660774397, 0.14452318924459817},
       {1.395799051562521, 0.7845676849564414, 1.1531445377301512, 2.2413545701585167},
       {1.082685579363228, -0.18222544004329794, 0.4104409089694534, 0.2529307575670765}});
}
const std::vector<std::vector<double>> kWeights = {
    {1.0},
    {0.6644561681899291, 0.3355438318100708},
    {0.10968017763356276, 0.6237868878833744, 0.26653293448306287},
    {0.06396037212844657, 0.6858725567500622, 0.16847512609889334, 0.08169194502259793},
    {0.15565876196718798, 0.15227411567127513, 0.14260233775000808, 0.18136028714341007,
     0.3681044974681187}};
Matrix numpy_output() {
  return from_rows(
      {{0.7920104641448643, 0.3448632116755118, 0.734527981569422, 1.4286423733915585},
       {1.0389428998816057, -0.553148086194687, 0.15080466033441986, 0.08751369403853504},
       {1.4546873925630723, -1.635269468658552, -0.48457951636436586, -1.4068194800821057},
       {1.4747893475736085, -1.6512010583642847, -0.5091090041318624, -1.4626585413110318},
       {1.229516694578151, -0.34317784153011766, 0.3545841198354259, 0.35151147925896853}});
}

Matrix row(const std::vector<double>& values) {
  Matrix m(1, static_cast<int>(values.size()));
  for (size_t c = 0; c < values.size(); ++c) m(0, static_cast<int>(c)) = values[c];
  return m;
}

Lesson load(const std::string& text) {
  LoadResult r = load_lesson(text);
  INFO(r.error.message("lesson"));
  REQUIRE(r.ok());
  return std::move(*r.lesson);
}

}  // namespace

TEST_CASE("cache_trace: kv-cache's every step t as numpy computes it") {
  const Lesson lesson = load(std::string(builtin_lesson_file("kv-cache")));
  const std::vector<CacheTraceStep> steps = cache_trace(lesson, default_state(lesson));
  REQUIRE(steps.size() == 5);
  const char* tokens[] = {"The", "cat", "sat", "down", "today"};
  for (int t = 0; t < 5; ++t) {
    CAPTURE(t);
    const CacheTraceStep& s = steps[static_cast<size_t>(t)];
    CHECK(s.t == t);
    CHECK(s.part == 0);
    CHECK(s.token == tokens[t]);
    check(at(s, Stage::q_t), slice_rows(numpy_Q(), t, t + 1));
    check(at(s, Stage::K_cache), slice_rows(numpy_K(), 0, t + 1));
    check(at(s, Stage::V_cache), slice_rows(numpy_V(), 0, t + 1));
    check(at(s, Stage::weights_t), row(kWeights[static_cast<size_t>(t)]));
    check(at(s, Stage::output_t), slice_rows(numpy_output(), t, t + 1));
  }
  // One step alone is that step of the whole list.
  const std::vector<CacheTraceStep> one = cache_trace(lesson, default_state(lesson), 3);
  REQUIRE(one.size() == 1);
  CHECK(one[0].t == 3);
  check(at(one[0], Stage::weights_t), row(kWeights[3]));
}

TEST_CASE("cache_trace: the rows made one at a time are the whole causal attention's") {
  const Lesson lesson = load(std::string(builtin_lesson_file("kv-cache")));
  const Trace whole = build_trace(lesson, default_state(lesson));
  const TraceMatrix* weights = whole.find({0, Stage::weights, 0, 0});
  const TraceMatrix* output = whole.find({0, Stage::output, 0, 0});
  REQUIRE(weights);
  REQUIRE(output);
  for (const CacheTraceStep& s : cache_trace(lesson, default_state(lesson))) {
    CAPTURE(s.t);
    const Matrix& w_t = at(s, Stage::weights_t);
    REQUIRE(w_t.cols() == s.t + 1);
    for (int k = 0; k < weights->value.cols(); ++k)  // nothing after t: masked
      CHECK(weights->value(s.t, k) == doctest::Approx(k <= s.t ? w_t(0, k) : 0.0).epsilon(1e-15));
    check(at(s, Stage::output_t), slice_rows(output->value, s.t, s.t + 1));
  }
}

TEST_CASE("cache_trace: two heads, each head's weights row at every t as numpy computes it") {
  nlohmann::json file = nlohmann::json::parse(builtin_lesson_file("the-cat-sat"));
  file.erase("steps");
  file.erase("names");
  file.update(nlohmann::json{{"heads", 2}, {"causal", true}, {"kv_cache", true}});
  const Lesson lesson = load(file.dump());
  struct Expected {
    int t;
    std::vector<double> head1, head2, output;
  };
  const std::vector<Expected> expected = {
      {0,
       {1.0},
       {1.0},
       {0.8156582327903346, 1.00546590266799, 0.71642099636362, 0.6778609687051469}},
      {1,
       {0.002156440901664806, 0.9978435590983352},
       {0.10209268046591057, 0.8979073195340894},
       {2.55396821257261, 2.571758815510099, 2.1457460378309063, 1.5251552503116539}},
      {2,
       {0.00090355812128877, 0.8717058194578613, 0.1273906224208498},
       {0.02515802161578164, 0.3364917640142293, 0.6383502143699891},
       {2.4971429458415484, 2.5377877835141507, 1.9888016823486496, 1.5129257044530726}}};
  const std::vector<CacheTraceStep> steps = cache_trace(lesson, default_state(lesson));
  REQUIRE(steps.size() == expected.size());
  const Trace whole = build_trace(lesson, default_state(lesson));
  for (const Expected& e : expected) {
    CAPTURE(e.t);
    const CacheTraceStep& s = steps[static_cast<size_t>(e.t)];
    check(at(s, Stage::weights_t, 1), row(e.head1));
    check(at(s, Stage::weights_t, 2), row(e.head2));
    check(at(s, Stage::output_t), row(e.output));
    check(at(s, Stage::output_t),
          slice_rows(whole.find({0, Stage::output, 0, 0})->value, e.t, e.t + 1));
  }
}

TEST_CASE("cache_trace: the JSON carries every step; a lesson without a cache has none") {
  const Lesson lesson = load(std::string(builtin_lesson_file("kv-cache")));
  const Trace trace = build_trace(lesson, default_state(lesson));
  const std::vector<CacheTraceStep> steps = cache_trace(lesson, default_state(lesson));
  const nlohmann::json doc = nlohmann::json::parse(trace_to_json(trace, -1, &steps));
  REQUIRE(doc["cache"].size() == 5);
  CHECK(doc["cache"][4]["token"] == "today");
  CHECK(doc["cache"][4]["matrices"][1]["name"] == "K_cache");
  CHECK(doc["cache"][4]["matrices"][1]["data"].size() == 5);
  CHECK_FALSE(nlohmann::json::parse(trace_to_json(trace)).contains("cache"));

  const Lesson plain = load(std::string(builtin_lesson_file("the-cat-sat")));
  CHECK(cache_trace(plain, default_state(plain)).empty());
}
