// Any screen, any input: key events queued so that no press is lost (a press and its release in one
// frame, PageUp/PageDown from a clicker), the window layout for any display and text size (pure
// units), and the real app under xvfb-run at 1280x720 with text size 2, normal and presenter view:
// every window inside the display, the timeline's rows all shown (test hooks
// STRIDESCOPE_TEST_KEYS and STRIDESCOPE_REPORT_WINDOWS).
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
#include <gtest/gtest.h>

#include "../run_command.h"

#include <sys/wait.h>
#include <array>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <map>
#include <memory>
#include <set>
#include <sstream>
#include <string>

#include "ui/panels/layout_table.h"
#include "ui/panels/panel_list.h"
#include "ui/platform/key_queue.h"
#include "ui/state/playback.h"
#include "ui/state/preferences.h"
#include "ui/state/window_layout.h"

namespace stridescope {
namespace {

// One frame's worth of key events, then the commands applied as the App applies them.
std::size_t step_after(const std::vector<KeyEvent>& events, std::size_t start = 2) {
  Playback play;
  play.reset(10, start);
  KeyQueue queue;
  for (const KeyEvent& e : events) queue.push(e);
  for (KeyCommand c : queue.take_commands()) play_command(c, play);
  return play.step();
}

KeyEvent press(int key, int mods = 0) {
  return {key, KeyAction::Press, mods};
}
KeyEvent release(int key) {
  return {key, KeyAction::Release, 0};
}

TEST(Keys, APressAndItsReleaseInOneFrameStepOnce) {
  EXPECT_EQ(step_after({press(GLFW_KEY_RIGHT), release(GLFW_KEY_RIGHT)}), 3u);
  EXPECT_EQ(step_after({press(GLFW_KEY_LEFT), release(GLFW_KEY_LEFT)}), 1u);
}

TEST(Keys, TwoQuickTapsInOneFrameStepTwice) {
  EXPECT_EQ(step_after({press(GLFW_KEY_RIGHT), release(GLFW_KEY_RIGHT), press(GLFW_KEY_RIGHT),
                        release(GLFW_KEY_RIGHT)}),
            4u);
}

TEST(Keys, PageUpAndPageDownStepLikeTheArrows) {
  EXPECT_EQ(step_after({press(GLFW_KEY_PAGE_DOWN), release(GLFW_KEY_PAGE_DOWN)}), 3u);
  EXPECT_EQ(step_after({press(GLFW_KEY_PAGE_UP), release(GLFW_KEY_PAGE_UP)}), 1u);
  EXPECT_EQ(step_after({press(GLFW_KEY_PAGE_DOWN), release(GLFW_KEY_PAGE_DOWN),
                        press(GLFW_KEY_PAGE_DOWN), release(GLFW_KEY_PAGE_DOWN)}),
            4u);
}

TEST(Keys, ReleasesModifiersAndHeldTogglesGiveNoCommand) {
  EXPECT_EQ(step_after({release(GLFW_KEY_RIGHT)}), 2u);
  EXPECT_EQ(step_after({press(GLFW_KEY_RIGHT, GLFW_MOD_CONTROL)}), 2u);
  EXPECT_EQ(step_after({press(GLFW_KEY_RIGHT), {GLFW_KEY_RIGHT, KeyAction::Repeat, 0}}), 4u);
  EXPECT_FALSE(command_for({GLFW_KEY_F, KeyAction::Repeat, 0}));
  EXPECT_EQ(command_for(press(GLFW_KEY_F)), KeyCommand::TogglePresenter);
  EXPECT_EQ(command_for(press(GLFW_KEY_L)), KeyCommand::ResetLayout);
  EXPECT_EQ(command_for(press(GLFW_KEY_HOME)), KeyCommand::First);
  EXPECT_FALSE(command_for(press(GLFW_KEY_A)));
}

TEST(Keys, CtrlOOpensAFileAndPlainOOrCtrlAltODoNot) {
  EXPECT_EQ(command_for(press(GLFW_KEY_O, GLFW_MOD_CONTROL)), KeyCommand::OpenFile);
  EXPECT_FALSE(command_for(press(GLFW_KEY_O)));
  EXPECT_FALSE(command_for(press(GLFW_KEY_O, GLFW_MOD_CONTROL | GLFW_MOD_ALT)));
  EXPECT_FALSE(command_for({GLFW_KEY_O, KeyAction::Repeat, GLFW_MOD_CONTROL}));
  EXPECT_FALSE(command_for({GLFW_KEY_O, KeyAction::Release, GLFW_MOD_CONTROL}));
}

TEST(Keys, TheQueueIsEmptiedEachFrame) {
  KeyQueue queue;
  queue.push(press(GLFW_KEY_RIGHT));
  EXPECT_EQ(queue.take_commands().size(), 1u);
  EXPECT_TRUE(queue.take_commands().empty());
}

// The presenter view's placements of the centre window, the timeline and the facts, from the
// layout table (ui/panels/layout_table.cpp): the canvas across, the other two under it.
const std::vector<std::optional<Placement>> kPresenter = [] {
  std::vector<std::optional<Placement>> places;
  for (const char* panel : {"view_window", "timeline_panel", "facts_panel"})
    places.push_back(panel_layout(panel, {}).presenter);
  return places;
}();

TEST(Layout, APanelTallerThanItsShareGrowsAndItsNeighboursGiveWay) {
  std::vector<std::optional<WindowRect>> r = resolve_layout(kPresenter, {0, 240, 0}, 1280, 720);
  ASSERT_TRUE(r[0] && r[1] && r[2]);
  EXPECT_FLOAT_EQ(r[1]->h, 240);            // the timeline as tall as it asked
  EXPECT_FLOAT_EQ(r[1]->y + r[1]->h, 720);  // still on the bottom edge
  EXPECT_FLOAT_EQ(r[0]->y + r[0]->h, r[1]->y) << "the canvas ends where the timeline starts";
  EXPECT_FLOAT_EQ(r[2]->y, r[1]->y) << "the facts beside the timeline move with it";
  for (const auto& rect : r) EXPECT_TRUE(rect->inside(1280, 720));
}

TEST(Layout, NeighboursKeepAnEighthOfTheDisplay) {
  std::vector<std::optional<WindowRect>> r = resolve_layout(kPresenter, {0, 700, 0}, 1280, 720);
  EXPECT_GE(r[0]->h, 720 * 0.12f);
  EXPECT_TRUE(r[1]->inside(1280, 720));
}

TEST(Layout, PanelsOnlyBesideEachOtherMoveTogether) {
  // Compact view: the canvas and timeline on the left, the source on the right starting at the
  // timeline's height: growing the timeline leaves the source alone.
  std::vector<std::optional<Placement>> places = {
      Placement{0.0f, 0.0f, 0.64f, 0.8f}, Placement{0.0f, 0.8f, 0.64f, 0.2f},
      Placement{0.64f, 0.8f, 0.36f, 0.2f}, std::nullopt};
  std::vector<std::optional<WindowRect>> r = resolve_layout(places, {0, 200, 0, 0}, 1000, 1000);
  EXPECT_FLOAT_EQ(r[1]->y, 800);
  EXPECT_FLOAT_EQ(r[2]->y, 800);
  EXPECT_FALSE(r[3]);
  r = resolve_layout(places, {0, 300, 0, 0}, 1000, 1000);
  EXPECT_FLOAT_EQ(r[1]->y, 700);
  EXPECT_FLOAT_EQ(r[0]->h, 700);
  EXPECT_FLOAT_EQ(r[2]->y, 800) << "not side by side with the timeline or the canvas";
}

TEST(Layout, TheNormalViewTurnsCompactWhereTheTextIsLargeForTheDisplay) {
  EXPECT_EQ(layout_mode(false, 1920, 18), LayoutMode::Normal);
  EXPECT_EQ(layout_mode(false, 1280, 18), LayoutMode::Normal);
  EXPECT_EQ(layout_mode(false, 1280, 36), LayoutMode::Compact);
  EXPECT_EQ(layout_mode(true, 1280, 36), LayoutMode::CompactPresenter);
  EXPECT_EQ(layout_mode(true, 1920, 18), LayoutMode::Presenter);
}

TEST(Layout, AWindowFromAnotherScreenIsBroughtInside) {
  WindowRect r = clamp_inside(to_pixels({0.7f, 0.6f, 0.5f, 0.6f}, 1280, 720), 1280, 720, 100);
  EXPECT_TRUE(r.inside(1280, 720));
  EXPECT_FLOAT_EQ(r.w, 640);
  Placement back = to_fractions(to_pixels({0.25f, 0.5f, 0.5f, 0.25f}, 1920, 1080), 1920, 1080);
  EXPECT_FLOAT_EQ(back.x, 0.25f);
  EXPECT_FLOAT_EQ(back.h, 0.25f);
}

// The real app under xvfb-run.
using stridescope::test_support::Outcome;
using stridescope::test_support::run;

Outcome run_app(const std::string& environment, const std::string& arguments) {
  return run(environment + " xvfb-run -a -s '-screen 0 1920x1080x24' " +
             std::string(STRIDESCOPE_BINARY) + " " + arguments);
}

const std::string kTmp = STRIDESCOPE_TEST_TMP;

// The step the screenshot shows, from "wrote <png> (WxH, step N)".
long screenshot_step(const std::string& output) {
  std::size_t at = output.find(", step ");
  return at == std::string::npos ? -1 : std::stol(output.substr(at + 7));
}

TEST(KeysInTheApp, QuickTapsWithinTheFirstFrameAllStep) {
  std::string args =
      "--variant sequential --block 16 --n 16 --step 0 --size 800x600 --screenshot " + kTmp +
      "/keys.png";
  Outcome o = run_app("STRIDESCOPE_TEST_KEYS=Right", args);
  ASSERT_EQ(o.status, 0) << o.output;
  EXPECT_EQ(screenshot_step(o.output), 1) << o.output;
  o = run_app("STRIDESCOPE_TEST_KEYS=Right,Right", args);
  EXPECT_EQ(screenshot_step(o.output), 2) << o.output;
  o = run_app("STRIDESCOPE_TEST_KEYS=PageDown,PageDown,PageDown,PageUp", args);
  EXPECT_EQ(screenshot_step(o.output), 2) << o.output;
}

struct Window {
  float x, y, w, h, scroll_x, scroll_y;
  bool collapsed;
};

// `window "<title>" x y w h scroll_x scroll_y [collapsed]` lines of STRIDESCOPE_REPORT_WINDOWS.
std::map<std::string, Window> windows(const std::string& output) {
  std::map<std::string, Window> out;
  std::istringstream in(output);
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("window \"", 0) != 0) continue;
    std::size_t close = line.find('"', 8);
    Window w{};
    std::istringstream numbers(line.substr(close + 1));
    numbers >> w.x >> w.y >> w.w >> w.h >> w.scroll_x >> w.scroll_y;
    w.collapsed = line.ends_with(" collapsed");
    out[line.substr(8, close - 8)] = w;
  }
  return out;
}

// The titles of the windows the layout table shows in `view` for a catalog run: the panels of
// ui/panels/panels.def with a place there.
std::set<std::string> titles_shown(LayoutMode view) {
  std::vector<std::unique_ptr<Panel>> panels = make_panels();
  std::set<std::string> titles;
  for (std::size_t i = 0; i < panels.size(); ++i) {
    if (placement_in(panel_layout(kPanelNames[i], {}), view)) titles.insert(panels[i]->title());
  }
  return titles;
}

std::set<std::string> titles(const std::map<std::string, Window>& shown) {
  std::set<std::string> out;
  for (const auto& [title, w] : shown) out.insert(title);
  return out;
}

// 1280x720 at text size 2 is narrow for the text: `view` is Compact or CompactPresenter.
void expect_all_inside(const std::string& extra, LayoutMode view) {
  for (const char* block : {"16", "256", "1024"}) {
    SCOPED_TRACE(std::string("block ") + block + extra);
    Outcome o = run_app("STRIDESCOPE_REPORT_WINDOWS=1",
                        std::string("--variant interleaved-strided --block ") + block +
                            " --step 3 --size 1280x720 --font-scale 2" + extra + " --screenshot " +
                            kTmp + "/layout.png");
    ASSERT_EQ(o.status, 0) << o.output;
    std::map<std::string, Window> shown = windows(o.output);
    EXPECT_EQ(titles(shown), titles_shown(view)) << o.output;
    for (const auto& [title, w] : shown) {
      SCOPED_TRACE(title);
      EXPECT_GE(w.x, 0);
      EXPECT_GE(w.y, 0);
      EXPECT_LE(w.x + w.w, 1280);
      EXPECT_LE(w.y + w.h, 720);
      // The compact column opens one panel at a time (ui/state/panel_columns.h): the others
      // are their title bars, by design.
      if (!w.collapsed) {
        EXPECT_GE(w.h, 2 * 44) << "a window too small for a line of text under its title";
      }
    }
    ASSERT_TRUE(shown.count("Timeline") && shown.count("View") && shown.count("Step facts"));
    EXPECT_FALSE(shown["Step facts"].collapsed) << "the accordion opens with the Step facts";
    EXPECT_FALSE(shown["View"].collapsed || shown["Timeline"].collapsed);
    EXPECT_EQ(shown["Timeline"].scroll_y, 0) << "the timeline's buttons or slider are cut off";
    EXPECT_EQ(shown["Timeline"].scroll_x, 0);
    EXPECT_EQ(shown["View"].scroll_y, 0) << "the canvas or its legend is cut off";
    EXPECT_GE(shown["View"].h, 720 * 0.5f) << "the canvas should keep most of the height";
    EXPECT_GE(shown["Step facts"].w, 36 * 12) << "step facts too narrow to read";
  }
}

TEST(LayoutInTheApp, EveryWindowFits1280x720AtTextSize2) {
  expect_all_inside("", LayoutMode::Compact);
}

TEST(LayoutInTheApp, EveryWindowFits1280x720AtTextSize2InThePresenterView) {
  expect_all_inside(" --presenter", LayoutMode::CompactPresenter);
}

// The quiz's row and banner come out of the canvas's share, never out of the other windows'.
TEST(LayoutInTheApp, EveryWindowFits1280x720AtTextSize2WithTheQuiz) {
  expect_all_inside(" --quiz", LayoutMode::Compact);
  expect_all_inside(" --quiz --presenter", LayoutMode::CompactPresenter);
}

}  // namespace
}  // namespace stridescope

namespace stridescope {
namespace {

// A window resized while the app runs (1920x1080 to 1280x720, text size 2): the windows are placed
// again for the new size, all inside it.
TEST(LayoutInTheApp, AResizeReflowsEveryWindow) {
  Outcome o = run_app("STRIDESCOPE_REPORT_WINDOWS=1 STRIDESCOPE_TEST_RESIZE=1280x720",
                      "--variant interleaved-strided --block 256 --step 3 --size 1920x1080 "
                      "--font-scale 2 --screenshot " +
                          kTmp + "/layout_resized.png");
  ASSERT_EQ(o.status, 0) << o.output;
  EXPECT_NE(o.output.find("(1280x720,"), std::string::npos) << "not resized: " << o.output;
  std::map<std::string, Window> shown = windows(o.output);
  EXPECT_EQ(titles(shown), titles_shown(LayoutMode::Compact)) << o.output;
  for (const auto& [title, w] : shown) {
    SCOPED_TRACE(title);
    EXPECT_LE(w.x + w.w, 1280);
    EXPECT_LE(w.y + w.h, 720);
  }
  EXPECT_EQ(shown["Timeline"].scroll_y, 0);
  EXPECT_EQ(shown["Timeline"].w, 1280) << "the compact view's timeline spans the window";
}

}  // namespace
}  // namespace stridescope

namespace stridescope {
namespace {

// A layout saved on another screen is kept as fractions of it: on this one it is scaled, and a
// window that would stick out is brought inside. Old files' text size and contrast are ignored.
TEST(Layout, ASavedLayoutIsAdaptedToThisScreen) {
  std::string path = std::string(STRIDESCOPE_TEST_TMP) + "/prefs_layout.json";
  std::ofstream(path) << R"({"font_scale": 2.5, "high_contrast": true, "speed": 2,
                            "layout": {"Step facts": [0.5, 0.5, 0.75, 0.6], "View": "bad"}})";
  Preferences p = load_preferences(path);
  EXPECT_FLOAT_EQ(p.speed, 2.0f);
  ASSERT_EQ(p.layout.size(), 1u);
  EXPECT_EQ(p.layout[0].title, "Step facts");
  WindowRect r = clamp_inside(to_pixels(p.layout[0].where, 1280, 720), 1280, 720, 100);
  EXPECT_TRUE(r.inside(1280, 720));
  EXPECT_FLOAT_EQ(r.w, 960);  // three quarters of this display's width, as saved
  save_preferences(p, path);
  std::ifstream in(path);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_EQ(text.find("font_scale"), std::string::npos) << text;
  EXPECT_NE(text.find("Step facts"), std::string::npos) << text;
}

}  // namespace
}  // namespace stridescope
