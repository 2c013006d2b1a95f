// Sums written out term by term, as the explanations of single numbers show
// them (explain.h): "1.10×2.18 + 0.14×(−1.85) + …", long ones elided.
#pragma once

#include <functional>
#include <string>
#include <vector>

namespace attn {

// A factor inside a product: negative numbers in parentheses.
std::string factor(double v, int digits);

// "a + b + c", eliding the middle of sums of more than eight terms.
std::string join_terms(const std::vector<std::string>& terms);

// Σ_i a(i)·b(i) over i < n, and each term written with `digits` decimals.
struct Products {
  std::vector<std::string> terms;
  double sum = 0;
};
Products products(int n, const std::function<double(int)>& a, const std::function<double(int)>& b,
                  int digits);

}  // namespace attn
