// "Copy as numpy": writes the snippet, a part's inputs as numpy arrays, the
// Python functions it needs (numpy_snippet_python.cpp) called with the
// part's settings, and prints of the step's matrices.
#include "core/trace/numpy_snippet.h"

#include <nlohmann/json.hpp>

#include "core/text/numpy_format.h"
#include "core/trace/numpy_snippet_python.h"

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

void replace_all(std::string& text, const std::string& from, const std::string& to) {
  for (size_t at = 0; (at = text.find(from, at)) != std::string::npos; at += to.size())
    text.replace(at, from.size(), to);
}

// Whether a part's tokens stand anywhere but 0, 1, 2… in the lesson's order,
// or read anything else: the snippet computes where they stand.
bool moves_tokens(const Part& part, const AttentionOptions& options) {
  bool variants = false;
  for (const Variant& v : part.variants) variants = variants || v.moves_tokens();
  return variants || part.sequence.positions != PositionKind::None || part.sequence.rope ||
         !part.memory_tokens.empty() || !options.order.empty() || options.first_position != 0;
}

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
  const bool sequenced = moves_tokens(part, ps.options) && has(Stage::X);
  if (sequenced) {
    std::string code = snippet_python::kSequence;
    const std::string wt = weight_out_in ? ".T" : "";
    auto bias = [&](const char* b) {
      return has(*parse_name(kStageNames, b)) ? std::string(" + ") + b + (columns ? ".T" : "")
                                              : std::string();
    };
    replace_all(code, "{T}", t);
    replace_all(
        code, "{SOURCE}",
        has(Stage::memory) ? "memory" + t + "  # the memory's tokens" : std::string("X_in"));
    replace_all(code, "{W_q}", "W_q" + wt);
    replace_all(code, "{W_k}", "W_k" + wt);
    replace_all(code, "{b_q}", bias("b_q"));
    replace_all(code, "{b_k}", bias("b_k"));
    replace_all(code, "{V}",
                has(Stage::W_v) ? "run[\"V\"] = source @ W_v" + wt + bias("b_v")
                                : std::string("run[\"V\"] = None"));
    replace_all(code, "{H}", std::to_string(part.heads));
    s += code;
  } else if (has(Stage::X)) {
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
  int trained_run = 0;  // the variant "trained", computed after training
  for (size_t v = 0; v < part.variants.size(); ++v)
    if (part.variants[v].trained && part.train) trained_run = static_cast<int>(v) + 1;
  const std::string wt = weight_out_in ? ".T" : "";
  // A canonical matrix (one row per token) of input `name` back as the page shows it.
  auto as_shown = [&](const std::string& value, const std::string& name) {
    if (name[0] == 'b') return value + ".reshape(" + name + ".shape)";
    return value + wt;
  };
  // Training, then the part computed with the trained matrices.
  auto training_block = [&]() {
    const TrainSpec& train = *part.train;
    std::string b = snippet_python::kTrain;
    b += "\nfixed = {";  // every matrix of the layer, one row per token
    bool first = true;
    for (const EnumName<Param>& p : kParamNames) {
      const std::string name(p.name);
      if (!has(stage_of(p.value))) continue;
      b += std::string(first ? "" : ", ") + "\"" + name +
           "\": " + (name[0] == 'b' ? name + ".reshape(1, -1)" : name + wt);
      first = false;
    }
    b += "}\n";
    const bool positioned = sequenced && part.sequence.positions != PositionKind::None;
    b += std::string("X_in = ") + (positioned ? "seq_mine[\"X_P\"]" : "X" + t) + "\n";
    b += std::string("source = ") + (has(Stage::memory) ? "memory" + t : "X_in") + "\n";
    std::string positions = "np.arange(len(tokens))";
    if (sequenced) {
      positions = "seq_mine[\"positions\"]";
    } else if (!ps.options.order.empty() || ps.options.first_position) {
      positions = "np.array([";
      for (int at : token_positions(ps.options, static_cast<int>(part.tokens.size())))
        positions += std::to_string(at) + ", ";
      positions += "])";
    }
    b += "positions = " + positions + "\n";
    const std::string rope =
        part.sequence.rope
            ? "(seq_mine[\"angles\"][seq_mine[\"positions\"] - " +
                  std::to_string(ps.options.first_position) + "], \"" +
                  std::string(name_of(kRopePairsNames, part.sequence.rope->pairs)) + "\")"
            : "None";
    b += "rope = " + rope + "\n";
    const bool weights = train.kind == TrainTarget::Kind::Weights;
    b += "target_written = " + array_literal(train.target) + "  # as the lesson writes it\n";
    std::string target = "target_written";
    if (weights && ps.options.arrangement == Arrangement::KeyRows) target += ".T";
    if (!weights && columns) target += ".T";
    if (weights && ps.options.causal)  // nothing asked where the mask hides a key
      target = "np.where(positions[None, :] > positions[:, None], 0.0, " + target + ")";
    std::string params;
    for (Param p : train.params)
      params += (params.empty() ? "" : ", ") + ("\"" + std::string(name_of(kParamNames, p)) + "\"");
    const double lr = ps.options.lr > 0 ? ps.options.lr : train.lr;
    b += "training = train(fixed, [" + params + "], " + format_round_trip(lr) + ", " +
         std::to_string(train.steps) + ", X_in, source, " + std::to_string(part.heads) + ", " +
         scale_argument(ps.options.scaling) + ", " + (ps.options.causal ? "True" : "False") +
         ", positions, \"" + std::string(name_of(kArrangementNames, ps.options.arrangement)) +
         "\", rope, (\"" + (weights ? "weights" : "output") + "\", " + target + "))\n";
    b += "trained = training[\"trained\"]\n";
    const std::string run = run_name(part, trained_run);
    b += "seq_" + run +
         " = {\"Q\": X_in @ trained[\"W_q\"] + trained.get(\"b_q\", 0.0),\n"
         "    \"K\": source @ trained[\"W_k\"] + trained.get(\"b_k\", 0.0),\n"
         "    \"V\": source @ trained[\"W_v\"] + trained.get(\"b_v\", 0.0)}\n";
    std::string qk = "seq_" + run + "[\"Q\"], seq_" + run + "[\"K\"]";
    if (part.sequence.rope) {
      b += "seq_" + run + "[\"Q_rot\"] = rotate(seq_" + run + "[\"Q\"], " +
           std::to_string(part.heads) + ", *rope)\n";
      b += "seq_" + run + "[\"K_rot\"] = rotate(seq_" + run + "[\"K\"], " +
           std::to_string(part.heads) + ", *rope)\n";
      qk = "seq_" + run + "[\"Q_rot\"], seq_" + run + "[\"K_rot\"]";
    }
    const AttentionOptions o = options_for(part.variants[trained_run - 1], ps.options);
    b += run + " = attention(" + qk + ", seq_" + run + "[\"V\"], " + std::to_string(part.heads) +
         ", " + scale_argument(o.scaling) + ", " + (o.causal ? "True" : "False") + ", \"" +
         std::string(name_of(kArrangementNames, o.arrangement)) + "\", positions=positions)\n";
    b += run + "[\"concat\"] = np.hstack(" + run + "[\"context\"])\n";
    b += run + "[\"output\"] = " + run +
         "[\"concat\"] @ trained[\"W_o\"] if \"W_o\" in trained else " + run + "[\"concat\"]\n";
    return b;
  };
  auto options_of = [&](int v) {
    return v ? options_for(part.variants[v - 1], ps.options) : ps.options;
  };
  if (qk) {
    s += snippet_python::kAttention;
    s += "\n";
    if (!sequenced)
      s += std::string("rows = (Q") + t + ", K" + t + ", " + (values ? "V" + t : "None") + ")" +
           (columns ? "  # one row per token" : "") + "\n";
    // Where each token stands, for the mask: the sequence's, or written out.
    auto positions_argument = [&](int v, const AttentionOptions& o) -> std::string {
      if (sequenced) return ", positions=seq_" + run_name(part, v) + "[\"positions\"]";
      if (o.order.empty() && o.first_position == 0) return "";
      std::string list;
      for (int at : token_positions(o, static_cast<int>(part.tokens.size())))
        list += (list.empty() ? "" : ", ") + std::to_string(at);
      return ", positions=np.array([" + list + "])";
    };
    for (int v : runs) {
      if (trained_run && v == trained_run) continue;  // after training, below
      const AttentionOptions o = options_of(v);
      std::string args = "*rows";
      if (sequenced) {
        // Where the tokens stand at this run's settings, and what they give.
        const Sequence q = v ? sequence_for(part.variants[v - 1], part.sequence) : part.sequence;
        std::vector<int> order = o.order;
        if (order.empty())
          for (int i = 0; i < static_cast<int>(part.tokens.size()); ++i) order.push_back(i);
        std::string list;
        for (int i : order) list += (list.empty() ? "" : ", ") + std::to_string(i);
        const std::string seq = "seq_" + run_name(part, v);
        s += seq + " = sequence([" + list + "], " + std::to_string(o.first_position) + ", " +
             (q.positions == PositionKind::None         ? "None"
              : q.positions == PositionKind::Sinusoidal ? "\"sinusoidal\""
                                                        : "\"given\"") +
             ", " +
             (q.rope ? "(" + format_round_trip(q.rope->base) + ", \"" +
                           std::string(name_of(kRopePairsNames, q.rope->pairs)) + "\")"
                     : "None") +
             ")\n";
        const std::string qk_names = q.rope ? "_rot" : "";
        args =
            seq + "[\"Q" + qk_names + "\"], " + seq + "[\"K" + qk_names + "\"], " + seq + "[\"V\"]";
      }
      s += run_name(part, v) + " = attention(" + args + ", " + std::to_string(part.heads) + ", " +
           scale_argument(o.scaling) + ", " + (o.causal ? "True" : "False") + ", \"" +
           std::string(name_of(kArrangementNames, o.arrangement)) + "\"" +
           (v == 0 && !ps.overrides.empty() ? ", what_ifs" : "") + positions_argument(v, o) + ")" +
           (v ? "  # " + part.variants[v - 1].label : "") + "\n";
    }
    if (values) {
      std::vector<int> plain;
      for (int v : runs)
        if (!trained_run || v != trained_run) plain.push_back(v);
      s += "for run in (";
      for (size_t i = 0; i < plain.size(); ++i) s += (i ? ", " : "") + run_name(part, plain[i]);
      s += plain.size() == 1 ? ",):\n" : "):\n";
      s += "    run[\"concat\"] = np.hstack(run[\"context\"])  # the heads side by side\n";
      if (has(Stage::W_o))
        s += std::string("    run[\"output\"] = run[\"concat\"] @ ") +
             (weight_out_in ? "W_o.T" : "W_o") + "\n";
      else
        s += "    run[\"output\"] = run[\"concat\"]\n";
    }
    if (trained_run && values) s += training_block();
    if (part.sequence.kv_cache && values) {
      const std::vector<int> standing =
          token_positions(ps.options, static_cast<int>(part.tokens.size()));
      std::vector<int> made(standing.size());  // standing[r]: the token made r-th
      for (size_t token = 0; token < standing.size(); ++token)
        made[static_cast<size_t>(standing[token] - ps.options.first_position)] =
            static_cast<int>(token);
      std::string list;
      for (int token : made) list += (list.empty() ? "" : ", ") + std::to_string(token);
      const std::string q =
          sequenced ? "seq_mine[\"Q" + std::string(part.sequence.rope ? "_rot" : "") + "\"]"
                    : "Q" + t;
      const std::string k =
          sequenced ? "seq_mine[\"K" + std::string(part.sequence.rope ? "_rot" : "") + "\"]"
                    : "K" + t;
      const std::string v = sequenced ? "seq_mine[\"V\"]" : "V" + t;
      const int d = has(Stage::X)
                        ? (columns ? ps.inputs.at(Stage::X).rows() : ps.inputs.at(Stage::X).cols())
                        : 0;
      s += snippet_python::kGenerate;
      s += "cache = generate(" + q + ", " + k + ", " + v + ", " + std::to_string(part.heads) +
           ", " + scale_argument(ps.options.scaling) + ", " +
           (has(Stage::W_o) ? (weight_out_in ? "W_o.T" : "W_o") : std::string("None")) + ", [" +
           list + "], " + std::to_string(ps.options.cache_step) + ")\n";
      s += "cache[\"macs\"] = multiply_adds(" + std::to_string(part.tokens.size()) + ", " +
           std::to_string(d) + ", " + q + ".shape[1], " + v + ".shape[1], " +
           (has(Stage::W_o) ? std::string(weight_out_in ? "W_o.shape[0]" : "W_o.shape[1]") : "0") +
           ")\n";
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
    const std::string seq = "seq_" + run;
    if (key.variant && key.variant == trained_run) {
      const std::string name(stage_name(key.stage));
      if (param_for(key.stage)) {
        s += "print(" + py_string(m->label) + ")\nprint(" +
             as_shown("trained[\"" + name + "\"]", name) + ")\n";
        continue;
      }
      if (key.stage == Stage::Q || key.stage == Stage::K || key.stage == Stage::V ||
          key.stage == Stage::Q_rot || key.stage == Stage::K_rot) {
        s += "print(" + py_string(m->label) + ")\nprint(" + seq + "[\"" + name + "\"]" + t + ")\n";
        continue;
      }
    }
    switch (key.stage) {
      case Stage::K_T:
        expr = sequenced ? seq + "[\"K" + (part.sequence.rope ? "_rot" : "") + "\"]" +
                               (columns ? "" : ".T")
                         : "K.T";
        break;
      case Stage::P:
        expr = m->editable ? "P" : seq + "[\"P\"]" + t;
        break;
      case Stage::X_P:
      case Stage::angles:
      case Stage::Q_rot:
      case Stage::K_rot:
        expr = seq + "[\"" + std::string(stage_name(key.stage)) + "\"]" + t;
        break;
      case Stage::q_t:
      case Stage::k_t:
      case Stage::v_t:
      case Stage::K_cache:
      case Stage::V_cache:
      case Stage::output_t:
      case Stage::made:
        expr = "cache[\"" + std::string(stage_name(key.stage)) + "\"]" + t;
        break;
      case Stage::scores_t:
      case Stage::weights_t:
        expr = "cache[\"" + std::string(stage_name(key.stage)) + "\"][" + head + "]";
        break;
      case Stage::macs:
        expr = "cache[\"macs\"]";
        break;
      case Stage::target:
        expr = "target_written";
        break;
      case Stage::loss:
        expr = "training[\"loss\"]";
        break;
      case Stage::grad_W_q:
      case Stage::grad_W_k:
      case Stage::grad_W_v:
      case Stage::grad_W_o:
      case Stage::grad_b_q:
      case Stage::grad_b_k:
      case Stage::grad_b_v: {
        const std::string name(stage_name(trained_input(key.stage)));
        expr = as_shown("training[\"gradients\"][\"" + name + "\"]", name);
        break;
      }
      case Stage::Q:
      case Stage::K:
      case Stage::V:
        expr = m->editable || !sequenced
                   ? std::string(stage_name(key.stage))
                   : seq + "[\"" + std::string(stage_name(key.stage)) + "\"]" + t;
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
