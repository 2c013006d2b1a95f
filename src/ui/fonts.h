// The UI's fonts: DejaVu Sans (Debian's fonts-dejavu-core) and WenQuanYi Micro
// Hei (fonts-wqy-microhei), cut at build time by scripts/font_packs.py into
// - the base font, compiled in: the interface and the built-in lessons;
// - packs of more letters and symbols that a lesson file may use. A pack is
//   added to the atlas only when the lesson needs it, with only the characters
//   it uses, so the atlas stays small. The page fetches packs (dist/fonts/);
//   the desktop app and the tests have them compiled in.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "imgui.h"

namespace attn::ui {

struct Fonts {
  ImFont* body = nullptr;   // ~15 px
  ImFont* small = nullptr;  // ~13 px: labels, numbers in dense grids
  ImFont* title = nullptr;  // ~20 px: step titles
};

struct FontPack {
  const char* name;  // "letters": its file is fonts/letters.ttf
  const char* what;  // for notices, in English (tr() it): "Latin, Greek and Cyrillic letters"
  const ImWchar* coverage;  // the code points it has, as ImGui ranges
};
const std::vector<FontPack>& font_packs();
bool base_font_has(char32_t codepoint);
// The pack with this character, or nullptr (the base has it, or no pack has).
const FontPack* font_pack_for(char32_t codepoint);

// Text as the canvas wraps it. ImGui 1.86 lets a wrapped line break after
// any '.' or ',' and at any space, even inside "0.52" or "np.random.seed(0)":
// a '.' inside a number or a dotted name becomes U+2024 ONE DOT LEADER, and a
// call's ',' and spaces (rand(4, 4)) U+201A and U+00A0: they look the same
// and never break. And it breaks only at spaces, which Chinese and Japanese
// do not write: between two of their characters, where a line may break
// (not before a closing mark or a small kana, not after an opening one), goes
// kLineBreak: a blank to ImGui, which every font draws zero wide (FontSet::build).
// ImGui also breaks after any '"', so "Neither". could end a line with the
// quote and start the next with the '.': a '"' with no blank after it becomes
// kGluedQuote, which every font draws as '"' and ImGui does not break after.
// Copies and the text view keep the text as it is.
inline constexpr char32_t kLineBreak = 0x3000;   // U+3000, one of ImGui's blanks
inline constexpr char32_t kGluedQuote = 0x2E7F;  // unassigned, below every font's CJK
std::string wrappable(std::string_view text);

class FontSet {
 public:
  // The packs compiled into this build are here at once (`compiled_packs`
  // false: as on the web, every pack must be provided).
  explicit FontSet(bool compiled_packs = true);

  // The characters beyond the base font that must be drawn now (a lesson's).
  // Packs holding some that are not here yet are wanted.
  void need(std::vector<char32_t> codepoints);
  // Packs holding needed characters that are not here (and did not fail):
  // the app asks its shell for them, which calls provide() or fail().
  std::vector<const FontPack*> wanted() const;
  void provide(std::string_view name, std::string bytes);
  // Returns false for a pack that is here already (it stays drawn).
  bool fail(std::string_view name);
  // What is being fetched or not yet in the atlas, for a notice: "Latin,
  // Greek and Cyrillic letters", or "".
  std::string loading() const;
  // Whether the atlas draws this character now.
  bool can_draw(char32_t codepoint) const;
  // Needed characters the pack meant for them turned out not to have (known
  // once it is loaded: a rare Chinese character, say). Each returned once.
  std::vector<char32_t> take_lacking();

  // (Re)builds the atlas at `pixel_ratio` (device pixels per UI pixel) when the
  // ratio or the drawable characters changed, and sets io.FontGlobalScale to
  // match. Returns true when it did: the renderer must recreate its texture.
  bool build(float pixel_ratio);
  Fonts* fonts() { return &fonts_; }

 private:
  enum class State { Absent, Wanted, Ready, Failed };
  struct Pack {
    const FontPack* info = nullptr;
    State state = State::Absent;
    std::string bytes;            // the font file (the atlas reads it in place)
    std::vector<ImWchar> ranges;  // the needed characters it has, for the atlas (0-ended)
  };
  std::vector<Pack> packs_;
  std::vector<char32_t> needed_;              // sorted
  std::vector<char32_t> drawable_;            // sorted: the needed characters the atlas has
  std::vector<char32_t> lacking_, reported_;  // needed, not in their pack; said already
  Fonts fonts_;
  float built_ratio_ = 0.0f;
  bool dirty_ = true;
};

}  // namespace attn::ui
