// Every file in tests/malformed/ gives its own one-line error, as listed in
// tests/malformed/expected.tsv (the CLI test checks the same lines end to end);
// and the limits a link's lesson shares with the loader.
#include <doctest/doctest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "core/load/lesson_loader.h"

using namespace attn;

namespace {
std::string read(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}
}  // namespace

TEST_CASE("the malformed corpus: each file, its specific message") {
  const std::string dir = std::string(ATTN_SOURCE_DIR) + "/tests/malformed/";
  std::istringstream table(read(dir + "expected.tsv"));
  std::string line;
  int cases = 0;
  while (std::getline(table, line)) {
    if (line.empty() || line[0] == '#') continue;
    const size_t tab = line.find('\t');
    REQUIRE(tab != std::string::npos);
    const std::string file = line.substr(0, tab), expected = line.substr(tab + 1);
    INFO(file);
    const LoadResult r = load_lesson(read(dir + file));
    REQUIRE_FALSE(r.ok());
    CHECK(r.error.message(file) == file + ": " + expected);
    ++cases;
  }
  CHECK(cases >= 45);
}

TEST_CASE("a file over the size limit is refused before it is parsed") {
  const std::string big =
      "{\"id\": \"x\", \"title\": \"" + std::string(Limits::kMaxFileBytes, 'a') + "\"}";
  CHECK(load_lesson(big).error.message("big.json") ==
        "big.json: file is " + std::to_string(big.size()) + " bytes, the limit is 1048576");
}

TEST_CASE(
    "a lesson carried in a link unpacks to at most what the loader reads (web/lesson-link.json)") {
  // The page stops unpacking a link's lesson at maxBytes and Python's link()
  // refuses past it: the loader's own file limit, so a link never carries a
  // lesson a file could not.
  std::ifstream file(std::string(ATTN_SOURCE_DIR) + "/web/lesson-link.json");
  const nlohmann::json link = nlohmann::json::parse(file);
  CHECK(link["maxBytes"].get<size_t>() == Limits::kMaxFileBytes);
}
