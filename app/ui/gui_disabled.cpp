// Stand-in for the GUI when the project is built with STRIDESCOPE_GUI=OFF (e.g. on a GPU server).
#include <iostream>

#include "ui/gui.h"

namespace stridescope {

int run_gui(const GuiOptions&) {
  std::cerr << "stridescope: error: this build has no GUI (configured with STRIDESCOPE_GUI=OFF); "
               "use the list, trace and check commands\n";
  return 2;
}

}  // namespace stridescope
