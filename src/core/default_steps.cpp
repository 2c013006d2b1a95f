#include "core/default_steps.h"

#include <algorithm>

#include "core/trace.h"

namespace attn {

std::vector<StepSpec> default_steps(const Part& part, int part_index) {
  const std::vector<MatrixSpec> specs = part_matrices(part, part_index, part.options);
  auto has = [&](Stage s) {
    return std::any_of(specs.begin(), specs.end(),
                       [&](const MatrixSpec& m) { return m.key.stage == s && m.key.variant == 0; });
  };
  // The part's own matrices of these stages (every head), in pipeline order.
  auto of = [&](std::initializer_list<Stage> stages) {
    std::vector<MatrixKey> out;
    for (const MatrixSpec& m : specs)
      if (m.key.variant == 0 &&
          std::find(stages.begin(), stages.end(), m.key.stage) != stages.end())
        out.push_back(m.key);
    return out;
  };
  std::vector<StepSpec> steps;
  auto add = [&](const char* id, const char* title, LiveText formula, const char* text,
                 std::vector<MatrixKey> show) {
    if (show.empty()) return;
    StepSpec s;
    s.id = id;
    s.title = title;
    s.formula = std::move(formula);
    s.text = {TextBlock{literal(text), {}}};
    s.show = std::move(show);
    steps.push_back(std::move(s));
  };
  // "scaled = scores / √d_k", with the scaling (and mask) in force.
  auto with_settings = [&](const char* before, Fill fill, const char* after) {
    LiveText t = literal(before);
    Piece p;
    p.fill = fill;
    p.measure.part = part_index;
    t.push_back(p);
    if (after[0]) t.push_back(literal(after)[0]);
    return t;
  };
  if (has(Stage::X)) {
    add("inputs", "Inputs", {}, "One embedding per token.", of({Stage::X}));
    add("projections", "Queries, keys and values",
        literal(part.layout == Layout::Columns ? "Q = W_q·X + b_q"
                : part.layout == Layout::Rows  ? "Q = X·W_q"
                                               : "Q = X·W_qᵀ"),
        "Each token's embedding is multiplied by three weight matrices.",
        of({Stage::W_q, Stage::W_k, Stage::W_v, Stage::b_q, Stage::b_k, Stage::b_v, Stage::Q,
            Stage::K, Stage::V}));
  } else if (!has(Stage::Q)) {
    add("inputs", "Attention weights and values", {}, "The weights are given; each row sums to 1.",
        of({Stage::weights, Stage::V}));
  } else {
    add("inputs", "Queries, keys and values", {}, "Given directly.",
        of({Stage::Q, Stage::K, Stage::V}));
  }
  if (has(Stage::scores)) {
    add("scores", "Scores", literal("scores = Q·Kᵀ"),
        "Each query is compared with every key by a dot product.", of({Stage::scores}));
    add("scale", "Scale", with_settings("scaled = scores", Fill::Scale, ""),
        "Scaling keeps the scores from growing with the width.", of({Stage::scaled}));
    add("mask", "Causal mask", literal("masked = scaled, −∞ above the diagonal"),
        "A token may not attend to later tokens.", of({Stage::masked}));
    add("softmax", "Softmax", with_settings("weights = softmax(scaled", Fill::Mask, ")"),
        "Each query's scores become weights that sum to 1.", of({Stage::weights}));
  }
  if (part.heads > 1) {
    add("heads", "Weighted sum per head", literal("head = weights·V"),
        "Each head mixes its own slice of the values.", of({Stage::context}));
    add("output", "Concatenate and project", literal("output = concat(heads)·W_o"),
        "The heads' outputs side by side, projected back.", of({Stage::concat, Stage::output}));
  } else {
    add("output", "Weighted sum of values", literal("output = weights·V"),
        "Each output row is a weighted average of the value rows.",
        of({Stage::context, Stage::output}));
  }
  for (size_t v = 0; v < part.variants.size(); ++v) {
    std::vector<MatrixKey> show;
    for (const MatrixSpec& m : specs)
      if (m.key.variant == static_cast<int>(v) + 1 &&
          (m.key.stage == Stage::weights || m.key.stage == Stage::output))
        show.push_back(m.key);
    const std::string id = "variant-" + part.variants[v].id;
    if (show.empty()) continue;
    StepSpec s;
    s.id = id;
    s.title = part.variants[v].label;
    s.text = {TextBlock{literal("The same inputs with other settings."), {}}};
    s.show = std::move(show);
    steps.push_back(std::move(s));
  }
  return steps;
}

}  // namespace attn
