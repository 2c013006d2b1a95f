// The text of each number drawn, and its width, kept from frame to frame.
// Writing a double is the costliest part of drawing a matrix (the browser's
// printf works in 128-bit long double, in software), and while a learner
// drags one number most of the numbers on screen stay what they were.
#pragma once

#include <cstdint>
#include <string>
#include <unordered_map>

namespace attn::ui {

class NumberTexts {
 public:
  struct Written {
    std::string text;  // number_text(value, digits)
    float width;       // in the font it was measured in
  };
  // The number written with `digits` decimals and measured in ImGui's current
  // font. Valid until the next call.
  const Written& get(double value, int digits);
  size_t size() const { return written_.size(); }

  // Enough for every number of the largest step several times over: past it
  // the cache starts again rather than grow with every value dragged through.
  static constexpr size_t kMaxEntries = 8192;

 private:
  struct Key {
    uint64_t bits;
    int digits;
    const void* font;
    float font_size;
    bool operator==(const Key&) const = default;
  };
  struct KeyHash {
    size_t operator()(const Key& k) const;
  };
  std::unordered_map<Key, Written, KeyHash> written_;
};

}  // namespace attn::ui
