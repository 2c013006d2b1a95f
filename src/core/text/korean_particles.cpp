// Korean particles after a value, in the form the value's last sound takes (korean_particles.h).
#include "core/text/korean_particles.h"

#include <array>
#include <optional>
#include <vector>

#include "core/text/characters.h"

namespace attn {

namespace {

// How the word before a particle ends: with a vowel, a consonant, or rieul
// (which takes "ro", as a vowel does).
enum class Ending { Vowel, Consonant, Rieul };

// Hangul syllables: their final consonant. Numbers: their Korean reading's
// last syllable (2 i, 4 sa, 5 o, 9 gu end in a vowel; 1 il, 7 chil, 8 pal in
// rieul; an integer ending in 0 is read sip, baek, cheon or man, a decimal's 0
// is yeong: all end in a consonant).
std::optional<Ending> ending_of(const std::vector<char32_t>& s) {
  size_t i = s.size();
  // Past closing quotes and brackets: the particle after "the" reads "the".
  while (i > 0 && std::u32string_view(U"\"'\u201D\u2019)]\u300D\u300F").find(s[i - 1]) !=
                      std::u32string_view::npos)
    --i;
  if (i == 0) return std::nullopt;
  const char32_t c = s[i - 1];
  if (c >= 0xAC00 && c <= 0xD7A3) {
    const int final_consonant = static_cast<int>((c - 0xAC00) % 28);
    if (final_consonant == 0) return Ending::Vowel;
    return final_consonant == 8 ? Ending::Rieul : Ending::Consonant;
  }
  if (c >= '0' && c <= '9') {
    switch (c) {
      case '2':
      case '4':
      case '5':
      case '9':
        return Ending::Vowel;
      case '1':
      case '7':
      case '8':
        return Ending::Rieul;
      default:
        return Ending::Consonant;  // 0 (yeong, sip, baek...), 3 sam, 6 yuk
    }
  }
  return std::nullopt;
}

struct Particle {
  std::u32string_view written;  // as a translation writes it
  std::u32string_view after_consonant, after_vowel, after_rieul;
};
// clang-format off
constexpr std::array<Particle, 10> kParticles{{
    // (i)eyo
    {U"(\uC774)\uC5D0\uC694", U"\uC774\uC5D0\uC694", U"\uC608\uC694", U"\uC774\uC5D0\uC694"},
    {U"(\uC774)\uACE0", U"\uC774\uACE0", U"\uACE0", U"\uC774\uACE0"},  // (i)go
    {U"(\uC774)\uBA70", U"\uC774\uBA70", U"\uBA70", U"\uC774\uBA70"},  // (i)myeo
    {U"(\uC774)\uB098", U"\uC774\uB098", U"\uB098", U"\uC774\uB098"},  // (i)na
    {U"\uC744(\uB97C)", U"\uC744", U"\uB97C", U"\uC744"},  // eul(reul)
    {U"\uC740(\uB294)", U"\uC740", U"\uB294", U"\uC740"},  // eun(neun)
    {U"\uC774(\uAC00)", U"\uC774", U"\uAC00", U"\uC774"},  // i(ga)
    {U"\uACFC(\uC640)", U"\uACFC", U"\uC640", U"\uACFC"},  // gwa(wa)
    {U"(\uC73C)\uB85C", U"\uC73C\uB85C", U"\uB85C", U"\uB85C"},  // (eu)ro
    {U"(\uC774)\uB77C", U"\uC774\uB77C", U"\uB77C", U"\uC774\uB77C"},  // (i)ra
}};
// clang-format on

}  // namespace

std::string with_korean_particles(std::string_view text) {
  if (text.find('(') == std::string_view::npos) return std::string(text);
  const std::vector<char32_t> in = codepoints_of(text);
  std::vector<char32_t> out;
  out.reserve(in.size());
  for (size_t i = 0; i < in.size();) {
    const Particle* found = nullptr;
    for (const Particle& p : kParticles)
      if (std::u32string_view(in.data() + i, std::min(p.written.size(), in.size() - i)) ==
          p.written) {
        found = &p;
        break;
      }
    const std::optional<Ending> ending = found ? ending_of(out) : std::nullopt;
    if (!ending) {
      out.push_back(in[i++]);
      continue;
    }
    const std::u32string_view form = *ending == Ending::Vowel   ? found->after_vowel
                                     : *ending == Ending::Rieul ? found->after_rieul
                                                                : found->after_consonant;
    out.insert(out.end(), form.begin(), form.end());
    i += found->written.size();
  }
  std::string s;
  s.reserve(text.size());
  for (char32_t c : out) s += utf8_of(c);
  return s;
}

}  // namespace attn
