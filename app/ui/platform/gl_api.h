// The OpenGL the UI draws with: glad's OpenGL 3.3 core loader on the desktop, WebGL2 (OpenGL ES
// 3.0) in the browser; and the first lines of every shader for each (shaders/ leave them out;
// `#line 1` keeps a compile error's line numbers those of the file).
#pragma once

#if defined(__EMSCRIPTEN__)
#include <GLES3/gl3.h>
#else
#include <glad/gl.h>
#endif

namespace stridescope {

#if defined(__EMSCRIPTEN__)
inline constexpr const char* kShaderHeader = "#version 300 es\nprecision highp float;\n#line 1\n";
inline constexpr const char* kImGuiShaderVersion = "#version 300 es";
#else
inline constexpr const char* kShaderHeader = "#version 330 core\n#line 1\n";
inline constexpr const char* kImGuiShaderVersion = "#version 330 core";
#endif

}  // namespace stridescope
