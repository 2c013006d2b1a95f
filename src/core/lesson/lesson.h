// A lesson as data: what an instructor writes in a lesson file (see
// docs/lessons.md), after loading and validation. Immutable once loaded; the
// learner's edits live in LessonState.
#pragma once

#include <algorithm>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/base/enum_names.h"
#include "core/lesson/activity.h"
#include "core/lesson/inputs.h"
#include "core/lesson/live_text.h"
#include "core/lesson/matrix_key.h"
#include "core/lesson/state.h"
#include "core/math/attention.h"
#include "core/math/matrix.h"
#include "core/math/positions.h"
#include "core/math/training.h"

namespace attn {

// Limits, checked before anything is allocated. Documented in docs/lessons.md.
struct Limits {
  static constexpr int kMaxTokens = 64;
  static constexpr int kMaxDim = 128;  // any width: d, d_k, d_v, d_out
  static constexpr int kMaxHeads = 16;
  static constexpr int kMaxParts = 8;
  static constexpr int kMaxSteps = 64;
  static constexpr int kMaxVariants = 4;
  static constexpr int kMaxDraws = 64;
  static constexpr int kMaxDepth = 16;              // JSON nesting
  static constexpr size_t kMaxFileBytes = 1 << 20;  // 1 MiB
  static constexpr size_t kMaxIdChars = 64;
  static constexpr size_t kMaxTitleChars = 200;
  static constexpr size_t kMaxTextChars = 4000;
  static constexpr double kMaxAbsValue = 1e6;  // every input entry, file or slider
  static constexpr double kMinDivisor = 1e-3;  // temperature / scale divisor
  static constexpr double kMaxDivisor = 1e6;
  static constexpr int kMaxPrecision = 12;          // digits shown: 0 to this
  static constexpr int kMaxFirstPosition = 10000;   // first_position: 0 to this
  static constexpr double kMaxRopeBase = 1e9;       // RoPE's base: above 0, to this
  static constexpr int kMaxTrainSteps = 500;        // training's steps: 1 to this
  static constexpr double kMaxLearningRate = 1000;  // training's lr: above 0, to this
  // Multiply-adds training may take on each change (every step, forward and back).
  static constexpr double kMaxTrainWork = 5e7;
};

// The rule for every id in a lesson file (the lesson's, a part's, a step's, a
// prediction's...), and so for a lesson id in a link: 1 to Limits::kMaxIdChars
// of kIdCharacters: a-z, 0-9, '-' and '_' (docs/lesson.schema.json's "pattern" says the same).
inline constexpr std::string_view kIdCharacters = "abcdefghijklmnopqrstuvwxyz0123456789-_";
inline bool is_valid_id(std::string_view id) {
  return !id.empty() && id.size() <= Limits::kMaxIdChars &&
         id.find_first_not_of(kIdCharacters) == std::string_view::npos;
}

enum class DrawFn { Rand, Randn, Normal };
inline constexpr EnumName<DrawFn> kDrawFnNames[] = {
    {DrawFn::Rand, "rand"}, {DrawFn::Randn, "randn"}, {DrawFn::Normal, "normal"}};

struct RandomDraw {
  Stage target = Stage::X;  // an input
  int head = 0;             // 0: the whole matrix; h >= 1: head h's block of it
  DrawFn fn = DrawFn::Rand;
  int rows = 0, cols = 0;
  double loc = 0.0, scale = 1.0;  // normal() only
  bool fill_columns = false;      // fill column by column (np.hstack of column draws)
};

// One np.random.seed(seed) followed by draws in the order written.
struct RandomGroup {
  uint32_t seed = 0;
  std::string label;  // e.g. "inputs", "parameters": names the seed control
  std::vector<RandomDraw> draws;
};

// A variant recomputes the part from the same inputs with other options, e.g.
// notebook 003's unscaled attention, or its multi-head "Your answer".
// How a part tells the tokens' positions apart (docs/lessons.md, "Positions").
enum class PositionKind {
  None,        // attention alone: no positions
  Sinusoidal,  // P computed (core/math/positions.h), added to X
  Given,       // P an input (written as "positions": [[…]], or drawn), added to X
};
// The words "positions" takes (a part's; a variant's takes "none" too).
inline constexpr EnumName<PositionKind> kPositionWords[] = {
    {PositionKind::Sinusoidal, "sinusoidal"},
};

// What a part's computation reads besides its inputs: where the tokens stand.
struct Sequence {
  PositionKind positions = PositionKind::None;
  std::optional<Rope> rope;  // rotary positions on each head's Q and K
  bool kv_cache = false;     // shows generation one token at a time (core/math/kv_cache.h)
  bool operator==(const Sequence&) const = default;
};

struct Variant {
  std::string id;
  std::string label;
  std::optional<Scaling> scaling;
  std::optional<bool> causal;
  std::optional<Arrangement> arrangement;
  std::optional<int> first_position;
  std::optional<std::vector<int>> order;  // the tokens in another order (a permutation)
  std::optional<PositionKind> positions;  // "none" or "sinusoidal"
  std::optional<std::optional<Rope>> rope;
  bool trained = false;  // the part after its training's steps (the variant "trained")
  // Whether its Q, K and V differ from the part's: it has its own.
  bool moves_tokens() const { return first_position || order || positions || rope || trained; }
};

// A trained param's input stage, and back.
Stage stage_of(Param p);
std::optional<Param> param_for(Stage s);

// "train": gradient descent toward a target (core/math/training.h), shown as
// the loss, the gradients and the variant "trained".
struct TrainSpec {
  TrainTarget::Kind kind = TrainTarget::Kind::Weights;
  Matrix target;  // as the file writes it, in the part's layout
  std::vector<Param> params;
  double lr = 0.1;
  int steps = 100;
};

// A variant's options: the part's, with what the variant sets in their place.
AttentionOptions options_for(const Variant& v, AttentionOptions o);
Sequence sequence_for(const Variant& v, Sequence s);

// Each token's position (by token index): first_position + where it stands.
std::vector<int> token_positions(const AttentionOptions& options, int tokens);

struct StepSpec {
  std::string id, title;
  LiveText formula;                     // with the settings in force: {scale}, {mask}
  std::vector<TextBlock> text;          // sentences, live or with the condition they hold under
  std::vector<MatrixKey> show;          // written in the file as "Q", "weights_h1@unscaled"
  int precision = -1;                   // digits shown; -1: the part's
  std::vector<Prediction> predictions;  // asked before the step shows its result
  std::vector<Challenge> challenges;
};

struct Part {
  std::string id;  // empty when the lesson has one part
  // Of a message's two wordings (both marked N_), the one that says "this
  // lesson" where the lesson has one part and "this part" where it has parts.
  const char* said_of(const char* of_lesson, const char* of_part) const {
    return id.empty() ? of_lesson : of_part;
  }
  std::string title;
  Layout layout = Layout::Rows;
  std::vector<std::string> tokens;
  std::vector<std::string> memory_tokens;  // cross-attention: the memory's (its input `memory`)
  int heads = 1;
  AttentionOptions options;
  Sequence sequence;
  Inputs given;                                 // inputs written as numbers, in the part's layout
  std::map<Stage, std::pair<int, int>> shapes;  // every input's (rows, cols), given or drawn
  std::vector<RandomGroup> random;
  std::vector<Variant> variants;
  std::optional<TrainSpec> train;
  std::vector<StepSpec> steps;
  // Display names by stage ("W_q" -> "Ω_q") or for one matrix
  // ("output@your_answer" -> "X′ (Your answer)"), the latter winning.
  std::map<Stage, std::string> stage_names;
  std::map<MatrixKey, std::string> matrix_names;
  int precision = 8;      // digits shown, as the notebook printed
  bool suppress = false;  // numpy's suppress: never scientific notation
};

struct Lesson {
  std::string id, title, source;
  std::vector<Part> parts;
  int main_part = 0;  // whose weights and output are the lesson's result
};

// A matrix of a part by the name a lesson file gives it ("weights_h1@your_answer"):
// its key, or nullopt if the part can have no such matrix.
std::optional<MatrixKey> key_in_part(const Part& part, int part_index, std::string_view name);

// The lesson's own numbers: given inputs plus the draws at the lesson's seeds.
LessonState default_state(const Lesson& lesson);

// Redraws random group `group` of a part with a new seed, replacing what it drew.
void redraw(const Part& part, int group, uint32_t seed, PartState& state);

// Where head h (1-based) of `heads` sits in an input, in the part's layout:
// [begin, end) of its rows (along_rows) or of its columns.
struct Block {
  bool along_rows = false;
  int begin = 0, end = 0;
};
Block head_block(Layout layout, Stage input, int rows, int cols, int heads, int head);

}  // namespace attn
