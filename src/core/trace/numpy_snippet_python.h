// The Python functions a "Copy as numpy" snippet carries, as source text
// (numpy_snippet.cpp fills their `{…}` and writes the rest).
#pragma once

namespace attn::snippet_python {

extern const char* const kAttention;
extern const char* const kSequence;
extern const char* const kGenerate;
extern const char* const kTrain;

}  // namespace attn::snippet_python
