// The web build compiles no font pack in: the page fetches each from
// dist/fonts/ when a lesson needs it (src/ui/fonts.h).
#include "core/base/embedded_file.h"

extern const attn::EmbeddedFile kFontPackFiles[] = {{"", nullptr, 0}};
extern const size_t kFontPackFilesCount = 0;
