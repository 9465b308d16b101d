// The Compare tab's pane arrangement (ui/panels/compare_layout.h), pure: columns and rows, facts
// beside the canvas or above it, and scrolling where the panes do not fit at the window's text
// size.
#include <gtest/gtest.h>

#include "ui/panels/compare_layout.h"

namespace stridescope {
namespace {

// A pane's contents for a line of text `line` pixels tall with its spacing (17 at text size 1, 48
// at text size 2): "kernel: 1. Interleaved addressing, divergent branch" and three merged fact
// lines, the widest "no conflicts, 48 additions", as the app measures them.
PaneContents contents(float line) {
  return {.title_width = 16.6f * line,
          .facts_width = 9.6f * line,
          .fact_lines = 3,
          .line_height = line,
          .min_canvas_height = 4 * line};
}

TEST(PaneGrid, AWideRegionAtTextSize1GivesThreePanesOneColumnWithTheFactsBeside) {
  PaneGrid g = pane_grid(3, 1000, 780, 8, contents(17));
  EXPECT_EQ(g.columns, 1);
  EXPECT_EQ(g.rows, 3);
  EXPECT_TRUE(g.facts_beside);
  EXPECT_FALSE(g.scrolls);
  EXPECT_NEAR(g.pane_height, (780 - 16) / 3.0f, 0.01f);
}

TEST(PaneGrid, FourPanesOnALargeScreenReflowTwoByTwo) {
  PaneGrid g = pane_grid(4, 1800, 900, 8, contents(17));
  EXPECT_EQ(g.columns, 2);
  EXPECT_EQ(g.rows, 2);
  EXPECT_FALSE(g.scrolls);
}

TEST(PaneGrid, AtTextSize2OnAProjectorThePanesScrollRatherThanShrinkTheirText) {
  // 1280x720 at text size 2, the presenter view: 1212 x 332 for the panes.
  PaneGrid g = pane_grid(3, 1212, 332, 8, contents(48));
  EXPECT_TRUE(g.scrolls);
  EXPECT_GE(g.pane_height, g.title_height + 4 * 48);  // each keeps its title, facts and canvas
  EXPECT_GT(g.rows * g.pane_height, 332);
}

// 1280x720 at text size 2, the compact view of a compare (1230 x 330 for the panes): the three
// panes side by side, each title on one line (it wraps into three), each pane
// its title, three fact lines and the canvas's least room tall.
TEST(PaneGrid, ThreePanesOnAProjectorSitSideBySideWithTheirTitlesOnOneLine) {
  PaneGrid g = pane_grid(3, 1230, 330, 8, contents(48));
  EXPECT_EQ(g.columns, 3);
  EXPECT_NEAR(g.title_height, 48, 0.01f);
  EXPECT_GE(g.pane_height - g.title_height - 3 * 48 - 16, 4 * 48) << "the canvas's least room";
}

TEST(PaneGrid, ATitleTakesTwoLinesWhereItWrapsIntoTwoElseOneLineFitted) {
  EXPECT_EQ(pane_title_lines(300, 400), 1);
  EXPECT_EQ(pane_title_lines(700, 400), 2);
  EXPECT_EQ(pane_title_lines(797, 400), 1) << "over 1.8 lines' worth: one line";
}

// A title that wraps into two lines (600 pixels in a 384-pixel pane) keeps them in a tall pane and
// goes on one in a pane too short for two lines, the facts and the canvas's least room.
TEST(PaneGrid, ATwoLineTitleGoesOnOneWhereThePaneIsTooShortForIt) {
  PaneContents c = contents(48);
  c.title_width = 600;
  EXPECT_NEAR(pane_grid(1, 400, 900, 8, c).title_height, 96, 0.01f);
  EXPECT_NEAR(pane_grid(1, 400, 330, 8, c).title_height, 48, 0.01f);
}

TEST(PaneGrid, ANarrowPaneHasItsFactsAboveTheCanvasAndItsTitleWrapped) {
  PaneGrid g = pane_grid(2, 720, 1000, 8, contents(48));  // a tall, narrow centre window
  EXPECT_EQ(g.columns, 1);
  // 461 pixels of facts beside the canvas would leave it a third of the pane.
  EXPECT_FALSE(g.facts_beside);
  EXPECT_NEAR(g.title_height, 2 * 48, 0.01f);  // 797 pixels of title in a 704-pixel pane
}

}  // namespace
}  // namespace stridescope
