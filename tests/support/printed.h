// Golden values pasted verbatim from the notebooks' printed output.
#pragma once

#include <initializer_list>
#include <memory>
#include <string_view>

#include "core/lesson/lesson.h"
#include "core/math/matrix.h"
#include "core/trace/trace.h"

namespace attn::test {

constexpr double kDigits8 = 0.5e-8;  // np default: 8 digits
constexpr double kDigits3 = 0.5e-3;  // np.set_printoptions(precision=3), .round(3)
constexpr double kDigits2 = 0.5e-2;  // .round(2)

// Parses numpy's print of a 1-D or 2-D array: "[[1. 0.5]\n [2. 3.]]",
// "[0.01 0.2]", "array([[5., 0.]])". A 1-D array becomes one row.
Matrix parse_printed(std::string_view text);

// Every entry of `actual` is within `tolerance` of the printed matrix: half a
// unit of the last digit the notebook printed (kDigits8 at numpy's default),
// plus 1e-12 for floating-point summation order.
void check_printed(const Matrix& actual, std::string_view printed, double tolerance);

// The trace's matrix `name` equals numpy's full-precision values, each within
// a relative `epsilon` (the golden numbers of the lessons past the notebooks).
void check_numpy(const Trace& trace, std::string_view name,
                 std::initializer_list<std::initializer_list<double>> expected, double epsilon);

// Tests name matrices as the API and the JSON do ("W_q", "value-64/weights"):
// the key the trace has under that name; fails the test if absent.
MatrixKey key_of(const Trace& trace, std::string_view id);
// The matrix a lesson's trace names `id`; fails the test if absent.
const TraceMatrix& matrix_of(const Trace& trace, std::string_view id);
const Matrix& trace_matrix(const Trace& trace, std::string_view id);

// A built-in lesson; fails the test if there is none with this id.
std::shared_ptr<const Lesson> builtin(std::string_view lesson_id);
// The trace of a built-in lesson at its default settings.
Trace notebook_trace(std::string_view lesson_id);

// Relative check for scientific prints ("1.24326146e-13"): |a - p| <= rel·|p|.
void check_printed_relative(const Matrix& actual, std::string_view printed, double rel);

}  // namespace attn::test
