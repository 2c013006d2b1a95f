// The page's build compiles no lesson file in: the page fetches
// lessons/<id>.json when a lesson is first opened (src/app/app.h,
// provide_lesson). Their list is compiled in (core/load/builtin_lessons.h).
#include "core/base/embedded_file.h"

extern const attn::EmbeddedFile kBuiltinLessonFiles[] = {{"", nullptr, 0}};
extern const size_t kBuiltinLessonFilesCount = 0;
