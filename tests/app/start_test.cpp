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
