// The colours every exported GIF frame's palette starts with: the theme's, ImGui's, greys.
#pragma once

#include <vector>

#include "export/gif_palette.h"
#include "ui/platform/theme.h"

namespace stridescope {

// Call after the style is applied (App::start): reads ImGui's current style colours.
std::vector<Rgb> export_fixed_colors(const Palette& palette);

}  // namespace stridescope
