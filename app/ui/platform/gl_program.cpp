// Compiles and links the GLSL programs in shaders/ (embedded at build time), each after the
// version line of the GL it runs on.
#include "ui/platform/gl_program.h"

#include <stdexcept>
#include <vector>

namespace stridescope {
namespace {

GLuint compile(GLenum kind, std::string_view file) {
  std::string_view text = shader_source(file);
  if (text.empty()) throw std::runtime_error("shader " + std::string(file) + " is not embedded");
  GLuint shader = glCreateShader(kind);
  // The version line of this GL (the files leave it out: one source for OpenGL 3.3 and WebGL2).
  const char* sources[] = {kShaderHeader, text.data()};
  const GLint lengths[] = {-1, static_cast<GLint>(text.size())};
  glShaderSource(shader, 2, sources, lengths);
  glCompileShader(shader);
  GLint ok = 0;
  glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
  if (!ok) {
    std::vector<char> log(4096);
    glGetShaderInfoLog(shader, static_cast<GLsizei>(log.size()), nullptr, log.data());
    glDeleteShader(shader);
    throw std::runtime_error("shader " + std::string(file) + " does not compile: " + log.data());
  }
  return shader;
}

}  // namespace

GLuint link_shader_program(std::string_view vertex_file, std::string_view fragment_file) {
  GLuint vs = compile(GL_VERTEX_SHADER, vertex_file);
  GLuint fs = compile(GL_FRAGMENT_SHADER, fragment_file);
  GLuint program = glCreateProgram();
  glAttachShader(program, vs);
  glAttachShader(program, fs);
  glLinkProgram(program);
  glDeleteShader(vs);
  glDeleteShader(fs);
  GLint ok = 0;
  glGetProgramiv(program, GL_LINK_STATUS, &ok);
  if (!ok) {
    std::vector<char> log(4096);
    glGetProgramInfoLog(program, static_cast<GLsizei>(log.size()), nullptr, log.data());
    glDeleteProgram(program);
    throw std::runtime_error("shader program " + std::string(vertex_file) +
                             " does not link: " + log.data());
  }
  return program;
}

}  // namespace stridescope
