// Whether the fonts really draw a character, read from each cut font's own
// character map (stb_truetype, which ImGui builds its atlas with). The packs'
// coverage tables (ui::font_pack_for) name whole Unicode blocks for Chinese
// and Hangul, so a character the cut lacks still has a pack there; a test of
// what a learner will see asks this instead (issue 30.4).
#pragma once

namespace attn::test {

// The base font, the language menu's names, or a pack compiled into this build.
bool fonts_draw(char32_t codepoint);

}  // namespace attn::test
