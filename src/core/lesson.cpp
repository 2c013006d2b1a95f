#include "core/lesson.h"

#include <algorithm>

#include "core/numpy_random.h"

namespace attn {

namespace {
bool is_weight(const std::string& name) { return name.size() == 3 && name[0] == 'W'; }
}  // namespace

const std::vector<std::string>& input_names() {
  static const std::vector<std::string> names = {"X",   "W_q", "W_k", "W_v", "b_q", "b_k",
                                                 "b_v", "W_o", "Q",   "K",   "V",   "weights"};
  return names;
}

bool is_input_name(const std::string& name) {
  return std::find(input_names().begin(), input_names().end(), name) != input_names().end();
}

bool input_is_transposed(Layout layout, const std::string& name) {
  if (name == "weights") return false;
  if (is_weight(name)) return layout != Layout::Rows;
  return layout == Layout::Columns;
}

Block head_block(Layout layout, const std::string& name, int rows, int cols, int heads, int head) {
  // Heads split the output features: the columns of a canonical matrix, which
  // are the rows of a transposed one.
  Block b;
  b.along_rows = input_is_transposed(layout, name);
  const int width = (b.along_rows ? rows : cols) / heads;
  b.begin = (head - 1) * width;
  b.end = head * width;
  return b;
}

void redraw(const Part& part, int group, uint32_t seed, PartState& state) {
  const RandomGroup& g = part.random[group];
  NumpyRandom rng(seed);
  for (const RandomDraw& d : g.draws) {
    auto next = [&] {
      return d.fn == RandomDraw::Fn::Rand ? rng.rand() : d.loc + d.scale * rng.randn();
    };
    Matrix drawn(d.rows, d.cols);
    if (d.fill_columns) {  // np.hstack of column vectors drawn one after another
      for (int c = 0; c < d.cols; ++c)
        for (int r = 0; r < d.rows; ++r) drawn(r, c) = next();
    } else {  // C order, as numpy fills an array
      for (size_t i = 0; i < drawn.size(); ++i) drawn.data()[i] = next();
    }
    Matrix& target = state.inputs[d.target];
    const auto [rows, cols] = part.shapes.at(d.target);
    if (target.rows() != rows || target.cols() != cols) target = Matrix(rows, cols);
    if (d.head == 0) {
      target = drawn;
      continue;
    }
    const Block b = head_block(part.layout, d.target, rows, cols, part.heads, d.head);
    for (int r = 0; r < drawn.rows(); ++r)
      for (int c = 0; c < drawn.cols(); ++c) {
        if (b.along_rows)
          target(b.begin + r, c) = drawn(r, c);
        else
          target(r, b.begin + c) = drawn(r, c);
      }
  }
  if (static_cast<int>(state.seeds.size()) <= group) state.seeds.resize(group + 1);
  state.seeds[group] = seed;
}

LessonState default_state(const Lesson& lesson) {
  LessonState state;
  for (const Part& part : lesson.parts) {
    PartState ps;
    ps.inputs = part.given;
    ps.options = part.options;
    for (int g = 0; g < static_cast<int>(part.random.size()); ++g)
      redraw(part, g, part.random[g].seed, ps);
    state.parts.push_back(std::move(ps));
  }
  return state;
}

}  // namespace attn
