// Saves the current framebuffer as a PNG with stb_image_write (Debian's libstb).
#include "ui/screenshot.h"

#include <glad/gl.h>
#include <stb_image_write.h>

#include <vector>

namespace stridescope {

bool save_framebuffer_png(const std::string& path, int width, int height) {
  std::vector<unsigned char> pixels(static_cast<std::size_t>(width) * height * 3);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadBuffer(GL_BACK);
  glReadPixels(0, 0, width, height, GL_RGB, GL_UNSIGNED_BYTE, pixels.data());
  stbi_flip_vertically_on_write(1);
  return stbi_write_png(path.c_str(), width, height, 3, pixels.data(), width * 3) != 0;
}

}  // namespace stridescope
