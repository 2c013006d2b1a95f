// Numbers written once and kept (number_texts.h).
#include "ui/number_texts.h"

#include <cstring>
#include <functional>
#include <utility>

#include "core/text/number_text.h"
#include "imgui.h"

namespace attn::ui {

size_t NumberTexts::KeyHash::operator()(const Key& k) const {
  size_t h = std::hash<uint64_t>{}(k.bits);
  h ^= std::hash<int>{}(k.digits) + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
  h ^= std::hash<const void*>{}(k.font) + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2);
  return h ^ (std::hash<float>{}(k.font_size) + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2));
}

const NumberTexts::Written& NumberTexts::get(double value, int digits) {
  Key key{0, digits, ImGui::GetFont(), ImGui::GetFontSize()};
  std::memcpy(&key.bits, &value, sizeof value);
  if (auto it = written_.find(key); it != written_.end()) return it->second;
  if (written_.size() >= kGeneration) older_ = std::exchange(written_, {});
  if (auto it = older_.find(key); it != older_.end())
    return written_.emplace(key, std::move(it->second)).first->second;
  std::string text = number_text(value, digits);
  const float width = ImGui::CalcTextSize(text.c_str()).x;
  return written_.emplace(key, Written{std::move(text), width}).first->second;
}

}  // namespace attn::ui
