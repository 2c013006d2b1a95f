#include "core/numpy_snippet.h"

#include <nlohmann/json.hpp>

#include "core/numpy_format.h"

namespace attn {

namespace {

std::string array_literal(const Matrix& m) {
  std::string out = "np.array([";
  for (int r = 0; r < m.rows(); ++r) {
    out += r ? ",\n    [" : "\n    [";
    for (int c = 0; c < m.cols(); ++c) {
      if (c) out += ", ";
      std::string v = format_round_trip(m(r, c));
      if (v.find_first_of(".en") == std::string::npos) v += ".0";  // floats, like the notebooks
      out += v;
    }
    out += "]";
  }
  return out + "])";
}

const char* scale_text(const Scaling& s) {
  switch (s.mode) {
    case ScaleMode::SqrtDk:
      return " / np.sqrt(d_k)";
    case ScaleMode::None:
      return "";
    case ScaleMode::Divide:
      return " / T";
  }
  return "";
}

}  // namespace

std::string numpy_snippet(const Lesson& lesson, const LessonState& state, int part_index) {
  const Part& part = lesson.parts[part_index];
  const PartState& ps = state.parts[part_index];
  const AttentionOptions& o = ps.options;
  const bool columns = part.layout == Layout::Columns;
  auto has = [&](Stage s) { return ps.inputs.count(s) > 0; };

  std::string s = "import numpy as np\n\n";
  s += "# Attention Lab: " + lesson.title;
  if (!part.title.empty()) s += " (" + part.title + ")";
  s += "\n# Rebuilds the current inputs and recomputes the lesson's steps.\n";
  // A JSON array of strings is a valid Python list literal: every quote,
  // backslash and control character is escaped.
  s += "tokens = " +
       nlohmann::json(part.tokens).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) +
       "\n";
  for (Stage stage : kInputStages)
    if (auto it = ps.inputs.find(stage); it != ps.inputs.end())
      s += std::string(stage_name(stage)) + " = " + array_literal(it->second) + "\n";
  if (o.scaling.mode == ScaleMode::Divide)
    s += "T = " + format_round_trip(o.scaling.divisor) + "  # temperature\n";
  s += "\n";

  // 1. Q, K, V with one row per token.
  const std::string note = columns ? "  # one row per token" : "";
  if (has(Stage::X)) {
    for (const char* n : {"q", "k", "v"}) {
      const std::string w = std::string("W_") + n, b = std::string("b_") + n;
      if (!has(*parse_name(kStageNames, w))) continue;
      std::string expr = part.layout == Layout::Rows                    ? "X @ " + w
                         : part.layout == Layout::RowsTransposedWeights ? "X @ " + w + ".T"
                                                                        : w + " @ X";
      if (has(*parse_name(kStageNames, b))) expr += " + " + b;
      const std::string upper(1, static_cast<char>(n[0] - 'a' + 'A'));
      s += upper + " = " + (columns ? "(" + expr + ").T" : expr) + note + "\n";
    }
  } else if (has(Stage::Q)) {
    if (columns) s += "Q, K = Q.T, K.T" + note + "\n";
    if (columns && has(Stage::V)) s += "V = V.T\n";
  } else if (has(Stage::weights)) {
    if (columns) s += "V = V.T" + note + "\n";
  }

  const bool qk = has(Stage::X) || has(Stage::Q);
  const bool v = has(Stage::W_v) || has(Stage::V);
  if (!qk) {
    s += "\noutput = weights @ V\n";
  } else {
    s += "\nH = " + std::to_string(part.heads) + "  # heads\n";
    s += "d_k = Q.shape[1] // H\n";
    if (v) s += "d_v = V.shape[1] // H\n";
    s += "N = Q.shape[0]\n";
    if (o.causal)
      s += "hidden = np.triu(np.ones((N, N), dtype=bool), k=1)  # keys after the query\n";
    s += "heads, all_weights = [], []\n";
    s += "for h in range(H):\n";
    s += "    q, k = Q[:, h*d_k:(h+1)*d_k], K[:, h*d_k:(h+1)*d_k]\n";
    const bool key_rows = o.arrangement == Arrangement::KeyRows;
    s += std::string("    scores = ") + (key_rows ? "k @ q.T" : "q @ k.T") + scale_text(o.scaling) +
         (key_rows ? "  # (keys, queries)\n" : "  # (queries, keys)\n");
    if (o.causal)
      s += std::string("    scores = np.where(") + (key_rows ? "hidden.T" : "hidden") +
           ", -np.inf, scores)\n";
    const char* axis = key_rows ? "0" : "-1";
    s += std::string("    e = np.exp(scores - np.max(scores, axis=") + axis + ", keepdims=True))\n";
    s += std::string("    weights = e / np.sum(e, axis=") + axis + ", keepdims=True)\n";
    s += "    all_weights.append(weights)\n";
    if (v) {
      const char* product = o.arrangement == Arrangement::QueryRows
                                ? "weights @ V[:, h*d_v:(h+1)*d_v]"
                                : "weights.T @ V[:, h*d_v:(h+1)*d_v]";
      s += std::string("    heads.append(") + product + ")";
      if (o.arrangement == Arrangement::QueryRowsAppliedAsKeyRows)
        s += "  # notebook 003's arrangement";
      s += "\n";
      s += "output = np.hstack(heads)\n";
      if (has(Stage::W_o))
        s += std::string("output = output @ ") + (part.layout == Layout::Rows ? "W_o" : "W_o.T") +
             "\n";
    }
  }
  if (v && columns) s += "output = output.T  # back to one column per token\n";
  s += "\nnp.set_printoptions(precision=" + std::to_string(part.precision) +
       (part.suppress ? ", suppress=True" : "") + ")\n";
  if (qk) s += "for w in all_weights:\n    print(w)\n";
  if (v) s += "print(output)\n";
  return s;
}

}  // namespace attn
