// The one table of the panels' places (ui/panels/layout_table.h): every view, every situation.
#include "ui/panels/layout_table.h"

namespace stridescope {
namespace {

using enum LayoutMode;
using enum Situation;

constexpr std::optional<Placement> at(float x, float y, float w, float h) {
  return Placement{x, y, w, h};
}
constexpr std::optional<Placement> kHidden = std::nullopt;

// Each panel, each view: its Always row, then the rows that replace it while their situation
// holds. The shown panels of a view tile the display (tests/gui/test_layout_table.cpp).
// Normal: Run over Step facts | View over Timeline | Source. Presenter: View across, Timeline and
// Step facts under it. Compact: View | Step facts over Run over Source (an accordion: one open at
// a time); Timeline across under them; a compare or a study (the Timing or Precision tab) takes
// the width (the panes or the chart). An export has no Run panel (nobody can use its controls): the
// facts take its room. Compact presenter: View | Step facts; Timeline across under them. Compact
// views of a compare: the panes across the width (each pane carries its own facts).
// clang-format off
constexpr LayoutRow kRows[] = {
    // panel           view              when              x      y      w      h
    {"run_panel",      Normal,           Always,      at(0.00f, 0.00f, 0.22f, 0.44f)},
    {"run_panel",      Normal,           Exporting,   kHidden},
    {"run_panel",      Presenter,        Always,      kHidden},
    {"run_panel",      Compact,          Always,      at(0.62f, 0.42f, 0.38f, 0.16f)},
    // A program's controls (launch, block, name) take lines from the facts and the source.
    {"run_panel",      Compact,          ProgramOpen, at(0.62f, 0.34f, 0.38f, 0.27f)},
    // An export's viewer cannot open the accordion's other panels: the facts take the column.
    {"run_panel",      Compact,          Exporting,   kHidden},
    {"run_panel",      Compact,          Study,       kHidden},
    {"run_panel",      Compact,          Comparing,   kHidden},
    {"run_panel",      CompactPresenter, Always,      kHidden},

    {"view_window",    Normal,           Always,      at(0.22f, 0.00f, 0.52f, 0.85f)},
    {"view_window",    Presenter,        Always,      at(0.00f, 0.00f, 1.00f, 0.78f)},
    {"view_window",    Compact,          Always,      at(0.00f, 0.00f, 0.62f, 0.80f)},
    {"view_window",    Compact,          Study,       at(0.00f, 0.00f, 1.00f, 0.80f)},
    {"view_window",    Compact,          Comparing,   at(0.00f, 0.00f, 1.00f, 0.80f)},
    {"view_window",    CompactPresenter, Always,      at(0.00f, 0.00f, 0.58f, 0.80f)},
    // The panes take the whole width (each has its own facts); the chart takes the window.
    {"view_window",    CompactPresenter, Comparing,   at(0.00f, 0.00f, 1.00f, 0.80f)},
    {"view_window",    CompactPresenter, Study,       at(0.00f, 0.00f, 1.00f, 1.00f)},

    {"timeline_panel", Normal,           Always,      at(0.22f, 0.85f, 0.52f, 0.15f)},
    {"timeline_panel", Presenter,        Always,      at(0.00f, 0.78f, 0.55f, 0.22f)},
    {"timeline_panel", Compact,          Always,      at(0.00f, 0.80f, 1.00f, 0.20f)},
    {"timeline_panel", CompactPresenter, Always,      at(0.00f, 0.80f, 1.00f, 0.20f)},
    {"timeline_panel", CompactPresenter, Study,       kHidden},

    {"facts_panel",    Normal,           Always,      at(0.00f, 0.44f, 0.22f, 0.56f)},
    {"facts_panel",    Normal,           Exporting,   at(0.00f, 0.00f, 0.22f, 1.00f)},
    {"facts_panel",    Presenter,        Always,      at(0.55f, 0.78f, 0.45f, 0.22f)},
    {"facts_panel",    Compact,          Always,      at(0.62f, 0.00f, 0.38f, 0.42f)},
    {"facts_panel",    Compact,          ProgramOpen, at(0.62f, 0.00f, 0.38f, 0.34f)},
    {"facts_panel",    Compact,          Exporting,   at(0.62f, 0.00f, 0.38f, 0.80f)},
    {"facts_panel",    Compact,          Study,       kHidden},
    {"facts_panel",    Compact,          Comparing,   kHidden},
    {"facts_panel",    CompactPresenter, Always,      at(0.58f, 0.00f, 0.42f, 0.80f)},
    {"facts_panel",    CompactPresenter, Comparing,   kHidden},
    {"facts_panel",    CompactPresenter, Study,       kHidden},

    {"source_panel",   Normal,           Always,      at(0.74f, 0.00f, 0.26f, 1.00f)},
    {"source_panel",   Presenter,        Always,      kHidden},
    {"source_panel",   Compact,          Always,      at(0.62f, 0.58f, 0.38f, 0.22f)},
    {"source_panel",   Compact,          ProgramOpen, at(0.62f, 0.61f, 0.38f, 0.19f)},
    {"source_panel",   Compact,          Exporting,   kHidden},
    {"source_panel",   Compact,          Study,       kHidden},
    {"source_panel",   Compact,          Comparing,   kHidden},
    {"source_panel",   CompactPresenter, Always,      kHidden},
};

// The timeline is as tall as its rows (it measures them each frame); the centre window and the
// facts keep some lines where a display is short for the text size. Neighbours give way.
constexpr LayoutHeight kHeights[] = {
    // panel           min_lines  fit_content
    {"view_window",    8,         false},
    {"timeline_panel", 0,         true},
    {"facts_panel",    4,         false},
};

// The compact view's column of panels opens one at a time: these may be closed to title bars.
constexpr std::string_view kAccordion[] = {"facts_panel", "run_panel", "source_panel"};
// clang-format on

}  // namespace

bool in_accordion(std::string_view panel) {
  for (std::string_view name : kAccordion)
    if (name == panel) return true;
  return false;
}

bool holds(Situation situation, const Shown& shown) {
  switch (situation) {
    case Always:
      return true;
    case ProgramOpen:
      return shown.program_open;
    case Comparing:
      return shown.comparing;
    case Study:
      return shown.study_tab && !shown.comparing;
    case Exporting:
      return shown.exporting;
  }
  return false;
}

std::span<const LayoutRow> layout_rows() {
  return kRows;
}

std::span<const LayoutHeight> layout_heights() {
  return kHeights;
}

PanelLayout panel_layout(std::string_view panel, const Shown& shown) {
  PanelLayout layout;
  for (bool always : {true, false}) {  // the Always rows first, wherever they stand
    for (const LayoutRow& row : kRows) {
      if (row.panel != panel || (row.when == Always) != always || !holds(row.when, shown)) continue;
      placement_in(layout, row.view) = row.place;
    }
  }
  for (const LayoutHeight& height : kHeights) {
    if (height.panel != panel) continue;
    layout.min_lines = height.min_lines;
    layout.fit_content = height.fit_content;
  }
  return layout;
}

}  // namespace stridescope
