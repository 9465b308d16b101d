// Reads the current framebuffer and saves it as a PNG (for --screenshot, "Save PNG", the UI tests).
#pragma once

#include <string>
#include <vector>

namespace stridescope {

// The back buffer (width x height) as RGB rows, top row first.
std::vector<unsigned char> read_framebuffer_rgb(int width, int height);

// Reads the back buffer and writes it as an RGB PNG; throws FileError (core/files.h) naming the
// path and the reason when it cannot be written whole (no half-written file is left).
void save_framebuffer_png(const std::string& path, int width, int height);

}  // namespace stridescope
