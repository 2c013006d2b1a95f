// cache_trace: every step of generating with a KV cache, each the trace's own
// matrices at that cache step (cache_trace.h).
#include "core/trace/cache_trace.h"

#include <algorithm>

namespace attn {

std::vector<CacheTraceStep> cache_trace(const Lesson& lesson, const LessonState& state,
                                        int only_step) {
  std::vector<CacheTraceStep> steps;
  for (size_t p = 0; p < lesson.parts.size() && p < state.parts.size(); ++p) {
    const Part& part = lesson.parts[p];
    if (!part.sequence.kv_cache) continue;
    const int n = static_cast<int>(part.tokens.size());
    for (int t = only_step >= 0 ? only_step : 0; t < n && (only_step < 0 || t == only_step); ++t) {
      LessonState at = state;
      at.parts[p].options.cache_step = t;
      const Trace trace = compute_trace(lesson, at);
      CacheTraceStep step;
      step.part = static_cast<int>(p);
      step.t = t;
      const int part_index = static_cast<int>(p);
      auto take = [&](Stage stage, int head) {
        if (const TraceMatrix* m = trace.find({part_index, stage, head, 0}))
          step.matrices.push_back(*m);
      };
      take(Stage::q_t, 0);
      take(Stage::K_cache, 0);
      take(Stage::V_cache, 0);
      if (part.heads > 1)
        for (int h = 1; h <= part.heads; ++h) take(Stage::weights_t, h);
      else
        take(Stage::weights_t, 0);
      take(Stage::output_t, 0);
      // The token made at t names q_t's one row (its column in the columns layout).
      if (!step.matrices.empty()) {
        const TraceMatrix& q = step.matrices.front();
        const std::vector<std::string>& names = q.rows.size() == 1 ? q.rows : q.cols;
        if (!names.empty()) step.token = names.front();
      }
      steps.push_back(std::move(step));
    }
  }
  return steps;
}

}  // namespace attn
