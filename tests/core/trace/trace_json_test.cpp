// Tests of core/trace/trace_json.h: the trace as JSON.
#include "core/trace/trace_json.h"

#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include "core/load/lesson_loader.h"
#include "core/logic/build_trace.h"
#include "support/printed.h"

using namespace attn;

TEST_CASE("every step with its matrices by id, label, axis labels and numbers") {
  const Trace t = test::notebook_trace("the-cat-sat");
  const nlohmann::json j = nlohmann::json::parse(trace_to_json(t));
  CHECK(j["id"] == "the-cat-sat");
  REQUIRE(j["steps"].size() == t.steps.size());
  const nlohmann::json& softmax = j["steps"][3];
  CHECK(softmax["id"] == "softmax");
  REQUIRE(softmax["matrices"].size() == 1);
  const nlohmann::json& w = softmax["matrices"][0];
  CHECK(w["name"] == "weights");
  CHECK(w["rows"] == std::vector<std::string>{"The", "cat", "sat"});
  CHECK(w["data"][0][1].get<double>() == test::matrix_of(t, "weights").value(0, 1));
  CHECK(j["result"]["weights"][0] == w["data"]);
  CHECK(j["result"]["output"][2][3].get<double>() == test::matrix_of(t, "output").value(2, 3));
}

TEST_CASE("numbers read back to the same double; a masked score is null") {
  // Default steps: with the mask on, a step shows the masked scores.
  const LoadResult r = load_lesson(R"({"id": "m", "title": "m", "tokens": ["a", "b", "c"],
    "causal": true, "Q": [[1, 0], [0, 1], [1, 1]], "K": [[1, 2], [0, 1], [3, 1]]})");
  REQUIRE(r.ok());
  const Trace t = build_trace(*r.lesson, default_state(*r.lesson));
  const nlohmann::json j = nlohmann::json::parse(trace_to_json(t));
  bool found_null = false;
  for (const auto& step : j["steps"])
    for (const auto& m : step["matrices"]) {
      const TraceMatrix& tm = test::matrix_of(t, m["name"].get<std::string>());
      for (int r = 0; r < tm.value.rows(); ++r)
        for (int c = 0; c < tm.value.cols(); ++c) {
          const auto& v = m["data"][r][c];
          if (std::isinf(tm.value(r, c))) {
            CHECK(v.is_null());
            found_null = true;
          } else {
            CHECK(v.get<double>() == tm.value(r, c));
          }
        }
    }
  CHECK(found_null);
}

TEST_CASE("ids carry the part in lessons with parts") {
  const nlohmann::json j =
      nlohmann::json::parse(trace_to_json(test::notebook_trace("qk-transpose")));
  CHECK(j["steps"][0]["matrices"][0]["name"] == "basic/Q");
}
