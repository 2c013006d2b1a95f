// The learner's numbers and settings for a lesson: what differs from the
// lesson's own is what a link, saved work and an answered question keep
// (core/lesson/state_link.h writes it as text, only at those edges).
#pragma once

#include <cstdint>
#include <map>
#include <vector>

#include "core/lesson/matrix_key.h"
#include "core/math/attention.h"
#include "core/math/matrix.h"

namespace attn {

// The inputs a part may give (kInputStages). Everything else is computed.
//   X, W_q, W_k, W_v, b_q, b_k, b_v, W_o  -- from embeddings
//   Q, K, V                               -- from given queries, keys, values
//   weights, V                            -- from given attention weights
using Inputs = std::map<Stage, Matrix>;

// A learner's what-if value for a computed number: a score, a scaled score or
// a weight of the part's own settings (not of its variants). Everything after
// it is computed from it, as if the computation had produced it.
struct Override {
  Stage stage = Stage::scores;  // scores, scaled or weights
  int head = 0;                 // 1..H in a part with several heads, else 0
  int row = 0, col = 0;         // in the layout the trace shows
  double value = 0.0;
  auto operator<=>(const Override&) const = default;
};
// The stages a learner may override.
bool can_override(Stage stage);

// The learner's copy of a part's inputs and settings.
struct PartState {
  Inputs inputs;  // every input, in the part's layout
  AttentionOptions options;
  std::vector<uint32_t> seeds;      // one per random group
  std::vector<Override> overrides;  // sorted, at most one per cell
  bool operator==(const PartState&) const = default;
  // The override of this cell, if there is one.
  const Override* override_at(Stage stage, int head, int row, int col) const;
};

struct LessonState {
  std::vector<PartState> parts;
  bool operator==(const LessonState&) const = default;
};

}  // namespace attn
