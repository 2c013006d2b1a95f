// Why a file could not be read: where in it (a JSON Pointer) and what is
// wrong, in one line. The loader and the JSON reader both report these.
#pragma once

#include <string>
#include <string_view>

namespace attn {

struct LoadError {
  std::string path;    // JSON pointer to the offending value, "" for the whole file
  std::string reason;  // one line, no trailing period
  // "<source>: <path>: <reason>", the line the CLI prints and the page shows
  // (without a source: "<path>: <reason>").
  std::string message(std::string_view source) const;
};

}  // namespace attn
