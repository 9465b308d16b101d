// Stand-in for `stridescope export` when the project is built with STRIDESCOPE_GUI=OFF.
#include <iostream>

#include "core/error_line.h"
#include "ui/export/export_run.h"

namespace stridescope {

int run_export(const GuiOptions&, const ExportPlan&, std::ostream&) {
  std::cerr << error_line(
      "this build has no GUI (configured with STRIDESCOPE_GUI=OFF), so it cannot render an export");
  return 2;
}

}  // namespace stridescope
