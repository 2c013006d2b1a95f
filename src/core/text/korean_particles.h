// Korean particles after a value. A particle's form depends on whether the
// word before it ends in a consonant (eul/reul, eun/neun, i/ga, gwa/wa,
// euro/ro, ieyo/yeyo), and a translation cannot know how a {value} will end,
// so it writes both: "{answer}(i)eyo", "{x}eul(reul)" (in Hangul,
// docs/translating.md). Once the values are in, the form that fits is chosen
// where the word before is Hangul or a number (read as Korean reads numbers:
// 2 "i", 3 "sam", 0.50 ends "yeong"); after anything else (a Latin token, a
// symbol) both forms stay, as written. The source keeps to the base font's
// characters: Hangul is written as \u escapes.
#pragma once

#include <string>
#include <string_view>

namespace attn {

std::string with_korean_particles(std::string_view text);

}  // namespace attn
