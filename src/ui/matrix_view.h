// One matrix of the trace: token labels, a heatmap drawn by the shader, the
// numbers on top, drag fields on inputs and on numbers a learner may override,
// and an explanation on hover or tap. The cell pointed at lights up the cells
// it is computed from and the cells it feeds, in every matrix on screen.
#pragma once

#include <string>
#include <vector>

#include "ui/context.h"

namespace attn::ui {

struct MatrixViewOptions {
  int digits = 4;  // decimals the step shows; fewer where the matrix would not fit
  // Cells that differ from this matrix are outlined (the notebook's "Your
  // answer" against the "True values"); -1 for none.
  int compare_with = -1;
  bool operand = false;  // shown beside a result as what it is computed from
  bool figure = false;   // for a slide: no hints about dragging
};

// Draws trace matrix `index` at the cursor; edits become requests.
void draw_matrix(UiContext& ui, int index, const MatrixViewOptions& options);

// The order a matrix's rows (or columns) are shown in: the tokens as they
// stand (a reorder moves each token's row with it), else as the matrix has them.
std::vector<int> shown_order(const UiContext& ui, const TraceMatrix& m, bool rows);

// The space draw_matrix will take in `avail` pixels of width.
ImVec2 matrix_size(const UiContext& ui, int index, const MatrixViewOptions& options, float avail);

// Colour range for a matrix: weights on [0, 1], anything else around 0.
ColorScale color_scale_for(const TraceMatrix& m);

// The tooltip body for a cell: its explanation, and for an output row the
// whole weighted sum.
void draw_cell_explanation(const UiContext& ui, int index, int row, int col, int digits);

// "Numbers shown as ? stay covered until you answer (or skip) the prediction
// at step 4.": under and over numbers an open prediction covers (`step`
// 1-based).
std::string covered_text(int step);
// Where the live bars or the temperature curves show another query than the
// followed one, whose weights the open prediction at `step` covers.
std::string stand_in_text(const std::string& followed, const std::string& shown, int step);
// "{matrix}: covered until you answer (or skip) the prediction above." (or
// "at step 4"), in place of a matrix of the step covered whole.
std::string covered_matrix_text(const UiContext& ui, int index);

// The grid a dragged number snaps to: decimals that suit the matrix's size
// (0.001 for numbers around 1), so a drag gives 1.66, not 1.66000007.
int drag_decimals(const TraceMatrix& m);

// How far a pixel of a drag moves a number: 0.6% of it, at least 0.004 (and
// the grid's step), faster as the pointer moves faster (up to 10×), a tenth
// with Shift (fine), ten times with Alt or Ctrl (coarse).
struct DragInput {
  double pixels_per_second = 0.0;
  bool fine = false, coarse = false;
  bool touch = false;  // a finger: no keys to go coarse with, a narrow screen to cross
};
double drag_speed(double value, int decimals, const DragInput& input);
// This frame's: the pointer's speed and the modifier keys held.
DragInput drag_input(const ImGuiIO& io);
// The speed to give DragScalar for `speed`: undoes its own modifier keys.
float imgui_drag_speed(double speed, const ImGuiIO& io);
double snap(double value, int decimals);

// Whether the query's weights that (row, col) belongs to sum to 1.
bool slice_sums_to_one(const TraceMatrix& weights, int row, int col, double* sum = nullptr);

}  // namespace attn::ui
