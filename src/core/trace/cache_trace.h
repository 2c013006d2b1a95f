// Generating with a KV cache, every step at once: for t = 0 … N−1 the
// matrices the trace shows at cache step t (q_t, the cache's K and V, each
// head's weights row, the output row), computed by compute_trace with the
// part's cache_step set to t, so they are the numbers the lesson shows at
// that step. `attention-cli trace` prints them (docs/notebooks.md).
#pragma once

#include <string>
#include <vector>

#include "core/lesson/lesson.h"
#include "core/trace/trace.h"

namespace attn {

struct CacheTraceStep {
  int part = 0;
  int t = 0;
  std::string token;  // the token made at step t
  // q_t, K_cache, V_cache (when the part has values), weights_t per head,
  // output_t; in the part's layout, as the trace shows them.
  std::vector<TraceMatrix> matrices;
};

// The steps of every part generating with a KV cache (none: an empty list),
// each part's t = 0 … N−1 in order; or, with `only_step` ≥ 0, that step alone.
std::vector<CacheTraceStep> cache_trace(const Lesson& lesson, const LessonState& state,
                                        int only_step = -1);

}  // namespace attn
