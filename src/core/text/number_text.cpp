// Numbers as the page writes them: fixed decimals, a real minus sign (number_text.h).
#include "core/text/number_text.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace attn {

std::string number_text(double value, int digits) {
  if (std::isinf(value)) return value < 0 ? "−∞" : "∞";
  // The numbers are finite (finite in, finite out): NaN is a number an open
  // prediction covers (core/learning/predict_first.h's veiled trace).
  if (std::isnan(value)) return "?";
  char buf[400];  // room for ±1.8e308 with 12 decimals
  std::snprintf(buf, sizeof buf, "%.*f", std::clamp(digits, 0, 12), value);
  std::string s = buf;
  if (s[0] != '-') return s;
  // A negative number that rounds to zero is written as zero.
  if (s.find_first_not_of("-0.") == std::string::npos) return s.substr(1);
  return "−" + s.substr(1);
}

double round_significant(double value, int significant) {
  if (value == 0.0 || !std::isfinite(value)) return value;
  const int decimals = significant - 1 - static_cast<int>(std::floor(std::log10(std::fabs(value))));
  // Divide or multiply by an exact power of ten: 512 / 10000 is the double nearest 0.0512.
  const double scale = std::pow(10.0, std::abs(decimals));
  return decimals >= 0 ? std::round(value * scale) / scale : std::round(value / scale) * scale;
}

}  // namespace attn
