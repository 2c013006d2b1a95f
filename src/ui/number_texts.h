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
  size_t size() const { return written_.size() + older_.size(); }

  // Two generations of up to kGeneration entries each, several times the
  // numbers of the largest step (280 at once): when the newer is full it
  // becomes the older and the older goes, so a drag through ever new values
  // does not grow it, and what is still on screen is found in the older and
  // kept (about 250 kB at most; tests/app/monkey.cpp bounds memory growth).
  static constexpr size_t kGeneration = 1024;
  static constexpr size_t kMaxEntries = 2 * kGeneration;

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
  std::unordered_map<Key, Written, KeyHash> written_, older_;
};

}  // namespace attn::ui
