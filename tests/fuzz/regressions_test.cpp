// Inputs the fuzzer once found trouble with (tests/fuzz/regressions/), and
// the whole seed corpus, replayed through the fuzzer's own checks.
#include <doctest/doctest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "fuzz/fuzz_lesson.h"

TEST_CASE("fuzz regressions and seeds replay cleanly") {
  namespace fs = std::filesystem;
  int replayed = 0;
  for (const char* folder : {"tests/fuzz/regressions", "tests/malformed", "lessons"}) {
    for (const auto& entry : fs::directory_iterator(fs::path(ATTN_SOURCE_DIR) / folder)) {
      if (entry.path().extension() == ".tsv" || entry.path().extension() == ".md") continue;
      std::ifstream in(entry.path(), std::ios::binary);
      std::ostringstream bytes;
      bytes << in.rdbuf();
      const std::string s = bytes.str();
      INFO(entry.path().string());
      attn::fuzz::check_one_input(reinterpret_cast<const uint8_t*>(s.data()),
                                  s.size());  // aborts on failure
      ++replayed;
    }
  }
  CHECK(replayed >= 55);  // the seeds: 8 lessons and the malformed corpus
}
