// A small dense matrix of doubles and the operations the notebooks use.
// Shapes are written (rows, cols). Storage is row-major.
#pragma once

#include <cstddef>
#include <vector>

namespace attn {

using std::size_t;

class Matrix {
 public:
  Matrix() = default;
  Matrix(int rows, int cols, double fill = 0.0);

  int rows() const { return rows_; }
  int cols() const { return cols_; }
  bool empty() const { return rows_ == 0 || cols_ == 0; }
  bool same_shape(const Matrix& other) const {
    return rows_ == other.rows_ && cols_ == other.cols_;
  }

  double& operator()(int r, int c) { return data_[static_cast<size_t>(r) * cols_ + c]; }
  double operator()(int r, int c) const { return data_[static_cast<size_t>(r) * cols_ + c]; }
  double* row(int r) { return data_.data() + static_cast<size_t>(r) * cols_; }
  const double* row(int r) const { return data_.data() + static_cast<size_t>(r) * cols_; }
  double* data() { return data_.data(); }
  const double* data() const { return data_.data(); }
  size_t size() const { return data_.size(); }

  bool operator==(const Matrix& other) const = default;

 private:
  int rows_ = 0;
  int cols_ = 0;
  std::vector<double> data_;
};

// a (n, k) · b (k, m) -> (n, m)
Matrix matmul(const Matrix& a, const Matrix& b);
// out (n, m) = a (n, k) · b (k, m), writing into an existing buffer (no allocation
// when out already has the shape).
void matmul_into(const Matrix& a, const Matrix& b, Matrix& out);
// out (n, m) = a (n, k) · bᵀ where b is (m, k): reads b by rows, no transposed copy.
void matmul_transposed_into(const Matrix& a, const Matrix& b, Matrix& out);

Matrix transpose(const Matrix& a);

// Row-vector convention: bias (1, cols) is added to every row of a (rows, cols).
Matrix add_row_bias(const Matrix& a, const Matrix& bias);

// Columns [begin, end).
Matrix slice_cols(const Matrix& a, int begin, int end);
// Side by side (equal row counts).
Matrix hconcat(const std::vector<Matrix>& parts);

}  // namespace attn
