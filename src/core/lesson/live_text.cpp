// Live text as data: a text of literal words, no placeholder (live_text.h).
#include "core/lesson/live_text.h"

namespace attn {

LiveText literal(std::string text) {
  return {Piece{Fill::Literal, std::move(text), {}, {}, -1, false}};
}

}  // namespace attn
