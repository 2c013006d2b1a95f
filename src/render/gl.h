// OpenGL: ES 3.0 (WebGL2) on the web, 3.3 core on the desktop. CMake defines
// ATTN_GLES3 for the web build.
#pragma once

#ifdef ATTN_GLES3
#include <GLES3/gl3.h>
#else
#define GL_GLEXT_PROTOTYPES 1
#include <GL/gl.h>
#include <GL/glext.h>
#endif
