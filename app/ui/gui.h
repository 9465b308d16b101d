// Entry point of the graphical front end (GLFW + OpenGL 3.3 + Dear ImGui).
#pragma once

#include "ui/gui_options.h"

namespace stridescope {

// Returns the process exit status.
int run_gui(const GuiOptions& options);

}  // namespace stridescope
