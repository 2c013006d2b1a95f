// The inputs a lesson may give, as one table: each input's shape in the
// canonical row layout, written as named widths (N tokens, M memory tokens,
// d, d_k, d_v, d_out, or 1), the layouts that write it transposed, and the
// input it needs.
// The trace's layout, the loader's shape rules (core/load/lesson_shapes.cpp)
// and the format description the Python module and the editor read
// (core/load/lesson_format.h) all read this table.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

#include "core/base/enum_names.h"
#include "core/lesson/matrix_key.h"

namespace attn {

// How a lesson writes its vectors and weights (the notebooks use all three).
enum class Layout : uint8_t {
  Rows,                   // X is (N, d), one row per token; Q = X·W_q      (000, 004)
  RowsTransposedWeights,  // X is (N, d); W_q is (d_k, d); Q = X·W_qᵀ        (001)
  Columns,                // X is (d, N), one column per token; Q = Ω_q·X + β_q (003)
};
inline constexpr EnumName<Layout> kLayoutNames[] = {
    {Layout::Rows, "rows"},
    {Layout::RowsTransposedWeights, "rows_transposed_weights"},
    {Layout::Columns, "columns"},
};

// A width an input's axis has, by name: the inputs that share a name must
// agree on it (the first given sets it).
// M is the memory's tokens in cross-attention.
enum class Width : uint8_t { One, N, M, d, d_k, d_v, d_out };
inline constexpr EnumName<Width> kWidthNames[] = {
    {Width::One, "1"},   {Width::N, "N"},     {Width::M, "M"},         {Width::d, "d"},
    {Width::d_k, "d_k"}, {Width::d_v, "d_v"}, {Width::d_out, "d_out"},
};

// Which rule an input breaks when one of its widths differs: the rule its
// width names (Width), or its own.
enum class Misfit : uint8_t {
  Width,   // by the width: tokens, X·W, Q·Kᵀ, a bias's outputs, W_o's values
  LikeX,   // positions are added to X: P has X's shape
  Memory,  // one row per memory token, as wide as X
};
inline constexpr EnumName<Misfit> kMisfitNames[] = {
    {Misfit::Width, "width"}, {Misfit::LikeX, "like_x"}, {Misfit::Memory, "memory"}};

struct InputSpec {
  Stage stage;
  Width rows, cols;        // in the canonical row layout the core computes in
  uint8_t transposed = 0;  // bit (1 << Layout): written as the transpose in that layout
  Stage needs = Stage::X;  // the input it goes with (a bias its weights); X: none
  Misfit misfit = Misfit::Width;
  // Where a lesson file writes it, when that is not its stage's name.
  std::string_view key = {};
};
// The widths heads split: each head takes an equal block of d_k and of d_v.
inline bool split_by_heads(Width w) { return w == Width::d_k || w == Width::d_v; }

inline constexpr uint8_t kInColumns = 1 << static_cast<int>(Layout::Columns);
inline constexpr uint8_t kInTransposedWeights = 1
                                                << static_cast<int>(Layout::RowsTransposedWeights);

// In the order the loader checks them: the first input with a width sets it
// and the rest must agree, so W_o, whose rows are the values' width, comes
// after V.
inline constexpr InputSpec kInputSpecs[] = {
    {Stage::X, Width::N, Width::d, kInColumns},
    {Stage::P, Width::N, Width::d, kInColumns, Stage::X, Misfit::LikeX, "positions"},
    {Stage::memory, Width::M, Width::d, kInColumns, Stage::X, Misfit::Memory, "memory/X"},
    {Stage::W_q, Width::d, Width::d_k, kInColumns | kInTransposedWeights},
    {Stage::W_k, Width::d, Width::d_k, kInColumns | kInTransposedWeights},
    {Stage::W_v, Width::d, Width::d_v, kInColumns | kInTransposedWeights},
    {Stage::b_q, Width::One, Width::d_k, kInColumns, Stage::W_q},
    {Stage::b_k, Width::One, Width::d_k, kInColumns, Stage::W_k},
    {Stage::b_v, Width::One, Width::d_v, kInColumns, Stage::W_v},
    {Stage::Q, Width::N, Width::d_k, kInColumns},
    {Stage::K, Width::N, Width::d_k, kInColumns},
    {Stage::V, Width::N, Width::d_v, kInColumns},
    {Stage::weights, Width::N, Width::N, 0},
    {Stage::W_o, Width::d_v, Width::d_out, kInColumns | kInTransposedWeights},
};

// The input's row of the table; null for a stage that is never an input.
const InputSpec* input_spec(Stage s);
// Where a lesson file writes an input: its key ("X"), or its own ("positions").
std::string_view input_key(Stage s);

// True when an input is shown transposed from the canonical row layout the
// core computes in: X, Q, K, V and biases in Columns; weights in Columns and
// RowsTransposedWeights.
bool input_is_transposed(Layout layout, Stage input);

// Which inputs go together. A part gives exactly one source: the first whose
// `when` inputs it gives any of. It must give `needs`, may give `allows`, and
// nothing else; `because` completes "\"W_q\" cannot be used …" (English,
// marked for the catalog: said in the learner's language where it is said).
struct InputSource {
  std::vector<Stage> when, needs, allows;
  const char* because = "";
  bool one_head = false;  // given weights serve one head
};
const std::vector<InputSource>& input_sources();

}  // namespace attn
