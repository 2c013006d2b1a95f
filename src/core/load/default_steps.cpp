// The steps of a lesson that writes none: one per stage (default_steps.h).
#include "core/load/default_steps.h"

#include <algorithm>

#include "core/lesson/part_matrices.h"
#include "core/text/translation.h"

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
  // Titles and texts in the language in use when the lesson loads; formulas
  // as written.
  if (has(Stage::X)) {
    // TRANSLATORS: title of a lesson's step showing the input embeddings, one per token.
    add("inputs", tr("Inputs"), {}, tr("One embedding per token."), of({Stage::X}));
    if (has(Stage::memory))
      // TRANSLATORS: title of a lesson's step showing the memory (cross-attention: the
      // encoder's tokens the queries read, as PyTorch's nn.TransformerDecoder calls them).
      add("memory", tr("The memory"), {},
          // TRANSLATORS: a step's text: the memory's embeddings, one per token of the memory.
          tr("The tokens the queries read: their keys and values come from here."),
          of({Stage::memory}));
    if (has(Stage::X_P))
      // TRANSLATORS: title of a lesson's step: each token's position is added to its
      // embedding.
      add("positions", tr("Positions"), literal("X_P = X + P"),
          // TRANSLATORS: a step's text: P has one row per position; each token gets the row
          // of the place it stands at.
          tr("Attention alone cannot see order: each token's embedding gets the code of the "
             "position it stands at."),
          of({Stage::P, Stage::X_P}));
    // TRANSLATORS: title of a lesson's step: the query, key and value matrices.
    add("projections", tr("Queries, keys and values"),
        literal(part.layout == Layout::Columns ? "Q = W_q·X + b_q"
                : part.layout == Layout::Rows  ? "Q = X·W_q"
                                               : "Q = X·W_qᵀ"),
        tr("Each token's embedding is multiplied by three weight matrices."),
        of({Stage::W_q, Stage::W_k, Stage::W_v, Stage::b_q, Stage::b_k, Stage::b_v, Stage::Q,
            Stage::K, Stage::V}));
  } else if (!has(Stage::Q)) {
    add("inputs", tr("Attention weights and values"), {},
        tr("The weights are given; each row sums to 1."), of({Stage::weights, Stage::V}));
  } else {
    add("inputs", tr("Queries, keys and values"), {},
        // TRANSLATORS: a step's text: the lesson gives the queries, keys and values as
        // numbers (they are not computed from embeddings).
        tr("Given directly."), of({Stage::Q, Stage::K, Stage::V}));
  }
  if (has(Stage::Q_rot))
    // TRANSLATORS: title of a lesson's step: RoPE, rotary positions.
    add("rope", tr("Rotary positions"), literal("q_rot = R(p·θ)·q"),
        // TRANSLATORS: a step's text: RoPE turns each pair of a head's query and key columns
        // by an angle that grows with the position.
        tr("Each pair of a head's query and key columns is turned by an angle that grows with "
           "the token's position, so a query and a key meet at an angle set by how far apart "
           "they stand."),
        of({Stage::angles, Stage::Q_rot, Stage::K_rot}));
  if (has(Stage::scores)) {
    // TRANSLATORS: title of a lesson's step: the attention scores, Q·Kᵀ.
    add("scores", tr("Scores"), literal("scores = Q·Kᵀ"),
        tr("Each query is compared with every key by a dot product."), of({Stage::scores}));
    // TRANSLATORS: title of a lesson's step (a noun or an imperative): the scores are
    // divided by √d_k.
    add("scale", tr("Scale"), with_settings("scaled = scores", Fill::Scale, ""),
        tr("Scaling keeps the scores from growing with the width."), of({Stage::scaled}));
    add("mask", tr("Causal mask"),
        // TRANSLATORS: a formula: keep "masked = scaled, −∞" as it is (names in the
        // code); the rest says where −∞ goes: every cell above the matrix's diagonal.
        literal(tr("masked = scaled, −∞ above the diagonal")),
        tr("A token may not attend to later tokens."), of({Stage::masked}));
    // TRANSLATORS: title of a lesson's step: the softmax function turns scores into
    // weights. Keep the name softmax.
    add("softmax", tr("Softmax"), with_settings("weights = softmax(scaled", Fill::Mask, ")"),
        tr("Each query's scores become weights that sum to 1."), of({Stage::weights}));
  }
  if (part.heads > 1) {
    add("heads", tr("Weighted sum per head"), literal("head = weights·V"),
        tr("Each head mixes its own slice of the values."), of({Stage::context}));
    // TRANSLATORS: title of a lesson's step: the heads' outputs are put side by side
    // (concatenated), then multiplied by W_o.
    add("output", tr("Concatenate and project"), literal("output = concat(heads)·W_o"),
        tr("The heads' outputs side by side, projected back."), of({Stage::concat, Stage::output}));
  } else {
    add("output", tr("Weighted sum of values"), literal("output = weights·V"),
        tr("Each output row is a weighted average of the value rows."),
        of({Stage::context, Stage::output}));
  }
  if (has(Stage::K_cache))
    // TRANSLATORS: title of a lesson's step: generating one token at a time with a KV cache.
    add("generate", tr("Generating with a cache"),
        literal("output_t = softmax(q_t·K_cacheᵀ)·V_cache"),
        // TRANSLATORS: a step's text: at each step only the new token's query, key and value are
        // computed; the keys and values of the tokens before it are kept.
        tr("Each new token computes only its own query, key and value; the keys and values of "
           "the tokens before it are kept in the cache."),
        of({Stage::q_t, Stage::K_cache, Stage::V_cache, Stage::weights_t, Stage::output_t,
            Stage::made, Stage::macs}));
  if (has(Stage::loss)) {
    std::vector<MatrixKey> show =
        of({Stage::target, Stage::loss, Stage::grad_W_q, Stage::grad_W_k, Stage::grad_W_v,
            Stage::grad_W_o, Stage::grad_b_q, Stage::grad_b_k, Stage::grad_b_v});
    // TRANSLATORS: title of a lesson's step: the weights trained by gradient descent.
    add("train", tr("Training"), literal("W ← W − lr·∂L/∂W"),
        // TRANSLATORS: a step's text: gradient descent moves each trained number a little
        // against its gradient, step after step, so the loss falls.
        tr("Each step moves every trained number a little against its gradient: the loss "
           "falls, and the attention moves toward the target."),
        std::move(show));
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
    s.title = part.variants[v].label;  // the lesson file's
    s.text = {TextBlock{literal(part.variants[v].trained
                                    // TRANSLATORS: a step's text: the part computed again with
                                    // the numbers training reached.
                                    ? tr("The same part with the numbers training reached.")
                                    : tr("The same inputs with other settings.")),
                        {}}};
    s.show = std::move(show);
    steps.push_back(std::move(s));
  }
  return steps;
}

}  // namespace attn
