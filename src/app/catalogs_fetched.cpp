// The web build compiles no catalog in: the page fetches lang/<code>.json
// when the learner picks a language (src/core/text/translation.h).
#include "core/base/embedded_file.h"

extern const attn::EmbeddedFile kCatalogFiles[] = {{"", nullptr, 0}};
extern const size_t kCatalogFilesCount = 0;
