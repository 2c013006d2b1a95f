// Tests of core/text/characters.h: a lesson's characters beyond ASCII.
#include "core/text/characters.h"

#include <doctest/doctest.h>

#include <nlohmann/json.hpp>

using namespace attn;

TEST_CASE("characters_used lists each character beyond ASCII once, where it first appears") {
  const auto uses = characters_used(nlohmann::json::parse(
      R"({"title": "Кошка", "parts": [{"tokens": ["ε", "Кот", "猫"]}], "note": "ε again"})"));
  // Keys in sorted order: "note", then "parts", then "title".
  REQUIRE(uses.size() == 8);  // ε, Кошка's К о ш к а, Кот's т, 猫
  CHECK(uses[0].codepoint == U'ε');
  CHECK(uses[0].where == "/note");
  CHECK(uses[1].codepoint == U'К');
  CHECK(uses[1].where == "/parts/0/tokens/1");
  CHECK(uses[2].codepoint == U'о');
  CHECK(uses[3].codepoint == U'т');
  CHECK(uses[4].codepoint == U'猫');
  CHECK(uses[4].where == "/parts/0/tokens/2");
  CHECK(uses[5].codepoint == U'ш');
  CHECK(uses[5].where == "/title");
}

TEST_CASE("characters_used: keys count, plain ASCII uses nothing") {
  CHECK(characters_used(nlohmann::json::parse(R"({"id": "plain", "x": [1, 2]})")).empty());
  const auto uses = characters_used(nlohmann::json::parse(R"({"Ω": 1})"));
  REQUIRE(uses.size() == 1);
  CHECK(uses[0].where == "/Ω");
}

TEST_CASE("codepoint_name and utf8_of") {
  CHECK(codepoint_name(U'ж') == "U+0436");
  CHECK(codepoint_name(U'😀') == "U+1F600");
  CHECK(utf8_of(U'ж') == "ж");
  CHECK(utf8_of(U'猫') == "猫");
  CHECK(utf8_of(U'😀') == "😀");
  CHECK(utf8_of(0xD800).empty());  // a lone surrogate is no character
}

TEST_CASE("right_to_left: Hebrew and Arabic letters and their presentation forms") {
  CHECK(right_to_left(U'ש'));
  CHECK(right_to_left(U'ب'));
  CHECK(right_to_left(0xFEB3));  // ARABIC LETTER SEEN INITIAL FORM
  CHECK_FALSE(right_to_left(U'a'));
  CHECK_FALSE(right_to_left(U'ж'));
  CHECK_FALSE(right_to_left(U'猫'));
}
