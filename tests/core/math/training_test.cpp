// Training one attention layer, against central finite differences and
// numpy. The cat sat (notebook 000's X; np.random.seed(0); three
// np.random.rand(4, 4) for W_q, W_k, W_v), causal, as the numpy reference:
//   T = [[1, 0, 0], [1, 0, 0], [0, 1, 0]]   # attend to the token before
//   L = -(T * log_softmax(masked)).sum() / N
//   dZ = A * (dA - (A * dA).sum(1, keepdims=True)) + (T.sum(1)[:, None] * A - T) / N
//   ... 10 steps of W -= 0.5 * dW on W_q and W_k
#include "core/math/training.h"

#include <doctest/doctest.h>

#include <cmath>

#include "core/math/numpy_random.h"
#include "support/matrices.h"

using namespace attn;
using namespace attn::test;

namespace {

Layer cat_sat(bool causal = true) {
  NumpyRandom rng(0);
  Layer l;
  l.x = from_rows({{1, 0, 1, 0}, {0, 2, 0, 2}, {1, 1, 1, 1}});
  l.w_q = rng.rand(4, 4);
  l.w_k = rng.rand(4, 4);
  l.w_v = rng.rand(4, 4);
  l.options.causal = causal;
  l.positions = {0, 1, 2};
  return l;
}

TrainTarget previous_token() {
  return {TrainTarget::Kind::Weights, from_rows({{1, 0, 0}, {1, 0, 0}, {0, 1, 0}})};
}

// Norm-wise relative error of a gradient against central differences.
double worst_error(const Layer& layer, const TrainTarget& target) {
  const LossAndGradients exact = loss_and_gradients(layer, target);
  double worst = 0;
  for (const auto& [param, g] : exact.gradients) {
    double diff = 0, norm = 0, numeric_norm = 0;
    for (size_t i = 0; i < g.size(); ++i) {
      Layer up = layer, down = layer;
      const double h = 1e-5;
      param_of(up, param).data()[i] += h;
      param_of(down, param).data()[i] -= h;
      const double numeric =
          (loss_and_gradients(up, target).loss - loss_and_gradients(down, target).loss) / (2 * h);
      diff += (numeric - g.data()[i]) * (numeric - g.data()[i]);
      norm += g.data()[i] * g.data()[i];
      numeric_norm += numeric * numeric;
    }
    const double scale = std::sqrt(std::max(norm, numeric_norm));
    if (scale > 1e-9) worst = std::max(worst, std::sqrt(diff) / scale);
  }
  return worst;
}

}  // namespace

TEST_CASE("the cat sat toward a previous-token pattern: numpy's loss and gradients") {
  const LossAndGradients g = loss_and_gradients(cat_sat(), previous_token());
  CHECK(g.loss == doctest::Approx(2.07325738834314).epsilon(1e-12));
  CHECK(max_abs_diff(g.gradients.at(Param::W_q),
                     from_rows({{-0.06564428464709413, 0.012249363287419851, 0.00928305102454885,
                                 0.012256764554799127},
                                {0.8858353607315232, 0.3297261256845153, 0.18564198478636784,
                                 0.4426651317365184},
                                {-0.06564428464709413, 0.012249363287419851, 0.00928305102454885,
                                 0.012256764554799127},
                                {0.8858353607315232, 0.3297261256845153, 0.18564198478636784,
                                 0.4426651317365184}})) <= 1e-12);
  CHECK(max_abs_diff(g.gradients.at(Param::W_k),
                     from_rows({{-0.2093520848766554, -0.3941042738309679, -0.07764948968577416,
                                 -0.2267862989069792},
                                {0.5386262280676883, 0.9160775674809752, 0.2464367845779577,
                                 0.5518730750542412},
                                {-0.2093520848766554, -0.3941042738309679, -0.07764948968577416,
                                 -0.2267862989069792},
                                {0.5386262280676883, 0.9160775674809752, 0.2464367845779577,
                                 0.5518730750542412}})) <= 1e-12);
  // A weights target does not reach the values: W_v's gradient is exactly 0.
  CHECK(max_abs_diff(g.gradients.at(Param::W_v), Matrix(4, 4)) == 0.0);
}

TEST_CASE("an output target of ones at temperature 2.5: numpy's loss and gradients") {
  Layer l = cat_sat();
  l.options.scaling = {ScaleMode::Divide, 2.5};
  const LossAndGradients g = loss_and_gradients(l, {TrainTarget::Kind::Output, Matrix(3, 4, 1.0)});
  CHECK(g.loss == doctest::Approx(2.151982950807203).epsilon(1e-12));
  CHECK(max_abs_diff(g.gradients.at(Param::W_q),
                     from_rows({{0.0724291120868124, -0.009574043066737356, -0.0077670460311733,
                                 -0.00868219480466148},
                                {0.12535497060149212, 0.008085536189570287, 0.0020428831895022946,
                                 0.01525918161430466},
                                {0.0724291120868124, -0.009574043066737356, -0.0077670460311733,
                                 -0.00868219480466148},
                                {0.12535497060149212, 0.008085536189570287, 0.0020428831895022946,
                                 0.01525918161430466}})) <= 1e-12);
  CHECK(max_abs_diff(g.gradients.at(Param::W_k),
                     from_rows({{-0.1438049123998684, -0.16283963988120642, -0.10475738266338294,
                                 -0.12094668814469751},
                                {0.16913251821794745, 0.19935075208072137, 0.11947493578744411,
                                 0.14477716645415326},
                                {-0.1438049123998684, -0.16283963988120642, -0.10475738266338294,
                                 -0.12094668814469751},
                                {0.16913251821794745, 0.19935075208072137, 0.11947493578744411,
                                 0.14477716645415326}})) <= 1e-12);
  CHECK(max_abs_diff(g.gradients.at(Param::W_v),
                     from_rows({{0.09655009702315914, 0.16828468678234892, 0.03638816241106524,
                                 -0.04258871119405634},
                                {1.7983281449910486, 1.853599109777962, 1.5005367664728855,
                                 0.7249590247777341},
                                {0.09655009702315914, 0.16828468678234892, 0.03638816241106524,
                                 -0.04258871119405634},
                                {1.7983281449910486, 1.853599109777962, 1.5005367664728855,
                                 0.7249590247777341}})) <= 1e-12);
}

TEST_CASE("ten steps of gradient descent at lr 0.5: numpy's losses and weights") {
  const Training t =
      gradient_descent(cat_sat(), previous_token(), {Param::W_q, Param::W_k}, 0.5, 10, 1e6);
  const double loss[] = {2.07325738834314,     0.9837056895607833,  0.5672221652621311,
                         0.3500091756434242,   0.21271425047213907, 0.13893218557646045,
                         0.09836934750433478,  0.07421391884093698, 0.058683140476611585,
                         0.048049289311206035, 0.04039809848095863};
  REQUIRE(t.loss.size() == 11);
  for (int i = 0; i <= 10; ++i) CHECK(t.loss[i] == doctest::Approx(loss[i]).epsilon(1e-10));
  CHECK(
      max_abs_diff(
          t.trained.w_q,
          from_rows(
              {{0.9834387699737231, 0.3765332833012081, 0.6358260430597479, 0.3921100444461434},
               {-0.326163270167295, 0.33512601599267666, 0.14179907663280575, 0.35774113465846874},
               {1.3982880265474276, 0.044785435754566304, 0.8247877050707685, 0.376121781202151},
               {-0.18177350841226744, 0.6148285412186818, -0.22475207643199982,
                -0.4469025664220702}})) <= 1e-10);
  CHECK(
      max_abs_diff(
          t.trained.w_k,
          from_rows(
              {{-0.36611664970050456, 0.7823033968166917, 0.44329948513629347, 0.7272988118443394},
               {1.2540700450574953, 0.3562019008129525, 0.6990430570141579, 0.7165040772413199},
               {-0.2680606212718971, 0.5896045725962775, -0.1915039784045106, 0.8019555806471043},
               {0.7973000245748028, -0.028294723413247527, 0.502119306865853,
                0.7102085903890811}})) <= 1e-10);
  CHECK(t.diverged_at == -1);
}

TEST_CASE("every gradient against central differences: each target, mask, scale, heads, W_o") {
  NumpyRandom rng(3);
  int cases = 0;
  for (const bool causal : {false, true})
    for (const ScaleMode mode : {ScaleMode::SqrtDk, ScaleMode::None, ScaleMode::Divide})
      for (const int heads : {1, 2})
        for (const bool w_o : {false, true})
          for (const bool output : {false, true})
            for (const int extra : {0, 1, 2}) {    // plain; biases and RoPE; a memory
              if (extra == 2 && causal) continue;  // a decoder's mask is not over a memory
              Layer l;
              l.x = rng.randn(4, 4);
              l.w_q = rng.randn(4, 4);
              l.w_k = rng.randn(4, 4);
              l.w_v = rng.randn(4, 4);
              if (w_o) l.w_o = rng.randn(4, 3);
              l.heads = heads;
              l.options.causal = causal;
              l.options.scaling = {mode, 0.7};
              l.positions = {0, 1, 2, 3};
              if (extra == 1) {
                l.b_q = rng.randn(1, 4);
                l.b_k = rng.randn(1, 4);
                l.b_v = rng.randn(1, 4);
                l.rope = RopePairs::Halves;
                l.angles = rope_angles({2, 3, 4, 5}, 4 / heads, 100.0);
                l.slots = {3, 0, 2, 1};
                l.positions = {5, 2, 4, 3};
              }
              const int m = extra == 2 ? 5 : 4;
              if (extra == 2) l.source = rng.randn(5, 4);
              TrainTarget target;
              if (output) {
                target = {TrainTarget::Kind::Output, rng.randn(4, w_o ? 3 : 4)};
              } else {
                Matrix t = rng.rand(4, m);
                for (int i = 0; i < 4; ++i) {
                  double sum = 0;
                  for (int j = 0; j < m; ++j) {
                    if (causal && l.positions[j] > l.positions[i]) t(i, j) = 0;  // masked: 0
                    sum += t(i, j);
                  }
                  for (int j = 0; j < m; ++j) t(i, j) /= sum;
                }
                target = {TrainTarget::Kind::Weights, t};
              }
              INFO("causal " << causal << ", scale " << static_cast<int>(mode) << ", heads "
                             << heads << ", W_o " << w_o << ", output " << output << ", extra "
                             << extra);
              // Central differences at h = 1e-5 carry rounding of about ε·L/h: 1e-5
              // relative leaves room for a loss of 100 over a gradient of 1.
              CHECK(worst_error(l, target) < 1e-5);
              ++cases;
            }
  CHECK(cases == 120);
}

TEST_CASE("gradient descent stops where a number would leave the limits") {
  const Training t =
      gradient_descent(cat_sat(), previous_token(), {Param::W_q, Param::W_k}, 100.0, 100, 1e6);
  CHECK(t.diverged_at > 0);
  CHECK(static_cast<int>(t.loss.size()) == t.diverged_at);
  CHECK(all_finite(t.trained.w_q));
  CHECK(all_finite(t.trained.w_k));
}
