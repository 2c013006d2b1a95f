// The trace as JSON, the format `attention-cli trace` prints and the page's
// window.attention.trace() returns:
//   {"id", "title", "source", "steps": [{"id", "title", "formula", "text",
//     "sentences": [{"text", "holds"}], "part", "precision",
//     "matrices": [{"name", "label", "changeable", "rows", "cols", "data"}]}],
// ("changeable": "input" for a learner's input, "what-if" for a computed
// score or weight that can be overridden, "" otherwise).
//    "result": {"weights": [one (N, N) per head], "output": [[...]] or null}}
// Numbers are written so they read back to the same double; -inf (a masked
// score) is written as null. With the steps of generating with a KV cache
// (core/trace/cache_trace.h; attention-cli's), also
//    "cache": [{"part", "t", "token", "matrices": [...]}]  every t, in order.
#pragma once

#include <string>

#include "core/trace/cache_trace.h"
#include "core/trace/trace.h"

namespace attn {

std::string trace_to_json(const Trace& trace, int indent = -1,
                          const std::vector<CacheTraceStep>* cache = nullptr);

}  // namespace attn
