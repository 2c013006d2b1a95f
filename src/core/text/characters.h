// The characters a lesson file uses beyond ASCII, each with where it first
// appears, so the UI can load the font that draws them (src/ui/fonts.h) and
// name those no font has, once, at load.
#pragma once

#include <nlohmann/json_fwd.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace attn {

struct CharacterUse {
  char32_t codepoint = 0;
  std::string where;  // JSON Pointer of the first text holding it: "/parts/0/tokens/2"
};

// In order of first appearance in a lesson file's document, objects read in
// their keys' sorted order.
std::vector<CharacterUse> characters_used(const nlohmann::json& document);

// Hebrew, Arabic, Syriac, Thaana, N'Ko and their presentation forms: letters
// that need bidirectional reordering (and Arabic, joining) to be drawn.
bool right_to_left(char32_t codepoint);

// The code points of UTF-8 text (the text must be valid UTF-8).
std::vector<char32_t> codepoints_of(std::string_view utf8);

// "U+0436"
std::string codepoint_name(char32_t codepoint);
// The character as UTF-8 ("é" for U+00E9), or "" for one that cannot be written.
std::string utf8_of(char32_t codepoint);

}  // namespace attn
