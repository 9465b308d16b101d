// Panels stacked in a column share its height (ui/state/panel_columns.h), pure; and the real app at
// a projector's 1280x720 with text size 2: the compact view's column opens one panel at a time
// (Step facts first; a click on another's title, its arrow or anywhere on it, opens it and closes
// the rest) and in the normal
// view a collapsed panel gives its room to the one under it.
#include <gtest/gtest.h>

#include <map>
#include <sstream>
#include <string>

#include "../run_command.h"
#include "ui/state/panel_columns.h"

namespace stridescope {
namespace {

using Rects = std::vector<std::optional<WindowRect>>;

TEST(PanelColumns, StackedPanelsOfOneWidthAreAColumnOthersAreNot) {
  // A column of three at x 600 (listed out of order), a lone panel beside it, one hidden panel,
  // and a panel under the column but wider (the timeline across the display).
  Rects rects = {WindowRect{600, 200, 300, 100}, WindowRect{0, 0, 600, 500},
                 WindowRect{600, 0, 300, 200},   std::nullopt,
                 WindowRect{600, 300, 300, 200}, WindowRect{0, 500, 900, 100}};
  auto columns = panel_columns(rects);
  ASSERT_EQ(columns.size(), 1u);
  EXPECT_EQ(columns[0], (std::vector<std::size_t>{2, 0, 4}));
  rects[4]->y = 320;  // a gap: no longer stacked on the one above
  EXPECT_EQ(panel_columns(rects)[0], (std::vector<std::size_t>{2, 0}));
}

TEST(PanelColumns, ACollapsedPanelKeepsItsTitleAndTheOpenOnesShareTheRest) {
  Rects rects = {WindowRect{600, 0, 300, 200}, WindowRect{600, 200, 300, 100},
                 WindowRect{600, 300, 300, 300}, WindowRect{0, 0, 600, 600}};
  share_column_room(rects, {false, true, false, false}, 40);
  // 600 tall: 40 for the title, 560 shared 2:3 by the open ones, stacked from the top.
  EXPECT_FLOAT_EQ(rects[0]->y, 0);
  EXPECT_FLOAT_EQ(rects[0]->h, 560 * 2 / 5.0f);
  EXPECT_FLOAT_EQ(rects[1]->y, 224);
  EXPECT_FLOAT_EQ(rects[1]->h, 40);
  EXPECT_FLOAT_EQ(rects[2]->y, 264);
  EXPECT_FLOAT_EQ(rects[2]->h, 336);
  EXPECT_FLOAT_EQ(rects[3]->h, 600) << "not in the column: untouched";
  share_column_room(rects, {true, true, true, true}, 40);  // all shut: titles at the top
  EXPECT_FLOAT_EQ(rects[2]->y, 80);
  EXPECT_FLOAT_EQ(rects[2]->h, 40);
}

TEST(PanelColumns, TheAccordionFollowsWhatTheUserOpenedOrClosed) {
  const std::vector<std::size_t> column = {3, 0, 4};  // top to bottom
  // Nothing toggled: facts (3) stays open.
  EXPECT_EQ(accordion_open(column, 3, {true, false, false, false, true}), 3u);
  // The user opened 4 (3 still open this frame): 4 is the open one.
  EXPECT_EQ(accordion_open(column, 3, {true, false, false, false, false}), 4u);
  // The user closed the open one: the panel under it opens; at the bottom, the one above.
  EXPECT_EQ(accordion_open(column, 3, {true, false, false, true, true}), 0u);
  EXPECT_EQ(accordion_open(column, 4, {true, false, false, true, true}), 0u);
  // The open panel is not in this column: its first panel.
  EXPECT_EQ(accordion_open(column, 1, {true, false, false, true, true}), 3u);
}

using test_support::Outcome;
using test_support::run;

// dot.cu is traced with clang (a skip fails CI where the install put it: clang_skips_fail.cpp).
#define SKIP_WITHOUT_CLANG()             \
  if (!test_support::have_clang_tools()) \
  GTEST_SKIP() << "clang++-14 / llvm-symbolizer-14 not installed"

const std::string kTmp = STRIDESCOPE_TEST_TMP;
const std::string kBinary = STRIDESCOPE_BINARY;
const std::string kSource = STRIDESCOPE_SOURCE_DIR;

struct Box {
  float x = 0, y = 0, w = 0, h = 0;
};

// dot.cu in the app at `size`, with STRIDESCOPE_TEST_CLICK=`click` (none if empty): each window's
// box and the output.
std::map<std::string, Box> windows_after(const std::string& size, const std::string& click,
                                         std::string& output) {
  const std::string png = kTmp + "/panel_columns.png";
  Outcome o = run("STRIDESCOPE_REPORT_WINDOWS=1 " +
                  (click.empty() ? "" : "STRIDESCOPE_TEST_CLICK=" + click + " ") +
                  "xvfb-run -a -s '-screen 0 1920x1080x24' " + kBinary + " --open " + kSource +
                  "/examples/dot.cu --step 8 " + size + " --report-clipped --screenshot " + png);
  output = o.output;
  EXPECT_EQ(o.status, 0) << o.output;
  std::map<std::string, Box> windows;
  std::istringstream lines(o.output);
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("window \"", 0) != 0) continue;
    std::size_t close = line.find('"', 8);
    Box b;
    std::istringstream(line.substr(close + 1)) >> b.x >> b.y >> b.w >> b.h;
    windows[line.substr(8, close - 8)] = b;
  }
  return windows;
}

// A click on the window's title bar, left of its middle (the collapse arrow's row), at frame 3:
// the program is still being traced then, so the screenshot shows the settled layout.
std::string title_click(const Box& b) {
  return std::to_string(static_cast<int>(b.x + 30)) + "," +
         std::to_string(static_cast<int>(b.y + b.h / 2)) + "@3";
}

TEST(PanelColumns, TheCompactColumnOpensOnePanelAtATime) {
  SKIP_WITHOUT_CLANG();
  const std::string size = "--size 1280x720 --font-scale 2";
  std::string out;
  auto w = windows_after(size, "", out);
  ASSERT_TRUE(w.count("Step facts") && w.count("Run") && w.count("Source")) << out;
  const float title = w["Run"].h;
  EXPECT_LT(title, 60) << "Run is its title bar only\n" << out;
  EXPECT_FLOAT_EQ(w["Source"].h, title) << out;
  EXPECT_GT(w["Step facts"].h, 300) << out;
  const float bottom = w["Source"].y + w["Source"].h;
  const std::map<std::string, Box> first = w;  // each run below starts from this layout
  for (const char* name : {"Source", "Run", "Source middle"}) {
    const bool middle =
        std::string(name) == "Source middle";  // a click on the title, not the arrow
    if (middle) name = "Source";
    Box bar = first.at(name);
    if (middle) bar.x += bar.w / 2 - 30;
    w = windows_after(size, title_click(bar), out);
    EXPECT_GT(w[name].h, 300) << name << " opened takes the column\n" << out;
    for (const char* other : {"Step facts", "Run", "Source"}) {
      if (std::string(other) == name) continue;
      EXPECT_FLOAT_EQ(w[other].h, title) << other << "\n" << out;
    }
    EXPECT_NEAR(w["Source"].y + w["Source"].h, bottom, 1) << "the column keeps its height";
    EXPECT_NE(out.find("clipped texts: 0\n"), std::string::npos) << name << "\n" << out;
  }
}

TEST(PanelColumns, InTheNormalViewACollapsedPanelGivesItsRoomToTheOneUnderIt) {
  SKIP_WITHOUT_CLANG();
  const std::string size = "--size 1920x1080 --font-scale 1";
  std::string out;
  auto w = windows_after(size, "", out);
  ASSERT_TRUE(w.count("Run") && w.count("Step facts")) << out;
  const Box run = w["Run"], facts = w["Step facts"];
  ASSERT_NEAR(run.y + run.h, facts.y, 1) << "Run over Step facts\n" << out;
  w = windows_after(size,
                    std::to_string(static_cast<int>(run.x + 12)) + "," +
                        std::to_string(static_cast<int>(run.y + 10)) + "@3",
                    out);
  EXPECT_LT(w["Run"].h, 40) << out;
  EXPECT_NEAR(w["Step facts"].y, w["Run"].h, 1) << out;
  EXPECT_NEAR(w["Step facts"].y + w["Step facts"].h, facts.y + facts.h, 1) << out;
}

}  // namespace
}  // namespace stridescope
