// A matrix's key and its text form, [part/]stage[_hN][@variant] (matrix_key.h).
#include "core/lesson/matrix_key.h"

#include <algorithm>
#include <charconv>

namespace attn {

bool can_be_input(Stage s) {
  return std::find(std::begin(kInputStages), std::end(kInputStages), s) != std::end(kInputStages);
}

bool is_weight_matrix(Stage s) {
  return s == Stage::W_q || s == Stage::W_k || s == Stage::W_v || s == Stage::W_o;
}

Stage trained_input(Stage g) {
  switch (g) {
    case Stage::grad_W_q:
      return Stage::W_q;
    case Stage::grad_W_k:
      return Stage::W_k;
    case Stage::grad_W_v:
      return Stage::W_v;
    case Stage::grad_W_o:
      return Stage::W_o;
    case Stage::grad_b_q:
      return Stage::b_q;
    case Stage::grad_b_k:
      return Stage::b_k;
    case Stage::grad_b_v:
      return Stage::b_v;
    default:
      return g;
  }
}

Stage gradient_of(Stage s) {
  for (Stage g : {Stage::grad_W_q, Stage::grad_W_k, Stage::grad_W_v, Stage::grad_W_o,
                  Stage::grad_b_q, Stage::grad_b_k, Stage::grad_b_v})
    if (trained_input(g) == s) return g;
  return s;
}

bool is_bias(Stage s) { return s == Stage::b_q || s == Stage::b_k || s == Stage::b_v; }

std::string matrix_name(Stage stage, int head, std::string_view variant_id) {
  std::string out(stage_name(stage));
  if (head) out += "_h" + std::to_string(head);
  if (!variant_id.empty()) out += "@" + std::string(variant_id);
  return out;
}

std::optional<ParsedName> parse_matrix_name(std::string_view name) {
  ParsedName out;
  if (const size_t at = name.find('@'); at != std::string_view::npos) {
    out.variant = std::string(name.substr(at + 1));
    if (out.variant.empty()) return std::nullopt;
    name = name.substr(0, at);
  }
  // "_h<digits>" at the end is a head, unless the whole name is a stage (none ends so).
  if (const size_t at = name.rfind("_h"); at != std::string_view::npos && at + 2 < name.size()) {
    const std::string_view digits = name.substr(at + 2);
    int head = 0;
    const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), head);
    if (error == std::errc() && end == digits.data() + digits.size() && head >= 1 &&
        digits[0] != '0') {
      out.head = head;
      name = name.substr(0, at);
    }
  }
  const std::optional<Stage> stage = parse_name(kStageNames, name);
  if (!stage) return std::nullopt;
  out.stage = *stage;
  return out;
}

}  // namespace attn
