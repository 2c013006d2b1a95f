// Rules on a lesson's data: a variant's options, token positions, what may be overridden, head
// blocks, random draws, the default state (lesson.h).
#include "core/lesson/lesson.h"

#include "core/math/numpy_random.h"

namespace attn {

AttentionOptions options_for(const Variant& v, AttentionOptions o) {
  if (v.scaling) o.scaling = *v.scaling;
  if (v.causal) o.causal = *v.causal;
  if (v.arrangement) o.arrangement = *v.arrangement;
  if (v.first_position) o.first_position = *v.first_position;
  if (v.order) o.order = *v.order;
  return o;
}

Sequence sequence_for(const Variant& v, Sequence s) {
  if (v.positions) s.positions = *v.positions;
  if (v.rope) s.rope = *v.rope;
  return s;
}

std::vector<int> token_positions(const AttentionOptions& options, int tokens) {
  std::vector<int> at(static_cast<size_t>(tokens));
  for (int r = 0; r < tokens; ++r) {
    const int token = options.order.empty() ? r : options.order[static_cast<size_t>(r)];
    at[static_cast<size_t>(token)] = options.first_position + r;
  }
  return at;
}

Stage stage_of(Param p) {
  return *parse_name(kStageNames, name_of(kParamNames, p));  // the same names
}

std::optional<Param> param_for(Stage s) { return parse_name(kParamNames, stage_name(s)); }

bool can_override(Stage stage) {
  return stage == Stage::scores || stage == Stage::scaled || stage == Stage::weights;
}

const Override* PartState::override_at(Stage stage, int head, int row, int col) const {
  for (const Override& o : overrides)
    if (o.stage == stage && o.head == head && o.row == row && o.col == col) return &o;
  return nullptr;
}

std::optional<MatrixKey> key_in_part(const Part& part, int part_index, std::string_view name) {
  const std::optional<ParsedName> parsed = parse_matrix_name(name);
  // Matrices carry a head number only in a part with several heads.
  if (!parsed || parsed->head > (part.heads > 1 ? part.heads : 0)) return std::nullopt;
  MatrixKey key{part_index, parsed->stage, parsed->head, 0};
  if (!parsed->variant.empty()) {
    for (size_t v = 0; v < part.variants.size(); ++v)
      if (part.variants[v].id == parsed->variant) key.variant = static_cast<int>(v) + 1;
    if (!key.variant) return std::nullopt;
  }
  return key;
}

Block head_block(Layout layout, Stage input, int rows, int cols, int heads, int head) {
  // Heads split the output features: the columns of a canonical matrix, which
  // are the rows of a transposed one.
  Block b;
  b.along_rows = input_is_transposed(layout, input);
  const int width = (b.along_rows ? rows : cols) / heads;
  b.begin = (head - 1) * width;
  b.end = head * width;
  return b;
}

namespace {
// One draw, filled as numpy fills it.
Matrix draw(NumpyRandom& rng, const RandomDraw& d) {
  // np.hstack of `cols` column vectors drawn one after another is a (cols,
  // rows) draw in C order, transposed.
  const int rows = d.fill_columns ? d.cols : d.rows, cols = d.fill_columns ? d.rows : d.cols;
  Matrix m = d.fn == DrawFn::Rand ? rng.rand(rows, cols) : rng.normal(rows, cols, d.loc, d.scale);
  return d.fill_columns ? transpose(m) : m;
}
}  // namespace

void redraw(const Part& part, int group, uint32_t seed, PartState& state) {
  const RandomGroup& g = part.random[group];
  NumpyRandom rng(seed);
  for (const RandomDraw& d : g.draws) {
    const Matrix drawn = draw(rng, d);
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
