// Saves the current framebuffer as a PNG (for --screenshot and the UI tests).
#pragma once

#include <string>

namespace stridescope {

// Reads the back buffer (width x height) and writes it top-down as RGB PNG; false on failure.
bool save_framebuffer_png(const std::string& path, int width, int height);

}  // namespace stridescope
