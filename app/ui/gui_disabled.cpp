// Stand-in for the GUI when the project is built with STRIDESCOPE_GUI=OFF (e.g. on a GPU server).
#include <iostream>

#include "core/error_line.h"
#include "ui/gui.h"

namespace stridescope {

int run_gui(const GuiOptions&) {
  std::cerr << error_line(
      "this build has no GUI (configured with STRIDESCOPE_GUI=OFF); use the list, trace and check "
      "commands");
  return 2;
}

}  // namespace stridescope
