// The trace as JSON, the format `attention-cli trace` prints and the page's
// window.attention.trace() returns:
//   {"id", "title", "source", "steps": [{"id", "title", "formula", "text",
//     "sentences": [{"text", "holds"}], "part", "precision",
//     "matrices": [{"name", "label", "changeable", "rows", "cols", "data"}]}],
// ("changeable": "input" for a learner's input, "what-if" for a computed
// score or weight that can be overridden, "" otherwise).
//    "result": {"weights": [one (N, N) per head], "output": [[...]] or null}}
// Numbers are written so they read back to the same double; -inf (a masked
// score) is written as null.
#pragma once

#include <string>

#include "core/trace/trace.h"

namespace attn {

std::string trace_to_json(const Trace& trace, int indent = -1);

}  // namespace attn
