// The one table of the panels' places (ui/panels/layout_table.h), pure: every panel of
// ui/panels/panels.def has a row in every view, every row names such a panel, and in every view
// and situation the shown panels tile the display (inside it, no overlap, nothing uncovered).
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "ui/panels/layout_table.h"
#include "ui/panels/panel_list.h"

namespace stridescope {
namespace {

constexpr std::array kViews = {LayoutMode::Normal, LayoutMode::Presenter, LayoutMode::Compact,
                               LayoutMode::CompactPresenter};

bool listed(std::string_view panel) {
  return std::find(std::begin(kPanelNames), std::end(kPanelNames), panel) != std::end(kPanelNames);
}

// Every combination of what can be shown.
std::vector<Shown> every_situation() {
  std::vector<Shown> all;
  for (int bits = 0; bits < 16; ++bits)
    all.push_back({.program_open = (bits & 1) != 0,
                   .comparing = (bits & 2) != 0,
                   .study_tab = (bits & 4) != 0,
                   .exporting = (bits & 8) != 0});
  return all;
}

std::string describe(LayoutMode view, const Shown& s) {
  return "view " + std::to_string(static_cast<int>(view)) + (s.program_open ? " program" : "") +
         (s.comparing ? " compare" : "") + (s.study_tab ? " timing" : "") +
         (s.exporting ? " export" : "");
}

float overlap(const Placement& a, const Placement& b) {
  float w = std::min(a.x + a.w, b.x + b.w) - std::max(a.x, b.x);
  float h = std::min(a.y + a.h, b.y + b.h) - std::max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0.0f;
}

TEST(LayoutTable, EveryPanelHasOneAlwaysRowInEveryView) {
  for (std::string_view panel : kPanelNames) {
    for (LayoutMode view : kViews) {
      long rows =
          std::count_if(layout_rows().begin(), layout_rows().end(), [&](const LayoutRow& r) {
            return r.panel == panel && r.view == view && r.when == Situation::Always;
          });
      EXPECT_EQ(rows, 1) << panel << " in view " << static_cast<int>(view);
    }
  }
}

TEST(LayoutTable, EveryRowNamesAPanelOfPanelsDef) {
  for (const LayoutRow& row : layout_rows()) EXPECT_TRUE(listed(row.panel)) << row.panel;
  for (const LayoutHeight& height : layout_heights())
    EXPECT_TRUE(listed(height.panel)) << height.panel;
}

TEST(LayoutTable, InEveryViewAndSituationTheShownPanelsTileTheDisplay) {
  for (LayoutMode view : kViews) {
    for (const Shown& shown : every_situation()) {
      SCOPED_TRACE(describe(view, shown));
      std::vector<Placement> places;
      std::vector<std::string_view> names;
      for (std::string_view panel : kPanelNames) {
        if (auto p = placement_in(panel_layout(panel, shown), view)) {
          places.push_back(*p);
          names.push_back(panel);
        }
      }
      ASSERT_FALSE(places.empty());
      float area = 0;
      for (std::size_t i = 0; i < places.size(); ++i) {
        const Placement& p = places[i];
        EXPECT_TRUE(p.x >= 0 && p.y >= 0 && p.x + p.w <= 1.0001f && p.y + p.h <= 1.0001f)
            << names[i] << " sticks out of the display";
        for (std::size_t j = i + 1; j < places.size(); ++j)
          EXPECT_LT(overlap(p, places[j]), 1e-5f) << names[i] << " and " << names[j] << " overlap";
        area += p.w * p.h;
      }
      EXPECT_NEAR(area, 1.0f, 1e-4f) << "part of the display is left uncovered";
    }
  }
}

// The situations replace the Always rows where they hold, and only there.
TEST(LayoutTable, ASituationReplacesThePlaceOnlyWhileItHolds) {
  PanelLayout catalog = panel_layout("run_panel", {});
  PanelLayout program = panel_layout("run_panel", {.program_open = true});
  ASSERT_TRUE(catalog.compact && program.compact && catalog.normal && program.normal);
  EXPECT_NE(catalog.compact->y, program.compact->y) << "a program's controls need more lines";
  EXPECT_EQ(catalog.normal->h, program.normal->h) << "the normal view has room for them";
  EXPECT_FALSE(catalog.presenter) << "the presenter view has no Run panel";

  EXPECT_TRUE(panel_layout("facts_panel", {}).compact_presenter);
  EXPECT_FALSE(panel_layout("facts_panel", {.comparing = true}).compact_presenter);
  EXPECT_FALSE(panel_layout("timeline_panel", {.study_tab = true}).compact_presenter);
  // A compare keeps the timeline (its panes step together) even with the Timing tab in front.
  EXPECT_TRUE(
      panel_layout("timeline_panel", {.comparing = true, .study_tab = true}).compact_presenter);
  std::optional<Placement> centre =
      panel_layout("view_window", {.comparing = true, .study_tab = true}).compact_presenter;
  ASSERT_TRUE(centre);
  EXPECT_FLOAT_EQ(centre->w, 1.0f);
  EXPECT_LT(centre->h, 1.0f) << "the timeline stays under the panes";
}

TEST(LayoutTable, HeightsComeFromTheTableAndAnUnknownPanelIsNowhere) {
  EXPECT_TRUE(panel_layout("timeline_panel", {}).fit_content);
  EXPECT_GT(panel_layout("view_window", {}).min_lines, 0);
  EXPECT_EQ(panel_layout("run_panel", {}).min_lines, 0);
  PanelLayout none = panel_layout("no_such_panel", {});
  for (LayoutMode view : kViews) EXPECT_FALSE(placement_in(none, view));
}

}  // namespace
}  // namespace stridescope
