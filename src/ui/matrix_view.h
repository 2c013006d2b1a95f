// One matrix of the trace: token labels, a heatmap drawn by the shader, the
// numbers on top, drag fields on inputs, and an explanation on hover or tap.
#pragma once

#include "ui/context.h"

namespace attn::ui {

struct MatrixViewOptions {
  int digits = 4;
  // Cells that differ from this matrix are outlined (the notebook's "Your
  // answer" against the "True values"); -1 for none.
  int compare_with = -1;
};

// Draws trace matrix `index` at the cursor; a drag on an input requests the edit.
void draw_matrix(UiContext& ui, int index, const MatrixViewOptions& options);

// The space draw_matrix will take, for laying matrices out side by side.
ImVec2 matrix_size(const UiContext& ui, int index, int digits);

// Colour range for a matrix: weights on [0, 1], anything else around 0.
ColorScale color_scale_for(const TraceMatrix& m);

// The tooltip body for a cell: its explanation, and for an output row the
// whole weighted sum.
void draw_cell_explanation(const UiContext& ui, int index, int row, int col, int digits);

}  // namespace attn::ui
