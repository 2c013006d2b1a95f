// Tests of core/text/korean_particles.h: each particle's form after a value.
#include "core/text/korean_particles.h"

#include <doctest/doctest.h>

#include "core/text/translation.h"

using namespace attn;

TEST_CASE(
    "with_korean_particles: the form after Hangul and numbers, both forms after anything else") {
  // After a vowel, a consonant, and ㄹ.
  CHECK(with_korean_particles("정답은 \"사과\"(이)에요.") == "정답은 \"사과\"예요.");
  CHECK(with_korean_particles("정답은 \"수박\"(이)에요.") == "정답은 \"수박\"이에요.");
  CHECK(with_korean_particles("가중치를 2(으)로 나눠요.") == "가중치를 2로 나눠요.");
  CHECK(with_korean_particles("가중치를 3(으)로 나눠요.") == "가중치를 3으로 나눠요.");
  CHECK(with_korean_particles("가중치를 1(으)로 나눠요.") == "가중치를 1로 나눠요.");  // 일: ㄹ
  CHECK(with_korean_particles("0.52을(를) 받아요") == "0.52를 받아요");                // 이
  CHECK(with_korean_particles("0.50을(를) 받아요") == "0.50을 받아요");                // 영
  CHECK(with_korean_particles("10은(는) 커요") == "10은 커요");                        // 십
  // A decimal is read digit by digit after the point: its last digit decides.
  CHECK(with_korean_particles("2.10(이)에요") == "2.10이에요");    // 이 점 일 영: 영
  CHECK(with_korean_particles("0.57(이)에요") == "0.57이에요");    // 칠: ㄹ
  CHECK(with_korean_particles("2.25(이)에요") == "2.25예요");      // 오
  CHECK(with_korean_particles("-0.33(이)에요") == "-0.33이에요");  // 삼
  CHECK(with_korean_particles("0.06(이)에요, 0.09(이)에요") == "0.06이에요, 0.09예요");  // 육, 구
  CHECK(with_korean_particles("\"1.8\"(이)에요") == "\"1.8\"이에요");  // 팔, past the quote
  CHECK(with_korean_particles("[0.12, 0.34](이)에요") == "[0.12, 0.34]예요");  // a row: 사
  CHECK(with_korean_particles("4이(가) 커요, 6과(와) 9(이)고") == "4가 커요, 6과 9고");
  // A Latin token or a symbol: how it is read is not known.
  CHECK(with_korean_particles("\"cat\"(이)에요, Batman을(를)") == "\"cat\"(이)에요, Batman을(를)");
  CHECK(with_korean_particles("t1을(를), x2을(를)") == "t1을, x2를");  // its digit is read
  CHECK(with_korean_particles("—(이)에요") == "—(이)에요");
  CHECK(with_korean_particles("(이)에요") == "(이)에요");
  CHECK(with_korean_particles("") == "");
}

TEST_CASE("a Korean message's values get their particles; other languages are left as they are") {
  std::string error;
  const auto ko = Catalog::parse(R"({"language": "ko", "messages": {
      "{value} is the largest.": "{value}이(가) 가장 커요."}})",
                                 &error);
  const auto es = Catalog::parse(R"({"language": "es", "messages": {
      "{value} is the largest.": "{value}(este) es el mayor."}})",
                                 &error);
  REQUIRE(ko);
  REQUIRE(es);
  {
    const CatalogScope scope(ko.get());
    CHECK(trf("{value} is the largest.", {{"value", "0.52"}}) == "0.52가 가장 커요.");
    CHECK(trf("{value} is the largest.", {{"value", "0.53"}}) == "0.53이 가장 커요.");
  }
  const CatalogScope scope(es.get());
  CHECK(trf("{value} is the largest.", {{"value", "0.52"}}) == "0.52(este) es el mayor.");
}
