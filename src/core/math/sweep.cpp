// One query's attention weights as the temperature changes (sweep.h).
#include "core/math/sweep.h"

#include <algorithm>
#include <cmath>

#include "core/math/softmax.h"

namespace attn {

TemperatureSweep sweep_temperature(const std::vector<double>& scores, double t_min, double t_max,
                                   int samples) {
  TemperatureSweep out;
  samples = std::max(samples, 2);
  const int n = static_cast<int>(scores.size());
  out.weights = Matrix(samples, n);
  const double log_min = std::log(t_min), log_max = std::log(t_max);
  for (int s = 0; s < samples; ++s) {
    const double t = std::exp(log_min + (log_max - log_min) * s / (samples - 1));
    out.temperatures.push_back(t);
    double* row = out.weights.row(s);
    for (int k = 0; k < n; ++k) row[k] = scores[k] / t;
    softmax_slice(row, n);
  }
  return out;
}

}  // namespace attn
