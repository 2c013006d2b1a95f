// The catalog tr() reads is one per process (core/translation.h), and an App
// sets it when its learner picks a language. A test that sets one, itself or
// through an App, holds an EnglishAfter: when the test ends, however it ends
// (a failed REQUIRE throws), the next test starts in English.
#pragma once

#include "core/translation.h"

namespace attn::test {

struct EnglishAfter {
  EnglishAfter() = default;
  EnglishAfter(const EnglishAfter&) = delete;
  EnglishAfter& operator=(const EnglishAfter&) = delete;
  ~EnglishAfter() { use_catalog(nullptr); }
};

}  // namespace attn::test
