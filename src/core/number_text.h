// Numbers as the page writes them: fixed decimals, a real minus sign (−), no
// "−0.000" for a number that rounds to zero, and ∞ for a masked score. The
// canvas, the tooltips and the text view all use this one function, so a
// number reads the same wherever it appears.
#pragma once

#include <string>

namespace attn {

// `digits` decimals (clamped to 0..12).
std::string number_text(double value, int digits);

}  // namespace attn
