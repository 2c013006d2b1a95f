// Which matrix of a trace: a typed key (part, stage, head, variant). Code
// compares keys; the text form "[part/]stage[_hH][@variant]" exists only at
// the edges (lesson files, the JSON trace, the page's API, links, tests).
#pragma once

#include <compare>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "core/base/enum_names.h"

namespace attn {

// The stages of the pipeline, in order. Inputs come first; Q, K, V and
// weights are inputs in lessons that give them, computed otherwise.
enum class Stage : uint8_t {
  X,
  P,       // positions: one row per position (given, or sinusoidal)
  memory,  // cross-attention: the encoder's tokens the queries read
  W_q,
  W_k,
  W_v,
  b_q,
  b_k,
  b_v,
  W_o,  // embeddings and parameters
  X_P,  // X + P: the embeddings with their positions
  Q,
  K,
  V,       // projections (or given)
  angles,  // RoPE: each position's angle for each pair of a head's columns
  Q_rot,   // RoPE: Q and K turned by their positions' angles
  K_rot,
  K_T,      // Kᵀ, as the notebooks print it before Q·Kᵀ
  scores,   // raw dot products
  scaled,   // scores / divisor
  masked,   // scaled with −∞ where the causal mask hides a key
  weights,  // softmax (or given)
  context,  // one head's weighted sum of values
  concat,   // the heads side by side
  output,   // the part's result
  // Generating with a KV cache (core/math/kv_cache.h), at the step the learner is on:
  q_t,  // the new token's query, key and value
  k_t,
  v_t,
  K_cache,  // the keys and values of the tokens made so far, the new one last
  V_cache,
  scores_t,   // the new query against every cached key
  weights_t,  // their softmax
  output_t,   // the new token's output
  made,       // every output row made so far, one step at a time
  macs,       // multiply-adds per step and in all, with the cache and without it
  // Training (core/math/training.h):
  target,    // what the attention weights (or the output) should be
  loss,      // the loss before each step of gradient descent
  grad_W_q,  // each trained matrix's gradient at the numbers now
  grad_W_k,
  grad_W_v,
  grad_W_o,
  grad_b_q,
  grad_b_k,
  grad_b_v,
};
inline constexpr int kStageCount = static_cast<int>(Stage::grad_b_v) + 1;

inline constexpr EnumName<Stage> kStageNames[] = {
    {Stage::X, "X"},
    {Stage::P, "P"},
    {Stage::memory, "memory"},
    {Stage::W_q, "W_q"},
    {Stage::W_k, "W_k"},
    {Stage::W_v, "W_v"},
    {Stage::b_q, "b_q"},
    {Stage::b_k, "b_k"},
    {Stage::b_v, "b_v"},
    {Stage::W_o, "W_o"},
    {Stage::X_P, "X_P"},
    {Stage::Q, "Q"},
    {Stage::K, "K"},
    {Stage::V, "V"},
    {Stage::angles, "angles"},
    {Stage::Q_rot, "Q_rot"},
    {Stage::K_rot, "K_rot"},
    {Stage::K_T, "K_T"},
    {Stage::scores, "scores"},
    {Stage::scaled, "scaled"},
    {Stage::masked, "masked"},
    {Stage::weights, "weights"},
    {Stage::context, "context"},
    {Stage::concat, "concat"},
    {Stage::output, "output"},
    {Stage::q_t, "q_t"},
    {Stage::k_t, "k_t"},
    {Stage::v_t, "v_t"},
    {Stage::K_cache, "K_cache"},
    {Stage::V_cache, "V_cache"},
    {Stage::scores_t, "scores_t"},
    {Stage::weights_t, "weights_t"},
    {Stage::output_t, "output_t"},
    {Stage::made, "made"},
    {Stage::macs, "macs"},
    {Stage::target, "target"},
    {Stage::loss, "loss"},
    {Stage::grad_W_q, "grad_W_q"},
    {Stage::grad_W_k, "grad_W_k"},
    {Stage::grad_W_v, "grad_W_v"},
    {Stage::grad_W_o, "grad_W_o"},
    {Stage::grad_b_q, "grad_b_q"},
    {Stage::grad_b_k, "grad_b_k"},
    {Stage::grad_b_v, "grad_b_v"},
};

// The stages a lesson may give as numbers, in pipeline order.
inline constexpr Stage kInputStages[] = {
    Stage::X,   Stage::P,   Stage::memory, Stage::W_q, Stage::W_k, Stage::W_v, Stage::b_q,
    Stage::b_k, Stage::b_v, Stage::W_o,    Stage::Q,   Stage::K,   Stage::V,   Stage::weights};
bool can_be_input(Stage s);
// W_q, W_k, W_v, W_o.
bool is_weight_matrix(Stage s);
// grad_W_q -> W_q, …; anything else -> itself.
Stage trained_input(Stage gradient);
// W_q -> grad_W_q, …; what has no gradient -> itself.
Stage gradient_of(Stage input);
bool is_bias(Stage s);

inline std::string_view stage_name(Stage s) { return name_of(kStageNames, s); }

struct MatrixKey {
  int part = 0;
  Stage stage = Stage::X;
  int head = 0;     // 1..H for a head's matrix in a part with several heads, else 0
  int variant = 0;  // 1..: the part's variants[variant - 1]; 0: the part's own settings
  auto operator<=>(const MatrixKey&) const = default;
  // Fits in 32 bits: parts < 256, heads < 256, variants < 256.
  uint32_t packed() const {
    return static_cast<uint32_t>(part) << 24 | static_cast<uint32_t>(stage) << 16 |
           static_cast<uint32_t>(head) << 8 | static_cast<uint32_t>(variant);
  }
};

// A matrix's name within its part: "stage[_hH][@variant]", e.g. "weights_h1@your_answer".
std::string matrix_name(Stage stage, int head, std::string_view variant_id);

struct ParsedName {
  Stage stage;
  int head = 0;
  std::string variant;  // the variant's id, empty for none
};
// Reads a name written as matrix_name() writes it; nullopt if it is not one.
std::optional<ParsedName> parse_matrix_name(std::string_view name);

}  // namespace attn
