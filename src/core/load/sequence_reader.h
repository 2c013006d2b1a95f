// The keys that say where a part's tokens stand and what else they read
// (docs/lessons.md, "Positions", "Cross-attention" and "Generating"):
// "positions", "rope", "first_position", "memory", "kv_cache" and
// "cache_step", and a variant's own "order",
// "first_position", "positions" and "rope". Each bad value is one line naming
// its key, as the loader's other errors.
#pragma once

#include "core/lesson/lesson.h"
#include "core/load/json_reader.h"

namespace attn {

// Reads them into `part` (the memory's X and given positions into its
// inputs), after its tokens, options and random draws, before its shapes are
// checked.
bool read_sequence(Reader& r, const json& v, const Pointer& path, Part& part);

// What only the checked shapes tell: each head's width is even for RoPE, and
// notebook 003's arrangement reads as many keys as queries.
bool check_sequence(Reader& r, const Part& part, const Pointer& path);

// A variant's keys of the same kind, into `variant`.
bool read_variant_sequence(Reader& r, const json& v, const Pointer& path, const Part& part,
                           Variant& variant);

}  // namespace attn
