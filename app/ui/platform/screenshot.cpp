// Reads the framebuffer with glReadPixels; PNGs are encoded with stb_image_write (Debian's libstb).
#include "ui/platform/screenshot.h"

#include <glad/gl.h>
#include <stb_image_write.h>

#include <algorithm>

#include "core/files.h"

namespace stridescope {

std::vector<unsigned char> read_framebuffer_rgb(int width, int height) {
  std::size_t row = static_cast<std::size_t>(width) * 3;
  std::vector<unsigned char> pixels(row * height);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadBuffer(GL_BACK);
  glReadPixels(0, 0, width, height, GL_RGB, GL_UNSIGNED_BYTE, pixels.data());
  for (int y = 0; y < height / 2; ++y) {  // OpenGL's rows run bottom-up
    std::swap_ranges(pixels.begin() + y * row, pixels.begin() + (y + 1) * row,
                     pixels.begin() + (height - 1 - y) * row);
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
