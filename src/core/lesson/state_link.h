// The learner's changes as a small JSON text, for links that reopen exactly
// what they were looking at: only what differs from the lesson's own numbers
// (seeds, settings, edited entries, what-if overrides), so links stay short.
//   {"v": 1, "parts": [{"part": 0, "seeds": [3], "scale": 2.5, "causal": true,
//                       "set": [["W_q", 0, 1, 0.25], ...],
//                       "override": [["scores", 0, 1, 2, 7.0], ...]}]}
// (an override names its stage, its head (0 with one head), row and column).
#pragma once

#include <nlohmann/json_fwd.hpp>
#include <optional>
#include <string>
#include <string_view>

#include "core/lesson/lesson.h"

namespace attn {

// The text a link carries: "" for the lesson's own numbers.
std::string encode_state(const Lesson& lesson, const LessonState& state);
// ...as JSON (null for the lesson's own numbers), for saved work.
nlohmann::json state_json(const Lesson& lesson, const LessonState& state);

struct DecodedState {
  std::optional<LessonState> state;
  std::string error;  // why the text was refused, when it was
};
// Rebuilds a state from encode_state's text. Anything malformed, out of
// range or not of this lesson is refused with a reason; values are clamped.
// "" is the lesson's own numbers.
DecodedState decode_state(const Lesson& lesson, std::string_view text);
// ...from the JSON (null: the lesson's own numbers).
// `where` names what holds the state in its errors: "the link", or "the
// solution" of a challenge.
DecodedState decode_state_json(const Lesson& lesson, const nlohmann::json& doc,
                               std::string_view where = "the link");

}  // namespace attn
