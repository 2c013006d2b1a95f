// How one query's attention weights change with the temperature: softmax of
// the row's raw scores divided by T, for T from very small (one-hot on the
// largest score) to very large (uniform). The data of the UI's small plot.
#pragma once

#include <vector>

#include "core/math/matrix.h"

namespace attn {

struct TemperatureSweep {
  std::vector<double> temperatures;  // log-spaced, ascending
  Matrix weights;                    // (temperatures, keys): row t is softmax(scores / T_t)
};

// `scores` is one query's raw scores (masked keys as -inf).
TemperatureSweep sweep_temperature(const std::vector<double>& scores, double t_min, double t_max,
                                   int samples);

}  // namespace attn
