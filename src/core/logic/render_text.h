// Filling a lesson's live text (core/lesson/live_text.h) from the numbers of
// a trace: each placeholder becomes the number, key or row it names, or "?"
// where an open prediction covers it (core/logic/cover.h).
#pragma once

#include <string>
#include <vector>

#include "core/lesson/live_text.h"
#include "core/logic/judge.h"

namespace attn {

class Cover;

// What fills the placeholders.
struct Filling {
  const Evaluation& numbers;
  int digits = 3;              // for Number without its own digits
  std::string picked, answer;  // for Picked and Answer
  // A placeholder that reads a number an open prediction covers is "?"
  // (core/logic/cover.h); null: every number is shown.
  const Cover* cover = nullptr;
};

std::string render_text(const LiveText& text, const Filling& f);

// Items in a sentence, in the learner's language: "cat", "cat and sat", "The,
// cat and sat"; or_list: "Q, K or the temperature". Empty for no items.
std::string and_list(const std::vector<std::string>& items);
std::string or_list(const std::vector<std::string>& items);

}  // namespace attn
