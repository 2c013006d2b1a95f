// Tests of ui/fonts.h: what the fonts draw, and where wrapped lines may break.
#include "ui/fonts.h"

#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "core/base/embedded_file.h"
#include "core/text/characters.h"
#include "support/font_cmap.h"

using namespace attn;

namespace {

std::string read(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// Every character beyond ASCII in these files, as "ж U+0436 in path; ".
std::string outside_base(const std::filesystem::path& folder,
                         const std::vector<std::string>& extensions) {
  std::string out;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(folder)) {
    const std::string ext = entry.path().extension().string();
    if (std::find(extensions.begin(), extensions.end(), ext) == extensions.end()) continue;
    // Wrapped as a JSON string so characters_used walks the file's text.
    const std::string text = read(entry.path());
    std::string quoted = "[";
    for (size_t i = 0; i < text.size(); ++i) {
      const unsigned char c = static_cast<unsigned char>(text[i]);
      if (c >= 0x80) {
        size_t n = 1;
        while (i + n < text.size() && (static_cast<unsigned char>(text[i + n]) & 0xC0) == 0x80) ++n;
        quoted += "\"" + text.substr(i, n) + "\",";
        i += n - 1;
      }
    }
    quoted += "0]";
    for (const CharacterUse& u : characters_used(nlohmann::json::parse(quoted)))
      if (!ui::base_font_has(u.codepoint))
        out += utf8_of(u.codepoint) + " " + codepoint_name(u.codepoint) + " in " +
               entry.path().string() + "; ";
  }
  return out;
}

}  // namespace

TEST_CASE("the base font draws every character the interface and the built-in lessons use") {
  // A character outside it shows as "?" on the canvas (as "⌫ Delete" did).
  const std::filesystem::path root = ATTN_SOURCE_DIR;
  CHECK(outside_base(root / "src", {".cpp", ".h"}) == "");
  CHECK(outside_base(root / "lessons", {".json"}) == "");
}

TEST_CASE(
    "font packs hold the letters, symbols, Chinese, Japanese and Korean beyond the base font") {
  CHECK(ui::base_font_has(U'a'));
  CHECK(ui::base_font_has(U'é'));
  CHECK(ui::base_font_has(U'σ'));
  CHECK(ui::base_font_has(U'⌫'));
  CHECK_FALSE(ui::base_font_has(U'ж'));
  for (char32_t c : {U'ł', U'ő', U'ж', U'Ё', U'ά', U'ϐ', U'ẞ', U'ǅ'}) {
    CAPTURE(codepoint_name(c));
    REQUIRE(ui::font_pack_for(c) != nullptr);
    CHECK(std::string(ui::font_pack_for(c)->name) == "letters");
  }
  for (char32_t c : {U'ₖ', U'∫', U'⇒', U'€', U'◆'}) {
    CAPTURE(codepoint_name(c));
    REQUIRE(ui::font_pack_for(c) != nullptr);
    CHECK(std::string(ui::font_pack_for(c)->name) == "symbols");
  }
  for (char32_t c : {U'猫', U'の', U'。', U'Ａ'}) {
    CAPTURE(codepoint_name(c));
    REQUIRE(ui::font_pack_for(c) != nullptr);
    CHECK(std::string(ui::font_pack_for(c)->name) == "cjk");
  }
  CHECK(std::string(ui::font_pack_for(U'고')->name) == "hangul");
  CHECK(ui::font_pack_for(U'a') == nullptr);  // the base has it
  CHECK(ui::font_pack_for(U'😀') == nullptr);  // no font here has it
  CHECK(ui::font_pack_for(U'ש') == nullptr);  // right-to-left: not drawn on the canvas
}

TEST_CASE(
    "FontSet: a pack is wanted until it arrives, loading while fetched, drawn once provided; a "
    "failure is said once") {
  ImGuiContext* context = ImGui::CreateContext();
  ui::FontSet fonts(/*compiled_packs=*/false);  // as on the web
  CHECK(fonts.build(1.0f));
  CHECK_FALSE(fonts.build(1.0f));  // nothing changed
  fonts.need({U'ж', U'ł', U'∫', U'😀'});
  std::string wanted;
  for (const ui::FontPack* p : fonts.wanted()) wanted += std::string(p->name) + " ";
  CHECK(wanted == "letters symbols ");
  CHECK(fonts.wanted().size() == 2);  // until it arrives (the app asks once: app/assets.h)
  CHECK(fonts.loading() == "Latin, Greek and Cyrillic letters and symbols");
  CHECK_FALSE(fonts.can_draw(U'ж'));

  // The bytes a fetch would bring (natively they are compiled in).
  extern const EmbeddedFile kFontPackFiles[];
  extern const size_t kFontPackFilesCount;
  std::string letters;
  for (size_t i = 0; i < kFontPackFilesCount; ++i)
    if (std::string(kFontPackFiles[i].name) == "letters.ttf") letters = kFontPackFiles[i].text();
  REQUIRE(!letters.empty());
  fonts.provide("letters", letters);
  // Here, but not yet in the atlas: still loading until the next build.
  CHECK(fonts.loading() == "Latin, Greek and Cyrillic letters and symbols");
  CHECK_FALSE(fonts.can_draw(U'ж'));
  CHECK(fonts.build(1.0f));
  CHECK(fonts.loading() == "symbols");
  CHECK(fonts.can_draw(U'ж'));
  CHECK(fonts.take_lacking().empty());
  ImFont* body = fonts.fonts()->body;
  CHECK(body->FindGlyphNoFallback(u'ж') != nullptr);
  CHECK(body->FindGlyphNoFallback(u'ł') != nullptr);
  CHECK(body->FindGlyphNoFallback(u'ш') == nullptr);  // only what is needed joins the atlas

  // A new lesson needs more of a pack that is here: loading until the next
  // build adds those characters, with no second fetch.
  fonts.need({U'ж', U'ł', U'ш', U'∫', U'😀'});
  CHECK(fonts.wanted().size() == 1);  // symbols only: letters is here
  CHECK(fonts.loading() == "Latin, Greek and Cyrillic letters and symbols");
  CHECK_FALSE(fonts.can_draw(U'ш'));
  CHECK(fonts.build(1.0f));
  CHECK(fonts.loading() == "symbols");
  CHECK(fonts.can_draw(U'ш'));

  CHECK(fonts.fail("symbols"));
  CHECK_FALSE(fonts.fail("symbols"));  // said once
  CHECK_FALSE(fonts.fail("letters"));  // here already: stays drawn
  CHECK(fonts.loading() == "");
  CHECK(fonts.can_draw(U'ш'));
  CHECK_FALSE(fonts.can_draw(U'∫'));
  CHECK_FALSE(fonts.can_draw(U'😀'));
  ImGui::DestroyContext(context);
}

TEST_CASE("wrappable: numbers and code never break; the base font draws the lookalikes") {
  CHECK(ui::wrappable("The attends 0.52 to cat. 1.5x.") ==
        "The attends 0\u2024"
        "52 to cat. 1\u2024"
        "5x.");
  CHECK(ui::wrappable(".5 and 5. stay") == ".5 and 5. stay");
  CHECK(ui::wrappable("") == "");
  CHECK(ui::wrappable("(np.random.seed(0), then np.random.rand(4, 4) three times)") ==
        "(np\u2024random\u2024seed(0), then np\u2024random\u2024rand(4\u201A\u00A04) three "
        "times)");
  for (char32_t c : {0x2024, 0x201A, 0x00A0}) CHECK(ui::base_font_has(c));
}

TEST_CASE("wrappable: a quote stays with its word and its full stop, drawn as '\"'") {
  const std::string q = "\u2E7F";  // kGluedQuote
  CHECK(ui::wrappable("the answer is \"Neither\".") == "the answer is " + q + "Neither" + q + ".");
  CHECK(ui::wrappable("\"cat\" wins") == q + "cat\" wins");  // a blank after: as it was
  ImGuiContext* context = ImGui::CreateContext();
  ui::FontSet fonts(true);
  fonts.build(1.0f);
  ImFont* font = ImGui::GetIO().Fonts->Fonts[0];
  CHECK(font->FindGlyph(static_cast<ImWchar>(ui::kGluedQuote)) == font->FindGlyph('"'));
  // Wrapped just short of the whole: ImGui used to break between the quote
  // and the '.', which then began a line alone.
  const std::string plain = "the answer is \"Neither\".";
  const std::string text = ui::wrappable(plain);
  const float whole = font->CalcTextSizeA(font->FontSize, FLT_MAX, 0.0f, plain.c_str()).x;
  CHECK(font->CalcTextSizeA(font->FontSize, FLT_MAX, 0.0f, text.c_str()).x ==
        doctest::Approx(whole).epsilon(1e-6));
  const auto first_line = [&](const std::string& t) {
    return std::string(t.c_str(), font->CalcWordWrapPositionA(1.0f, t.c_str(), t.c_str() + t.size(),
                                                              whole - 1.0f));
  };
  CHECK(first_line(plain) == "the answer is \"Neither\"");  // ImGui's own break
  CHECK(first_line(text) == "the answer is");
  ImGui::DestroyContext(context);
}

TEST_CASE(
    "wrappable: Chinese and Japanese may break between characters, never before 。 or after 「") {
  const std::string b = "\u3000";  // kLineBreak
  CHECK(ui::wrappable("注意力权重。") == "注" + b + "意" + b + "力" + b + "权" + b + "重。");
  CHECK(ui::wrappable("「キー」を見る") == "「キー」" + b + "を" + b + "見" + b + "る");
  CHECK(ui::wrappable("X: 3 个词元") == "X: 3 个" + b + "词" + b + "元");
  // Korean breaks at its spaces; English is as it was.
  CHECK(ui::wrappable("어텐션 가중치") == "어텐션 가중치");
  CHECK(ui::wrappable("The cat sat.") == "The cat sat.");
}

TEST_CASE(
    "a wrapped Chinese line breaks between characters, at the width, and the mark is unseen") {
  ImGuiContext* context = ImGui::CreateContext();
  ui::FontSet fonts(true);
  fonts.need(codepoints_of("每一行之和为，与输出的各行一样。"));
  fonts.build(1.0f);
  ImFont* font = ImGui::GetIO().Fonts->Fonts[0];
  CHECK(font->GetCharAdvance(static_cast<ImWchar>(ui::kLineBreak)) == 0.0f);
  const std::string plain = "每一行之和为 1，与 softmax 输出的各行一样。";
  const std::string text = ui::wrappable(plain);
  // Drawn as wide as the text without the marks.
  CHECK(font->CalcTextSizeA(font->FontSize, FLT_MAX, 0.0f, text.c_str()).x ==
        doctest::Approx(font->CalcTextSizeA(font->FontSize, FLT_MAX, 0.0f, plain.c_str()).x)
            .epsilon(1e-6));
  // Five characters wide: ImGui breaks inside the Chinese, every line fits,
  // and no line starts with "，" or "。".
  const float width = font->CalcTextSizeA(font->FontSize, FLT_MAX, 0.0f, "每一行之和").x + 0.5f;
  const char* s = text.c_str();
  const char* end = s + text.size();
  int lines = 0;
  while (s < end) {
    const char* next = font->CalcWordWrapPositionA(1.0f, s, end, width);
    REQUIRE(next > s);
    CHECK(font->CalcTextSizeA(font->FontSize, FLT_MAX, 0.0f, s, next).x <= width);
    const std::string rest(next, end);
    CHECK_FALSE(rest.starts_with("，"));
    CHECK_FALSE(rest.starts_with("。"));
    s = next;
    while (s < end && *s == ' ') ++s;
    ++lines;
  }
  CHECK(lines >= 4);
  ImGui::DestroyContext(context);
}

TEST_CASE("a wrapped line never breaks inside \"np.random.seed(0)\" or \"rand(4, 4)\"") {
  ImGuiContext* context = ImGui::CreateContext();
  ui::FontSet fonts(true);
  fonts.build(1.0f);
  ImFont* font = ImGui::GetIO().Fonts->Fonts[0];
  const std::string text = ui::wrappable(
      "Three 4×4 weight matrices are drawn at random (np.random.seed(0), then "
      "np.random.rand(4, 4) three times).");
  // Every width from narrow to wide: where ImGui breaks, never inside the code.
  std::vector<std::pair<size_t, size_t>> code;
  for (const std::string piece :
       {"np\u2024random\u2024seed(0)", "np\u2024random\u2024rand(4\u201A\u00A04)"}) {
    const size_t at = text.find(piece);
    REQUIRE(at != std::string::npos);
    code.emplace_back(at, at + piece.size());
  }
  // From the width of the longest code (narrower, ImGui cuts any word anywhere).
  float widest = 0.0f;
  for (const auto& [begin, finish] : code)
    widest = std::max(widest, font->CalcTextSizeA(font->FontSize, FLT_MAX, 0.0f,
                                                  text.c_str() + begin, text.c_str() + finish)
                                  .x);
  int breaks = 0;
  for (float width = widest + 1.0f; width < 700.0f; width += 3.0f) {
    const char* s = text.c_str();
    const char* end = s + text.size();
    while (s < end) {
      const char* brk = font->CalcWordWrapPositionA(1.0f, s, end, width);
      if (brk <= s) brk = s + 1;
      if (brk >= end) break;
      const size_t at = static_cast<size_t>(brk - text.c_str());
      ++breaks;
      for (const auto& [begin, finish] : code)
        CHECK_MESSAGE(!(at > begin && at < finish), "a break inside the code at width "
                                                        << width << ": \"" << text.substr(0, at)
                                                        << "\"");
      s = brk;
      while (s < end && *s == ' ') ++s;
    }
  }
  CHECK(breaks > 100);
  ImGui::DestroyContext(context);
}

// Issue 30.4: the Chinese pack's table names the whole block, so a character
// the cut lacks still has a pack; the tests of what a learner sees read the
// fonts' own maps. The cut has the common sets and every character the
// translations use: 浏 (浏览器, "browser") is outside GB 2312 level 1.
TEST_CASE("what the fonts draw is read per character, not per block") {
  REQUIRE(ui::font_pack_for(U'\u9F98') != nullptr);  // 龘: in the block, in no common set
  CHECK(std::string(ui::font_pack_for(U'\u9F98')->name) == "cjk");
  CHECK_FALSE(test::fonts_draw(U'\u9F98'));
  CHECK(test::fonts_draw(U'\u6D4F'));  // 浏: zh-Hans.po uses it
  CHECK(test::fonts_draw(U'\u3042'));  // あ: kana
  CHECK(test::fonts_draw(U'\uD55C'));  // 한
  CHECK(test::fonts_draw(U'a'));
  CHECK_FALSE(test::fonts_draw(U'\U0001F600'));  // an emoji: no font here
}
