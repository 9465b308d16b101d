// Reads the framebuffer with glReadPixels; PNGs are encoded with stb_image_write (Debian's libstb).
#include "ui/platform/screenshot.h"

#include <stb_image_write.h>
#include "ui/platform/gl_api.h"

#include <algorithm>

#include "core/files.h"

namespace stridescope {

std::vector<unsigned char> read_framebuffer_rgb(int width, int height) {
  // RGBA: the one format every GL and WebGL2 reads; then packed to RGB.
  std::vector<unsigned char> rgba(static_cast<std::size_t>(width) * height * 4);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadBuffer(GL_BACK);
  glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, rgba.data());
  std::size_t row = static_cast<std::size_t>(width) * 3;
  std::vector<unsigned char> pixels(row * height);
  for (int y = 0; y < height; ++y) {  // OpenGL's rows run bottom-up
    const unsigned char* from = rgba.data() + static_cast<std::size_t>(height - 1 - y) * width * 4;
    unsigned char* to = pixels.data() + y * row;
    for (int x = 0; x < width; ++x) std::copy_n(from + x * 4, 3, to + x * 3);
  }
  return pixels;
}

void save_framebuffer_png(const std::string& path, int width, int height) {
  std::vector<unsigned char> pixels = read_framebuffer_rgb(width, height);
  // Encoded in memory, then written with every write checked (stbi_write_png ignores fwrite's).
  std::string png;
  auto append = [](void* to, void* data, int size) {
    static_cast<std::string*>(to)->append(static_cast<const char*>(data), size);
  };
  if (stbi_write_png_to_func(append, &png, width, height, 3, pixels.data(), width * 3) == 0)
    throw FileError("cannot write " + path + ": the PNG could not be encoded");
  write_output_file(path, png);
}

}  // namespace stridescope
