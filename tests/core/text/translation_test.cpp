// Tests of core/text/translation.h: choosing a language, catalogs, placeholders and plurals.
#include "core/text/translation.h"

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
  CHECK(choose_language({"it-IT", "zh-TW", "ko", "es"})->code == "ko");
  CHECK(choose_language({"it"}) == nullptr);
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
  CHECK_FALSE(Catalog::parse(R"({"language": "it", "messages": {}})", &error));
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

TEST_CASE("plural_form: gettext's Plural-Forms expressions, as GNU gettext evaluates them") {
  auto form = [](const char* e, unsigned long n) {
    unsigned long f = 99;
    REQUIRE_MESSAGE(plural_form(e, n, &f), e);
    return f;
  };
  CHECK(form("(n != 1)", 1) == 0);
  CHECK(form("(n != 1)", 0) == 1);
  CHECK(form("n != 1", 2) == 1);
  CHECK(form("0", 1) == 0);      // Chinese, Korean: one form
  CHECK(form("n > 1", 0) == 0);  // French, Brazilian Portuguese: 0 is singular
  CHECK(form("n > 1", 2) == 1);
  // Polish, the usual three-way rule: 1 plik, 2 pliki, 5 plików, 22 pliki, 25 plików.
  const char* pl = "(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2)";
  CHECK(form(pl, 1) == 0);
  CHECK(form(pl, 2) == 1);
  CHECK(form(pl, 5) == 2);
  CHECK(form(pl, 12) == 2);
  CHECK(form(pl, 22) == 1);
  CHECK(form(pl, 112) == 2);
  unsigned long f = 0;
  CHECK_FALSE(plural_form("n ==", 1, &f));
  CHECK_FALSE(plural_form("(n", 1, &f));
  CHECK_FALSE(plural_form("EXPRESSION", 1, &f));
  CHECK_FALSE(plural_form("n = 1", 1, &f));
}

TEST_CASE(
    "trn, trnf: English's two forms, the catalog's by its rule, English for a message it lacks") {
  CHECK(trnf("{count} digit", "{count} digits", 1, {{"count", "1"}}) == "1 digit");
  CHECK(trnf("{count} digit", "{count} digits", 0, {{"count", "0"}}) == "0 digits");
  std::string error;
  const auto es = Catalog::parse(R"j({"language": "es", "messages": {},
      "plural_forms": {"nplurals": 2, "plural": "(n != 1)"},
      "plurals": {"{count} digit": ["{count} decimal", "{count} decimales"]}})j",
                                 &error);
  REQUIRE_MESSAGE(es, error);
  const auto ko = Catalog::parse(R"j({"language": "ko", "messages": {},
      "plural_forms": {"nplurals": 1, "plural": "0"},
      "plurals": {"{count} digit": ["소수점 {count}자리"]}})j",
                                 &error);
  REQUIRE_MESSAGE(ko, error);
  {
    const CatalogScope spanish(es.get());
    CHECK(trnf("{count} digit", "{count} digits", 1, {{"count", "1"}}) == "1 decimal");
    CHECK(trnf("{count} digit", "{count} digits", 3, {{"count", "3"}}) == "3 decimales");
    CHECK(std::string(trn("{count} head", "{count} heads", 2)) == "{count} heads");  // not in it
  }
  {
    const CatalogScope korean(ko.get());
    CHECK(trnf("{count} digit", "{count} digits", 1, {{"count", "1"}}) == "소수점 1자리");
    CHECK(trnf("{count} digit", "{count} digits", 8, {{"count", "8"}}) == "소수점 8자리");
  }
  // A rule that names a form the catalog does not have, or forms that do not match it: refused.
  CHECK_FALSE(Catalog::parse(R"j({"language": "es", "messages": {},
      "plural_forms": {"nplurals": 2, "plural": "n"}})j",
                             &error));
  CHECK(error.find("gives no form for 2") != std::string::npos);
  CHECK_FALSE(Catalog::parse(R"j({"language": "es", "messages": {},
      "plural_forms": {"nplurals": 2, "plural": "(n != 1)"},
      "plurals": {"{count} digit": ["{count} decimal"]}})j",
                             &error));
  CHECK_FALSE(Catalog::parse(R"j({"language": "es", "messages": {},
      "plural_forms": {"nplurals": 2, "plural": "n =="}})j",
                             &error));
  // An untranslated plural (an empty form) is left out: English shows.
  const auto partial = Catalog::parse(R"j({"language": "es", "messages": {},
      "plural_forms": {"nplurals": 2, "plural": "(n != 1)"},
      "plurals": {"{count} digit": ["", ""]}})j",
                                      &error);
  REQUIRE(partial);
  CHECK(partial->find_plural("{count} digit") == nullptr);
}
