// The lesson format's rules as data, for the programs that write lessons
// without this core: its limits, the words its keys take and their defaults,
// the characters of an id, every input's shape by layout (in named widths,
// and which widths the heads split), which inputs go together and the shape
// rules' messages, the computed matrices' axes. `attention-cli format` prints
// it; the build checks python/attention_lab/lesson_format.json against it (the
// Python module ships that file, the lesson editor bundles it), and
// tests/schema checks docs/lesson.schema.json's words and limits against it.
#pragma once

#include <string>

namespace attn {

// The description as JSON (indented, keys in a fixed order), in English.
std::string lesson_format_json();

}  // namespace attn
