// The characters beyond ASCII a lesson file uses, and where each first stands (characters.h).
#include "core/text/characters.h"

#include <algorithm>
#include <cstdio>
#include <nlohmann/json.hpp>

namespace attn {

namespace {

// The next code point of valid UTF-8 (nlohmann::json accepted the text).
char32_t next(std::string_view s, size_t& i) {
  const auto byte = [&](size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned char b = byte(i);
  int extra = b >= 0xF0 ? 3 : b >= 0xE0 ? 2 : b >= 0xC0 ? 1 : 0;
  char32_t c = extra == 3 ? b & 0x07u : extra == 2 ? b & 0x0Fu : extra == 1 ? b & 0x1Fu : b;
  ++i;
  for (; extra > 0 && i < s.size(); --extra) c = (c << 6) | (byte(i++) & 0x3Fu);
  return c;
}

struct Census {
  std::vector<CharacterUse> uses;
  std::vector<char32_t> seen;  // sorted

  void text(std::string_view s, const nlohmann::json::json_pointer& where) {
    for (size_t i = 0; i < s.size();) {
      const char32_t c = next(s, i);
      if (c < 0x80) continue;
      auto at = std::lower_bound(seen.begin(), seen.end(), c);
      if (at != seen.end() && *at == c) continue;
      seen.insert(at, c);
      uses.push_back({c, where.to_string()});
    }
  }

  void walk(const nlohmann::json& j, const nlohmann::json::json_pointer& where) {
    if (j.is_string()) {
      text(j.get_ref<const std::string&>(), where);
    } else if (j.is_array()) {
      for (size_t i = 0; i < j.size(); ++i) walk(j[i], where / i);
    } else if (j.is_object()) {
      for (const auto& [key, value] : j.items()) {
        text(key, where / key);  // keys are the format's, but a lesson's own names can be keys
        walk(value, where / key);
      }
    }
  }
};

}  // namespace

std::vector<char32_t> codepoints_of(std::string_view utf8) {
  std::vector<char32_t> out;
  for (size_t i = 0; i < utf8.size();) out.push_back(next(utf8, i));
  return out;
}

std::vector<CharacterUse> characters_used(const nlohmann::json& document) {
  Census census;
  census.walk(document, nlohmann::json::json_pointer());
  return census.uses;
}

bool right_to_left(char32_t c) {
  return (c >= 0x0590 && c <= 0x08FF) ||  // Hebrew, Arabic, Syriac, Thaana, N'Ko, Samaritan...
         (c >= 0xFB1D && c <= 0xFDFF) ||  // Hebrew and Arabic presentation forms A
         (c >= 0xFE70 && c <= 0xFEFF) ||  // Arabic presentation forms B
         (c >= 0x10800 && c <= 0x10FFF) || (c >= 0x1E800 && c <= 0x1EFFF);
}

std::string codepoint_name(char32_t codepoint) {
  char text[16];
  std::snprintf(text, sizeof text, "U+%04X", static_cast<unsigned>(codepoint));
  return text;
}

std::string utf8_of(char32_t c) {
  std::string out;
  if (c < 0x80) {
    out += static_cast<char>(c);
  } else if (c < 0x800) {
    out += static_cast<char>(0xC0 | (c >> 6));
    out += static_cast<char>(0x80 | (c & 0x3F));
  } else if (c < 0x10000) {
    if (c >= 0xD800 && c < 0xE000) return "";
    out += static_cast<char>(0xE0 | (c >> 12));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (c & 0x3F));
  } else if (c < 0x110000) {
    out += static_cast<char>(0xF0 | (c >> 18));
    out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (c & 0x3F));
  }
  return out;
}

}  // namespace attn
