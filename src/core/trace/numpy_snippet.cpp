#include "core/trace/numpy_snippet.h"

#include <nlohmann/json.hpp>

#include "core/text/numpy_format.h"

namespace attn {

namespace {

// A Python string literal: a JSON string is one, every quote, backslash and
// control character escaped.
std::string py_string(const std::string& s) {
  return nlohmann::json(s).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string array_literal(const Matrix& m) {
  std::string out = "np.array([";
  for (int r = 0; r < m.rows(); ++r) {
    out += r ? ",\n    [" : "\n    [";
    for (int c = 0; c < m.cols(); ++c) {
      if (c) out += ", ";
      std::string v = format_round_trip(m(r, c));  // the exact double, as short as it goes
      if (v.find_first_of(".en") == std::string::npos) v += ".0";  // floats, like the notebooks
      out += v;
    }
    out += "]";
  }
  return out + "])";
}

std::string scale_argument(const Scaling& s) {
  switch (s.mode) {
    case ScaleMode::SqrtDk:
      return "\"sqrt_dk\"";
    case ScaleMode::None:
      return "\"none\"";
    case ScaleMode::Divide:
      return "T";
  }
  return "\"sqrt_dk\"";
}

// A Python name for a variant's results.
std::string run_name(const Part& part, int variant) {
  if (!variant) return "mine";
  std::string id = part.variants[variant - 1].id;
  for (char& c : id)
    if (c == '-') c = '_';
  return "variant_" + id;
}

const char* kAttention = R"(
def attention(Q, K, V, heads, scale, causal, arrangement, what_ifs=()):
    """Scaled dot-product attention, one row per token, every step kept per head."""
    N = Q.shape[0]
    d_k = Q.shape[1] // heads
    d_v = V.shape[1] // heads if V is not None else 0
    hidden = np.triu(np.ones((N, N), dtype=bool), k=1)  # the keys after each query
    key_rows = arrangement == "key_rows"
    axis = 0 if key_rows else -1  # softmax over each query's keys
    run = {"scores": [], "scaled": [], "masked": [], "weights": [], "context": []}
    for h in range(heads):
        q, k = Q[:, h*d_k:(h+1)*d_k], K[:, h*d_k:(h+1)*d_k]
        # 1. scores: (keys, queries) when keys are rows, else (queries, keys)
        scores = k @ q.T if key_rows else q @ k.T
        for stage, head, r, c, value in what_ifs:  # your what-ifs
            if (stage, head) == ("scores", h): scores[r, c] = value
        # 2. scaled by sqrt(d_k), by nothing, or by a temperature T
        divisor = np.sqrt(d_k) if scale == "sqrt_dk" else 1.0 if scale == "none" else scale
        scaled = scores / divisor
        for stage, head, r, c, value in what_ifs:
            if (stage, head) == ("scaled", h): scaled[r, c] = value
        # 3. the causal mask: -inf where a key comes after its query
        logits = np.where(hidden.T if key_rows else hidden, -np.inf, scaled) if causal else scaled
        # 4. softmax, the maximum subtracted first
        e = np.exp(logits - logits.max(axis=axis, keepdims=True))
        weights = e / e.sum(axis=axis, keepdims=True)
        for stage, head, r, c, value in what_ifs:
            if (stage, head) == ("weights", h): weights[r, c] = value
        run["scores"].append(scores)
        run["scaled"].append(scaled)
        run["masked"].append(logits)
        run["weights"].append(weights)
        # 5. each query's output: its weights times the values
        if V is not None:
            v = V[:, h*d_v:(h+1)*d_v]
            run["context"].append(weights @ v if arrangement == "query_rows" else weights.T @ v)
    return run
)";

}  // namespace

std::string numpy_snippet(const Lesson& lesson, const LessonState& state, const Trace& trace,
                          const SnippetRequest& request) {
  const Part& part = lesson.parts[request.part];
  const PartState& ps = state.parts[request.part];
  const bool columns = part.layout == Layout::Columns;
  const bool weight_out_in = part.layout != Layout::Rows;  // W stored (out, in)
  auto has = [&](Stage s) { return ps.inputs.count(s) > 0; };
  const bool qk = has(Stage::X) || has(Stage::Q);
  const bool values = has(Stage::W_v) || has(Stage::V);

  std::string s = "import numpy as np\n\n";
  s += "# Attention Lab: " + request.heading + "\n";
  s += "# Your numbers (changes included), computed as the notebook does, printing what the step "
       "shows.\n";
  s += "tokens = [";
  for (size_t i = 0; i < part.tokens.size(); ++i) s += (i ? ", " : "") + py_string(part.tokens[i]);
  s += "]\n";
  for (Stage stage : kInputStages)
    if (auto it = ps.inputs.find(stage); it != ps.inputs.end())
      s += std::string(stage_name(stage)) + " = " + array_literal(it->second) + "\n";
  if (ps.options.scaling.mode == ScaleMode::Divide)
    s += "T = " + format_round_trip(ps.options.scaling.divisor) + "  # the temperature\n";
  if (!ps.overrides.empty()) {
    s += "what_ifs = [  # numbers you set: (step, head, row, column, value)\n";
    for (const Override& o : ps.overrides)
      s += "    (\"" + std::string(stage_name(o.stage)) + "\", " +
           std::to_string(std::max(o.head, 1) - 1) + ", " + std::to_string(o.row) + ", " +
           std::to_string(o.col) + ", " + format_round_trip(o.value) + "),\n";
    s += "]\n";
  }

  // 1. Q, K, V as the notebook writes them, then one row per token for attention.
  s += "\n";
  const std::string t = columns ? ".T" : "";
  if (has(Stage::X)) {
    for (const char* n : {"q", "k", "v"}) {
      const std::string w = std::string("W_") + n, b = std::string("b_") + n;
      if (!has(*parse_name(kStageNames, w))) continue;
      std::string expr = part.layout == Layout::Rows                    ? "X @ " + w
                         : part.layout == Layout::RowsTransposedWeights ? "X @ " + w + ".T"
                                                                        : w + " @ X";
      if (has(*parse_name(kStageNames, b))) expr += " + " + b;
      s += std::string(1, static_cast<char>(n[0] - 'a' + 'A')) + " = " + expr + "\n";
    }
  }
  std::vector<int> runs{0};
  for (size_t v = 0; v < part.variants.size(); ++v) runs.push_back(static_cast<int>(v) + 1);
  auto options_of = [&](int v) {
    AttentionOptions o = ps.options;
    if (v) {
      const Variant& var = part.variants[v - 1];
      if (var.scaling) o.scaling = *var.scaling;
      if (var.causal) o.causal = *var.causal;
      if (var.arrangement) o.arrangement = *var.arrangement;
    }
    return o;
  };
  if (qk) {
    s += kAttention;
    s += "\n";
    s += std::string("rows = (Q") + t + ", K" + t + ", " + (values ? "V" + t : "None") + ")" +
         (columns ? "  # one row per token" : "") + "\n";
    for (int v : runs) {
      const AttentionOptions o = options_of(v);
      s += run_name(part, v) + " = attention(*rows, " + std::to_string(part.heads) + ", " +
           scale_argument(o.scaling) + ", " + (o.causal ? "True" : "False") + ", \"" +
           std::string(name_of(kArrangementNames, o.arrangement)) + "\"" +
           (v == 0 && !ps.overrides.empty() ? ", what_ifs" : "") + ")" +
           (v ? "  # " + part.variants[v - 1].label : "") + "\n";
    }
    if (values) {
      s += "for run in (";
      for (size_t i = 0; i < runs.size(); ++i) s += (i ? ", " : "") + run_name(part, runs[i]);
      s += runs.size() == 1 ? ",):\n" : "):\n";
      s += "    run[\"concat\"] = np.hstack(run[\"context\"])  # the heads side by side\n";
      if (has(Stage::W_o))
        s += std::string("    run[\"output\"] = run[\"concat\"] @ ") +
             (weight_out_in ? "W_o.T" : "W_o") + "\n";
      else
        s += "    run[\"output\"] = run[\"concat\"]\n";
    }
  } else if (has(Stage::weights)) {  // given weights
    for (int v : runs) {
      const Arrangement a = options_of(v).arrangement;
      s += run_name(part, v) + " = {\"output\": " +
           (a == Arrangement::QueryRows ? "weights @ V" + t : "weights.T @ V" + t) + "}\n";
    }
  }

  // 2. What the step shows, as the page shows it.
  s += "\nnp.set_printoptions(precision=" + std::to_string(request.digits) +
       ", floatmode=\"fixed\", suppress=True, linewidth=100000, threshold=1000000)\n";
  for (const MatrixKey& key : request.shown) {
    const TraceMatrix* m = trace.find(key);
    if (!m) continue;
    std::string expr;
    const std::string run = run_name(part, key.variant);
    const std::string head = std::to_string(std::max(key.head, 1) - 1);
    switch (key.stage) {
      case Stage::K_T:
        expr = "K.T";
        break;
      case Stage::scores:
      case Stage::scaled:
      case Stage::masked:
      case Stage::weights:
        expr = m->editable ? "weights"
                           : run + "[\"" + std::string(stage_name(key.stage)) + "\"][" + head + "]";
        break;
      case Stage::context:
        expr = run + "[\"context\"][" + head + "]" + t;
        break;
      case Stage::concat:
      case Stage::output:
        expr = run + "[\"" + std::string(stage_name(key.stage)) + "\"]" + t;
        break;
      default:  // inputs, and Q, K, V as computed above
        expr = std::string(stage_name(key.stage));
        break;
    }
    s += "print(" + py_string(m->label) + ")\nprint(" + expr + ")\n";
  }
  return s;
}

}  // namespace attn
