// The trace as JSON, for `attention-cli trace` and the page (trace_json.h).
#include "core/trace/trace_json.h"

#include <algorithm>
#include <nlohmann/json.hpp>

namespace attn {

namespace {

// Keys come out sorted (nlohmann::json's std::map): a second instantiation for
// ordered_json would cost the page ~2.5 kB gzipped for the look of the CLI's output.
using json = nlohmann::json;

json data_of(const Matrix& m) {
  json rows = json::array();
  for (int r = 0; r < m.rows(); ++r)
    rows.push_back(json(std::vector<double>(m.row(r), m.row(r) + m.cols())));
  return rows;  // non-finite numbers dump as null
}

json matrix_json(const Trace& t, const TraceMatrix& m) {
  return json{{"name", t.id_of(m.key)},
              {"label", m.label},
              {"changeable", m.editable      ? "input"
                             : m.overridable ? "what-if"
                                             : ""},
              {"rows", m.rows},
              {"cols", m.cols},
              {"data", data_of(m.value)}};
}

}  // namespace

std::string trace_to_json(const Trace& trace, int indent,
                          const std::vector<CacheTraceStep>* cache) {
  json steps = json::array();
  for (const TraceStep& s : trace.steps) {
    json matrices = json::array();
    for (int i : s.matrices) matrices.push_back(matrix_json(trace, trace.matrices[i]));
    json sentences = json::array();
    for (const TraceSentence& x : s.sentences)
      sentences.push_back(json{{"text", x.text}, {"holds", x.holds}});
    steps.push_back(json{{"id", s.id},
                         {"title", s.title},
                         {"formula", s.formula},
                         {"text", s.text},
                         {"sentences", std::move(sentences)},
                         {"part", s.part},
                         {"precision", s.precision},
                         {"matrices", std::move(matrices)}});
  }
  json weights = json::array();
  for (int i : trace.result_weights) weights.push_back(data_of(trace.matrices[i].value));
  json output =
      trace.result_output >= 0 ? data_of(trace.matrices[trace.result_output].value) : json(nullptr);
  json doc{{"id", trace.lesson_id},
           {"title", trace.title},
           {"source", trace.source},
           {"steps", std::move(steps)},
           {"result", json{{"weights", std::move(weights)}, {"output", std::move(output)}}}};
  // Training (the main part's): the loss before each step, the gradients at
  // the numbers now, the trained matrices after the steps (by their names).
  const int part = trace.main_part;
  if (const TraceMatrix* loss = trace.find({part, Stage::loss, 0, 0})) {
    json training{{"loss", loss->value.rows()
                               ? json(std::vector<double>(loss->value.row(0),
                                                          loss->value.row(0) + loss->value.cols()))
                               : json::array()},
                  {"gradients", json::object()},
                  {"trained", json::object()}};
    const std::vector<std::string>& variants = trace.parts[static_cast<size_t>(part)].variants;
    const auto trained = std::find(variants.begin(), variants.end(), "trained");
    for (const TraceMatrix& m : trace.matrices) {
      if (m.key.part != part) continue;
      const Stage input = trained_input(m.key.stage);
      if (input != m.key.stage)
        training["gradients"][std::string(stage_name(input))] = data_of(m.value);
      else if (trained != variants.end() && param_for(m.key.stage) &&
               m.key.variant == trained - variants.begin() + 1)
        training["trained"][std::string(stage_name(m.key.stage))] = data_of(m.value);
    }
    doc["training"] = std::move(training);
  }
  if (cache && !cache->empty()) {
    json steps_t = json::array();
    for (const CacheTraceStep& s : *cache) {
      json matrices = json::array();
      for (const TraceMatrix& m : s.matrices) matrices.push_back(matrix_json(trace, m));
      steps_t.push_back(json{
          {"part", s.part}, {"t", s.t}, {"token", s.token}, {"matrices", std::move(matrices)}});
    }
    doc["cache"] = std::move(steps_t);
  }
  // Replace invalid UTF-8 rather than throw: text came from a validated lesson,
  // but the page must never abort on a string.
  return doc.dump(indent, ' ', false, json::error_handler_t::replace);
}

}  // namespace attn
