// Numbers as the page writes them: fixed decimals, a real minus sign (−), no
// "−0.000" for a number that rounds to zero, and ∞ for a masked score. The
// canvas, the tooltips and the text view all use this one function, so a
// number reads the same wherever it appears.
#pragma once

#include <string>

namespace attn {

// `digits` decimals (clamped to 0..12).
std::string number_text(double value, int digits);

// The double nearest `value` rounded to `significant` digits: what a slider
// gives is stored as the number it shows (T = 0.0512, not 0.05119999870657921).
double round_significant(double value, int significant);

}  // namespace attn
