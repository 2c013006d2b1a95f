#include "core/translation.h"

#include <doctest/doctest.h>

#include <fstream>
#include <nlohmann/json.hpp>


using namespace attn;

// The tags are web/page/languages.js's too (its findLanguage): tests/core/language-choice.json.
TEST_CASE("find_language: a shipped language for a browser's tag, or none") {
  std::ifstream file(std::string(ATTN_SOURCE_DIR) + "/tests/core/language-choice.json");
  const auto cases = nlohmann::json::parse(file)["tags"];
  REQUIRE(cases.size() > 20);
  for (const auto& c : cases) {
    const std::string tag = c[0];
    INFO(tag);
    const Language* found = find_language(tag);
    if (c[1].is_null())
      CHECK(found == nullptr);
    else
      CHECK((found && found->code == c[1].get<std::string>()));
  }
  CHECK(choose_language({"fr-FR", "zh-TW", "ko", "es"})->code == "ko");
  CHECK(choose_language({"fr"}) == nullptr);
  CHECK(choose_language({}) == nullptr);
  CHECK(languages().front().code == "en");
}

TEST_CASE("Catalog::parse: a catalog, or why not") {
  std::string error;
  auto c = Catalog::parse(R"({"language": "es", "messages": {"Next": "Siguiente", "Skip": ""}})",
                          &error);
  REQUIRE(c);
  CHECK(c->language() == "es");
  CHECK(*c->find("Next") == "Siguiente");
  CHECK(c->find("Skip") == nullptr);  // empty: untranslated
  CHECK(c->find("Back") == nullptr);
  CHECK_FALSE(Catalog::parse("[", &error));
  CHECK(error == "not a JSON object");
  CHECK_FALSE(Catalog::parse(R"({"language": "fr", "messages": {}})", &error));
  CHECK(error == "no shipped \"language\"");
  CHECK_FALSE(Catalog::parse(R"({"language": "ko"})", &error));
  CHECK(error == "no \"messages\" object");
  CHECK_FALSE(Catalog::parse(R"({"language": "ko", "messages": {"Next": 1}})", &error));
  CHECK(error == "the translation of \"Next\" is not text");
}

TEST_CASE(
    "tr and trf: English without a catalog, the catalog's text with one, names in any order") {
  CHECK(std::string(tr("Next")) == "Next");
  CHECK(trf("Step {step} of {count}", {{"step", "2"}, {"count", "9"}}) == "Step 2 of 9");
  const auto ko = Catalog::parse(R"({"language": "ko", "messages": {
      "Next": "다음", "Step {step} of {count}": "{count}단계 중 {step}단계"}})",
                                 nullptr);
  {
    const CatalogScope korean(ko.get());
    CHECK(std::string(tr("Next")) == "다음");
    CHECK(std::string(tr("Back")) == "Back");              // not translated: English
    CHECK(std::string(trc("scaling", "Next")) == "Next");  // another context: not this one
    CHECK(trf("Step {step} of {count}", {{"step", "2"}, {"count", "9"}}) == "9단계 중 2단계");
    {
      const CatalogScope english(nullptr);  // scopes nest
      CHECK(std::string(tr("Next")) == "Next");
    }
    CHECK(std::string(tr("Next")) == "다음");  // the outer scope's again
  }
  CHECK(std::string(tr("Next")) == "Next");  // no scope: English
  // A scope that follows its owner's catalog speaks a change at once.
  const Catalog* owners = nullptr;
  {
    const CatalogScope following = CatalogScope::following(&owners);
    CHECK(std::string(tr("Next")) == "Next");
    owners = ko.get();
    CHECK(std::string(tr("Next")) == "다음");
  }
  CHECK(std::string(tr("Next")) == "Next");
  // A name no value has stays as written; braces alone are text.
  CHECK(trf("{a} and {b} {", {{"a", "1"}}) == "1 and {b} {");
  CHECK(placeholders("{count}단계 중 {step}단계") == std::vector<std::string>{"count", "step"});
  CHECK(placeholders("none").empty());
}
