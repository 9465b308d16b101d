// Where every panel of ui/panels/panels.def sits: one table (layout_table.cpp) of rows, a panel's
// place in a view, for a situation, keyed by the panel's name in panels.def. Pure: tests read it.
#pragma once

#include <optional>
#include <span>
#include <string_view>

#include "ui/state/window_layout.h"

namespace stridescope {

// What is on screen, as far as it moves the panels.
struct Shown {
  bool program_open = false;  // an own program (.cu) is open
  bool comparing = false;     // a compare of kernels or traces is shown
  bool study_tab = false;     // the Timing or Precision tab is in front (a study, not the run)
  bool exporting = false;     // frames of a GIF or MP4: nobody can click them
};

// What a row is for. Always: the panel's place in the view; the others replace it while they hold.
enum class Situation {
  Always,
  ProgramOpen,  // an own program is open: its controls in the Run panel need lines
  Comparing,    // a compare is shown: the panes carry their own facts
  Study,        // the Timing or Precision tab is in front, no compare: its chart needs the room
  Exporting,    // frames of an export: no panel a viewer would have to open or scroll
};
bool holds(Situation situation, const Shown& shown);

struct LayoutRow {
  std::string_view panel;          // its name in ui/panels/panels.def
  LayoutMode view;                 // ui/state/window_layout.h picks the view
  Situation when;                  // Always, or what must hold for this row to replace it
  std::optional<Placement> place;  // fractions of the display; none: not shown
};

// Panels that need more height than their share gives on some displays.
struct LayoutHeight {
  std::string_view panel;
  float min_lines = 0;       // at least this many lines of text tall
  bool fit_content = false;  // as tall as its contents
};

// Whether the compact view's accordion may close the panel (ui/state/panel_columns.h): the Step
// facts, Run and Source panels; never the centre window or the timeline.
bool in_accordion(std::string_view panel);

std::span<const LayoutRow> layout_rows();
std::span<const LayoutHeight> layout_heights();

// A panel's places for what is shown: in each view the panel's Always row, replaced by each row
// of that view whose situation holds (the last of those in the table wins); no row: not shown.
PanelLayout panel_layout(std::string_view panel, const Shown& shown);

}  // namespace stridescope
