// Numbers and matrices as numpy prints them (numpy_format.h).
#include "core/text/numpy_format.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace attn {

std::string format_round_trip(double value) {
  if (std::isnan(value)) return "nan";
  if (std::isinf(value)) return value < 0 ? "-inf" : "inf";
  char buf[32];
  for (int digits = 1; digits <= 17; ++digits) {
    std::snprintf(buf, sizeof buf, "%.*g", digits, value);
    if (std::strtod(buf, nullptr) == value) break;
  }
  return buf;
}

namespace {

// Like numpy's dragon4 with unique=True: the shortest round-trip digits, cut to
// `precision` fractional digits when longer, trailing zeros trimmed ("1.").
std::string positional(double v, int precision) {
  std::string s = format_round_trip(v);
  const size_t dot = s.find('.');
  const size_t frac = dot == std::string::npos ? 0 : s.size() - dot - 1;
  if (s.find('e') != std::string::npos || frac > static_cast<size_t>(precision)) {
    char buf[400];
    std::snprintf(buf, sizeof buf, "%.*f", precision, v);
    s = buf;
  }
  if (s.find('.') == std::string::npos) s += ".";
  while (s.back() == '0') s.pop_back();  // keeps the '.'
  return s;
}

std::string scientific(double v, int precision) {
  char buf[64];
  std::snprintf(buf, sizeof buf, "%.*e", precision, v);
  return buf;
}

}  // namespace

std::string format_array(const Matrix& m, const PrintOptions& o) {
  // Choose positional or scientific as numpy's FloatingFormat does.
  double max_abs = 0.0, min_abs = INFINITY;
  for (size_t i = 0; i < m.size(); ++i) {
    const double a = std::fabs(m.data()[i]);
    if (!std::isfinite(a) || a == 0.0) continue;
    max_abs = std::max(max_abs, a);
    min_abs = std::min(min_abs, a);
  }
  const bool exp_mode = max_abs >= 1e8 || (!o.suppress && min_abs < INFINITY &&
                                           (min_abs < 1e-4 || max_abs / min_abs > 1e3));

  std::vector<std::string> cells(m.size());
  if (exp_mode) {
    // Same number of mantissa digits for all: the most any value needs.
    int digits = 0;
    for (size_t i = 0; i < m.size(); ++i) {
      const double v = m.data()[i];
      if (!std::isfinite(v)) continue;
      for (int d = 0; d <= o.precision; ++d) {
        digits = std::max(digits, d);
        if (std::strtod(scientific(v, d).c_str(), nullptr) == v || d == o.precision) break;
      }
    }
    for (size_t i = 0; i < m.size(); ++i) cells[i] = scientific(m.data()[i], digits);
  } else {
    for (size_t i = 0; i < m.size(); ++i) {
      double v = m.data()[i];
      if (o.suppress && std::fabs(v) < std::pow(10.0, -o.precision) / 2) v = 0.0 * v;
      cells[i] = positional(v, o.precision);
    }
  }
  for (size_t i = 0; i < m.size(); ++i) {
    const double v = m.data()[i];
    if (std::isnan(v))
      cells[i] = "nan";
    else if (std::isinf(v))
      cells[i] = v < 0 ? "-inf" : "inf";
  }
  // Pad: integer parts to the right edge of the widest, fractions with spaces;
  // inf and nan are right-aligned to the same width (numpy's fillFormat).
  auto finite = [&](size_t i) { return std::isfinite(m.data()[i]); };
  size_t left = 0, right = 0;
  for (size_t i = 0; i < cells.size(); ++i) {
    if (!finite(i)) continue;
    const std::string& c = cells[i];
    const size_t dot = exp_mode ? std::string::npos : c.find('.');
    left = std::max(left, dot == std::string::npos ? c.size() : dot);
    if (dot != std::string::npos) right = std::max(right, c.size() - dot);
  }
  for (size_t i = 0; i < cells.size(); ++i)
    if (!finite(i) && cells[i].size() > right) left = std::max(left, cells[i].size() - right);
  for (size_t i = 0; i < cells.size(); ++i) {
    std::string& c = cells[i];
    if (!finite(i)) {
      c = std::string(left + right - std::min(c.size(), left + right), ' ') + c;
      continue;
    }
    const size_t dot = exp_mode ? std::string::npos : c.find('.');
    const size_t int_len = dot == std::string::npos ? c.size() : dot;
    const size_t frac_len = dot == std::string::npos ? 0 : c.size() - dot;
    c = std::string(left - int_len, ' ') + c + std::string(right - frac_len, ' ');
  }
  std::string out = "[";
  for (int r = 0; r < m.rows(); ++r) {
    out += r == 0 ? "[" : "\n [";
    for (int c = 0; c < m.cols(); ++c) {
      if (c) out += ' ';
      out += cells[static_cast<size_t>(r) * m.cols() + c];
    }
    out += "]";
  }
  return out + "]";
}

}  // namespace attn
