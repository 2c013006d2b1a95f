// The table of inputs a lesson may give: each one's shape and layout (inputs.h).
#include "core/lesson/inputs.h"

#include "core/text/translation.h"

namespace attn {

const InputSpec* input_spec(Stage s) {
  for (const InputSpec& spec : kInputSpecs)
    if (spec.stage == s) return &spec;
  return nullptr;
}

std::string_view input_key(Stage s) {
  const InputSpec* spec = input_spec(s);
  return spec && !spec->key.empty() ? spec->key : stage_name(s);
}

bool input_is_transposed(Layout layout, Stage input) {
  const InputSpec* spec = input_spec(input);
  return spec && (spec->transposed >> static_cast<int>(layout) & 1);
}

const std::vector<InputSource>& input_sources() {
  using S = Stage;
  static const std::vector<InputSource> sources = {
      {{S::X},
       {S::W_q, S::W_k},
       {S::W_v, S::b_q, S::b_k, S::b_v, S::W_o, S::P, S::memory},
       // TRANSLATORS: completes "\"Q\" cannot be used …": the lesson gives X, and Q,
       // K and V (queries, keys, values) are computed from it.
       N_("with \"X\": Q, K and V are computed from X")},
      {{S::Q, S::K},
       {S::Q, S::K},
       {S::V, S::W_o},
       // TRANSLATORS: completes "\"W_q\" cannot be used …": the lesson gives Q and K
       // (queries and keys) as numbers.
       N_("with given Q and K")},
      {{S::weights},
       {S::V},
       {},
       // TRANSLATORS: completes "\"W_q\" cannot be used …": the lesson gives the
       // attention weights as numbers.
       N_("with given weights"),
       true},
  };
  return sources;
}

}  // namespace attn
