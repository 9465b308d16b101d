// The one list of panels (ui/panels/panels.def) and the one list of centre tabs
// (ui/panels/tabs.def).
#pragma once

#include <memory>
#include <vector>

#include "ui/panels/panel.h"
#include "ui/panels/tab.h"

namespace stridescope {

std::vector<std::unique_ptr<Panel>> make_panels();
std::vector<std::unique_ptr<Tab>> make_tabs();

}  // namespace stridescope
