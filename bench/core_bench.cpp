// The core's speed, natively and (built with Emscripten, run under node) in
// WebAssembly: one attention pass (Q·Kᵀ/√d, softmax, ×V) at N = 64, 256, 1024
// with d = 64, and each built-in lesson, both its whole trace and one pass at
// the lesson's own sizes. Prints JSON for bench/native.mjs; every time is the
// median of several samples. bench/numpy_attention.py times numpy on the
// same sizes in the same run.
//
//   bench_core [--quick]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "core/lesson/lesson.h"
#include "core/load/builtin_lessons.h"
#include "core/logic/build_trace.h"
#include "core/math/attention.h"
#include "core/trace/trace.h"

using namespace attn;

namespace {

double now_ms() {
  using clock = std::chrono::steady_clock;
  return std::chrono::duration<double, std::milli>(clock::now().time_since_epoch()).count();
}

// Median over `samples` samples of the time one call of f takes; each sample
// repeats f until it has run for at least `min_ms`.
template <typename F>
double median_ms(F&& f, int samples, double min_ms) {
  f();  // warm up: caches, allocations
  std::vector<double> per_call;
  for (int s = 0; s < samples; ++s) {
    int reps = 0;
    const double t0 = now_ms();
    double t = t0;
    do {
      f();
      ++reps;
      t = now_ms();
    } while (t - t0 < min_ms);
    per_call.push_back((t - t0) / reps);
  }
  std::sort(per_call.begin(), per_call.end());
  return per_call[per_call.size() / 2];
}

Matrix random_matrix(int rows, int cols, std::mt19937& rng) {
  std::normal_distribution<double> normal;
  Matrix m(rows, cols);
  for (size_t i = 0; i < m.size(); ++i) m.data()[i] = normal(rng);
  return m;
}

// One pass of single-head attention at (N, d_k) queries and keys, (N, d_v)
// values, as the lessons compute it (row layout, ÷√d_k).
double attention_ms(int n, int d_k, int d_v, int samples, double min_ms) {
  std::mt19937 rng(42);
  const Matrix q = random_matrix(n, d_k, rng), k = random_matrix(n, d_k, rng),
               v = random_matrix(n, d_v, rng);
  HeadTrace out;
  const AttentionOptions options;
  return median_ms([&] { attention_head(q, k, &v, options, out); }, samples, min_ms);
}

// The multiply-adds of Q·Kᵀ and weights·V, two flops each; softmax not counted.
double flops(int n, int d_k, int d_v) { return 2.0 * n * n * d_k + 2.0 * n * n * d_v; }

// The main part's shapes: N tokens, queries d_k wide, values d_v wide.
struct Shape {
  int n = 0, d_k = 0, d_v = 0;
};
Shape main_shape(const Trace& trace) {
  Shape s;
  for (const TraceMatrix& m : trace.matrices) {
    if (m.key.part != trace.main_part || m.key.variant != 0) continue;
    const int rows = m.transposed ? m.value.cols() : m.value.rows();
    const int cols = m.transposed ? m.value.rows() : m.value.cols();
    if (m.key.stage == Stage::Q && s.d_k == 0) {
      s.n = rows;
      s.d_k = cols;
    } else if (m.key.stage == Stage::V && s.d_v == 0) {
      s.d_v = cols;
    } else if (m.key.stage == Stage::weights && s.n == 0) {
      s.n = m.value.rows();  // weights given directly: no queries
    }
  }
  if (s.d_k == 0) s.d_k = 1;
  if (s.d_v == 0) s.d_v = s.d_k;
  return s;
}

}  // namespace

int main(int argc, char** argv) {
  const bool quick = argc > 1 && std::strcmp(argv[1], "--quick") == 0;
  const int samples = quick ? 3 : 7;
  std::printf("{\"attention\": [");
  const int sizes[] = {64, 256, 1024};
  for (size_t i = 0; i < std::size(sizes); ++i) {
    const int n = sizes[i], d = 64;
    const double ms = attention_ms(n, d, d, n >= 1024 ? (quick ? 3 : 5) : samples, 30.0);
    std::printf("%s\n  {\"n\": %d, \"d\": %d, \"ms\": %.6f, \"gflops\": %.4f}", i ? "," : "", n, d,
                ms, flops(n, d, d) / (ms * 1e6));
  }
  std::printf("\n], \"lessons\": [");
  bool first = true;
  for (const std::shared_ptr<const Lesson>& shared : builtin_lessons()) {
    const Lesson& lesson = *shared;
    const LessonState state = default_state(lesson);
    const double trace_ms = median_ms([&] { (void)build_trace(lesson, state); }, samples, 20.0);
    const Shape s = main_shape(build_trace(lesson, state));
    const double pass_ms = attention_ms(s.n, s.d_k, s.d_v, samples, 20.0);
    std::printf(
        "%s\n  {\"id\": \"%s\", \"n\": %d, \"d_k\": %d, \"d_v\": %d, \"trace_ms\": %.6f, "
        "\"attention_ms\": %.6f}",
        first ? "" : ",", lesson.id.c_str(), s.n, s.d_k, s.d_v, trace_ms, pass_ms);
    first = false;
  }
  std::printf("\n]}\n");
  return 0;
}
