// The one list of panels (ui/panels/panels.def) and the one list of centre tabs
// (ui/panels/tabs.def).
#pragma once

#include <cstddef>
#include <iterator>
#include <memory>
#include <string_view>
#include <vector>

#include "ui/panels/panel.h"
#include "ui/panels/tab.h"

namespace stridescope {

// The panels' names as panels.def spells them, in its order: make_panels()'s i-th panel is named
// kPanelNames[i] (its rows in ui/panels/layout_table.cpp are keyed by it).
inline constexpr std::string_view kPanelNames[] = {
#define SS_PANEL(name) #name,
#include "ui/panels/panels.def"
#undef SS_PANEL
};

// The index of the panel named `name` in kPanelNames (a name not there does not compile where it
// is used in a constant expression).
constexpr std::size_t panel_index(std::string_view name) {
  for (std::size_t i = 0; i < std::size(kPanelNames); ++i)
    if (kPanelNames[i] == name) return i;
  throw "no such panel in ui/panels/panels.def";
}

std::vector<std::unique_ptr<Panel>> make_panels();
std::vector<std::unique_ptr<Tab>> make_tabs();

}  // namespace stridescope
