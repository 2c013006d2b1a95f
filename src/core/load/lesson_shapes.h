// The lesson format's shape rules: every input's shape, given or drawn, and
// whether they fit together (the path that computes Q, K, V, the widths, the
// heads). Used by the loader only.
#pragma once

#include "core/lesson/lesson.h"
#include "core/load/json_reader.h"
#include "core/text/translation.h"

namespace attn {

// What the shape rules say, in English, marked for the catalog: the loader
// says each in the learner's language; the format description
// (core/load/lesson_format.h) carries them for the Python module, which says
// them in English. {…} are the values filled in.
struct ShapeMessages {
  const char* forbidden;  // {name} {because}
  const char* missing;    // {key} {with}
  const char* no_inputs;
  const char* one_head;
  const char* needs;                             // {bias} {weight}
  const char* needs_values;                      // W_o without values
  const char* square;                            // {matrix} {n}
  const char* does_not_fit;                      // {matrix} {rule}
  const char* rule_d[3];                         // by Layout: {d}
  const char* rule_d_k;                          // {d_k}
  const char* bias;                              // {matrix} {weight} {count}
  PluralText per_token_row, per_token_column;    // {matrix} {count}
  PluralText concatenated;                       // {matrix} {count}
  PluralText heads;                              // {matrix} {width} {heads}
  const char* like_x;                            // {matrix} {shape}
  const char* memory_width;                      // {matrix} {d}
  PluralText per_memory_row, per_memory_column;  // {matrix} {count}
};
const ShapeMessages& shape_messages();

// Fills part.shapes from the given inputs and the draws, then checks them;
// `path` is the part's place in the file, for messages.
bool check_shapes(Reader& r, Part& part, const Pointer& path);

}  // namespace attn
