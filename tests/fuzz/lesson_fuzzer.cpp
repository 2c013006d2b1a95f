// libFuzzer entry point for the lesson loader and everything after it:
//   ./dev fuzz [seconds]
#include <cstddef>
#include <cstdint>

#include "fuzz/fuzz_lesson.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  attn::fuzz::check_one_input(data, size);
  return 0;
}
