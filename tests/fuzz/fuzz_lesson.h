// What the fuzzer checks for one input, shared with the unit suite, which
// replays tests/fuzz/regressions/ through the same function.
#pragma once

#include <cstddef>
#include <cstdint>

namespace attn::fuzz {

// Input starting with "state:" is a state link for a built-in lesson (the
// next byte picks which); anything else is a lesson file. Aborts on any
// broken promise: a crash, a multi-line or empty error, a NaN in a trace, a
// trace JSON that does not parse back, a link that does not round-trip.
void check_one_input(const uint8_t* data, size_t size);

}  // namespace attn::fuzz
