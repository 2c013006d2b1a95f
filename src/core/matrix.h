// A small dense matrix of doubles and the operations the notebooks use.
// Shapes are written (rows, cols). Storage is row-major.
#pragma once

#include <cstddef>
#include <initializer_list>
#include <vector>

namespace attn {

using std::size_t;

class Matrix {
 public:
  Matrix() = default;
  Matrix(int rows, int cols, double fill = 0.0);
  // Matrix::from_rows({{1, 2}, {3, 4}}) is (2, 2). Rows must have equal length.
  static Matrix from_rows(std::initializer_list<std::initializer_list<double>> rows);

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
// a (n, k) · bᵀ where b is (m, k) -> (n, m); reads b by rows, no transposed copy.
Matrix matmul_transposed(const Matrix& a, const Matrix& b);
// out (n, m) = a (n, k) · b (k, m), writing into an existing buffer (no allocation
// when out already has the shape).
void matmul_into(const Matrix& a, const Matrix& b, Matrix& out);
void matmul_transposed_into(const Matrix& a, const Matrix& b, Matrix& out);

Matrix transpose(const Matrix& a);
Matrix scaled(const Matrix& a, double factor);

// Row-vector convention: bias (1, cols) is added to every row of a (rows, cols).
Matrix add_row_bias(const Matrix& a, const Matrix& bias);
// Column-vector convention: bias (rows, 1) is added to every column of a (rows, cols).
Matrix add_col_bias(const Matrix& a, const Matrix& bias);

// Half-open ranges [begin, end).
Matrix slice_rows(const Matrix& a, int begin, int end);
Matrix slice_cols(const Matrix& a, int begin, int end);
// Side by side (equal row counts) / stacked (equal column counts).
Matrix hconcat(const std::vector<Matrix>& parts);
Matrix vconcat(const std::vector<Matrix>& parts);

// Largest |a(r, c) - b(r, c)|; the shapes must match.
double max_abs_diff(const Matrix& a, const Matrix& b);
bool all_finite(const Matrix& a);

}  // namespace attn
