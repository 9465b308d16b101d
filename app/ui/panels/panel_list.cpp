// Builds the panels and tabs listed in ui/panels/panels.def and ui/panels/tabs.def.
#include "ui/panels/panel_list.h"

namespace stridescope {

#define SS_PANEL(name) std::unique_ptr<Panel> make_##name();
#include "ui/panels/panels.def"
#undef SS_PANEL
#define SS_TAB(name) std::unique_ptr<Tab> make_##name();
#include "ui/panels/tabs.def"
#undef SS_TAB

std::vector<std::unique_ptr<Panel>> make_panels() {
  std::vector<std::unique_ptr<Panel>> panels;
#define SS_PANEL(name) panels.push_back(make_##name());
#include "ui/panels/panels.def"
#undef SS_PANEL
  return panels;
}

std::vector<std::unique_ptr<Tab>> make_tabs() {
  std::vector<std::unique_ptr<Tab>> tabs;
#define SS_TAB(name) tabs.push_back(make_##name());
#include "ui/panels/tabs.def"
#undef SS_TAB
  return tabs;
}

}  // namespace stridescope
