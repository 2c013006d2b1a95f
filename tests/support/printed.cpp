// Reading the notebooks' printed numbers, checking matrices against them, and the built-in lessons'
// traces by id (printed.h).
#include "support/printed.h"

#include <doctest/doctest.h>

#include <cmath>
#include <cstdlib>
#include <string>
#include <vector>

#include "core/load/builtin_lessons.h"
#include "core/logic/build_trace.h"

namespace attn::test {

Matrix parse_printed(std::string_view text) {
  std::string s(text);
  if (s.rfind("array(", 0) == 0) s = s.substr(6);
  std::vector<std::vector<double>> rows;
  int depth = 0, max_depth = 0;
  std::vector<double> current;
  for (size_t i = 0; i < s.size();) {
    const char c = s[i];
    if (c == '[') {
      ++depth;
      max_depth = std::max(max_depth, depth);
      current.clear();
      ++i;
    } else if (c == ']') {
      if (depth == max_depth) rows.push_back(current);
      --depth;
      ++i;
    } else if (c == '-' || c == '+' || c == '.' || (c >= '0' && c <= '9')) {
      char* end = nullptr;
      current.push_back(std::strtod(s.c_str() + i, &end));
      i = static_cast<size_t>(end - s.c_str());
    } else {
      ++i;  // spaces, commas, newlines, "array(", ")"
    }
  }
  REQUIRE_MESSAGE(!rows.empty(), "no numbers in printed text");
  Matrix m(static_cast<int>(rows.size()), static_cast<int>(rows[0].size()));
  for (size_t r = 0; r < rows.size(); ++r) {
    REQUIRE_MESSAGE(rows[r].size() == rows[0].size(), "ragged printed matrix");
    for (size_t c = 0; c < rows[r].size(); ++c)
      m(static_cast<int>(r), static_cast<int>(c)) = rows[r][c];
  }
  return m;
}

namespace {
void check(const Matrix& actual, std::string_view printed, double tolerance, bool relative) {
  const Matrix expected = parse_printed(printed);
  REQUIRE(actual.rows() == expected.rows());
  REQUIRE(actual.cols() == expected.cols());
  for (int r = 0; r < expected.rows(); ++r)
    for (int c = 0; c < expected.cols(); ++c) {
      INFO("entry (" << r << ", " << c << "): computed " << actual(r, c) << ", printed "
                     << expected(r, c));
      if (relative) {
        CHECK(actual(r, c) == doctest::Approx(expected(r, c)).epsilon(tolerance).scale(0));
      } else {  // absolute: half a unit of the last printed digit
        CHECK(std::fabs(actual(r, c) - expected(r, c)) <= tolerance + 1e-12);
      }
    }
}
}  // namespace

void check_printed(const Matrix& actual, std::string_view printed, double tolerance) {
  check(actual, printed, tolerance, false);
}

void check_printed_relative(const Matrix& actual, std::string_view printed, double rel) {
  check(actual, printed, rel, true);
}

MatrixKey key_of(const Trace& trace, std::string_view id) {
  const std::optional<MatrixKey> key = trace.key_of(id);
  REQUIRE_MESSAGE(key.has_value(), "trace has no matrix " << std::string(id));
  return *key;
}

const TraceMatrix& matrix_of(const Trace& trace, std::string_view id) {
  return *trace.find(key_of(trace, id));
}

const Matrix& trace_matrix(const Trace& trace, std::string_view id) {
  return matrix_of(trace, id).value;
}

std::shared_ptr<const Lesson> builtin(std::string_view lesson_id) {
  std::shared_ptr<const Lesson> lesson = find_builtin_lesson(lesson_id);
  REQUIRE_MESSAGE(lesson != nullptr, "no built-in lesson " << std::string(lesson_id));
  return lesson;
}

Trace notebook_trace(std::string_view lesson_id) {
  const std::shared_ptr<const Lesson> lesson = builtin(lesson_id);
  return build_trace(*lesson, default_state(*lesson));
}

void check_numpy(const Trace& trace, std::string_view name,
                 std::initializer_list<std::initializer_list<double>> expected, double epsilon) {
  INFO(std::string(name));
  const Matrix& m = trace_matrix(trace, name);
  REQUIRE(m.rows() == static_cast<int>(expected.size()));
  int r = 0;
  for (const auto& row : expected) {
    REQUIRE(m.cols() == static_cast<int>(row.size()));
    int c = 0;
    for (double v : row) CHECK(m(r, c++) == doctest::Approx(v).epsilon(epsilon));
    ++r;
  }
}

}  // namespace attn::test
