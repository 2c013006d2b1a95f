// Tests of app/start.h: a command line's and the environment's start parameters.
#include "app/start.h"

#include <doctest/doctest.h>

using namespace attn::app;

TEST_CASE("a command line becomes the same parameters a URL gives") {
  const char* argv[] = {
      "attention-lab", "--lesson", "i-am-batman",    "--step",       "3",      "--dark",
      "--frames",      "5",        "my lesson.json", "--screenshot", "out.png"};
  std::vector<std::string> rest;
  const StartParameters p = parse_command_line(11, argv, {"--frames", "--screenshot"}, rest);
  using Pairs = std::vector<std::pair<std::string, std::string>>;
  CHECK(p.values == Pairs{{"lesson", "i-am-batman"},
                          {"step", "3"},
                          {"theme", "dark"},
                          {"lesson-url", "my lesson.json"}});
  CHECK(rest == std::vector<std::string>{"--frames", "5", "--screenshot", "out.png"});
}

TEST_CASE("flags the app does not know are left to the shell, values and all") {
  const char* argv[] = {"attention-lab", "--size", "800x500", "--bogus", "--state", "{}"};
  std::vector<std::string> rest;
  const StartParameters p = parse_command_line(6, argv, {"--size"}, rest);
  CHECK(p.values.size() == 1);
  CHECK(p.values[0].first == "state");
  CHECK(rest == std::vector<std::string>{"--size", "800x500", "--bogus"});
}

TEST_CASE("the system's languages, as gettext reads the environment") {
  using V = std::vector<std::string>;
  CHECK(system_languages(nullptr, nullptr, nullptr, "es_MX.UTF-8") == V{"es-MX"});
  CHECK(system_languages(nullptr, "ko_KR.UTF-8", "de_DE", "es_MX") == V{"ko-KR"});  // LC_ALL first
  CHECK(system_languages(nullptr, "", "zh_CN.GB2312", "es_MX") == V{"zh-CN"});
  CHECK(system_languages("fr:es", nullptr, nullptr, "en_US.UTF-8") == V{"fr", "es", "en-US"});
  CHECK(system_languages("fr:es", nullptr, nullptr, "C.UTF-8").empty());  // LANGUAGE off under C
  CHECK(system_languages(nullptr, nullptr, nullptr, "POSIX").empty());
  CHECK(system_languages(nullptr, nullptr, nullptr, nullptr).empty());
  CHECK(system_languages("", nullptr, nullptr, "de_DE@euro") == V{"de-DE"});
}

TEST_CASE("--lang is a start parameter") {
  const char* argv[] = {"attention-lab", "--lang", "ko"};
  std::vector<std::string> rest;
  const StartParameters p = parse_command_line(3, argv, {}, rest);
  CHECK(p.values == std::vector<std::pair<std::string, std::string>>{{"lang", "ko"}});
  CHECK(rest.empty());
}
