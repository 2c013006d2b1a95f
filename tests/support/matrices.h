// Matrix helpers the tests need and the product does not: literals, slices
// and comparisons, and notebook 003's per-token loop as an independent
// oracle for the vectorised attention.
#pragma once

#include <initializer_list>

#include "core/math/attention.h"
#include "core/math/matrix.h"

namespace attn::test {

// from_rows({{1, 2}, {3, 4}}) is (2, 2). Rows must have equal length.
Matrix from_rows(std::initializer_list<std::initializer_list<double>> rows);
// Rows [begin, end).
Matrix slice_rows(const Matrix& a, int begin, int end);
Matrix scaled(const Matrix& a, double factor);
// Largest |a(r, c) - b(r, c)|; the shapes must match.
double max_abs_diff(const Matrix& a, const Matrix& b);
bool all_finite(const Matrix& a);

// The per-token loop of notebook 003: for each query n, dot it with every
// key, softmax that list, and sum the values with those weights.
Matrix per_token_attention(const Matrix& q, const Matrix& k, const Matrix& v,
                           const AttentionOptions& options);

}  // namespace attn::test
