// Compiles and links the GLSL programs in shaders/ (embedded at build time).
#pragma once

#include "ui/platform/gl_api.h"

#include <string>
#include <string_view>

namespace stridescope {

std::string_view shader_source(std::string_view file_name);  // generated from shaders/

// Builds a program from two embedded shader files; throws std::runtime_error with the GL log.
GLuint link_shader_program(std::string_view vertex_file, std::string_view fragment_file);

}  // namespace stridescope
