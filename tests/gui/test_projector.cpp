// Readable on a projector: 1280x720 at text size 2, the presenter view and the normal one. The real
// app under xvfb-run: no tab caption cut, the step slider's text beside its grab (never under it),
// the Step facts' bank-conflicts row in sight; and, pure, the slider text's place and the canvas's
// row labels (every row named where rows are thinner than a label).
#include <gtest/gtest.h>

#include <stb_image.h>

#include <array>
#include <cstdio>
#include <map>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "../run_command.h"
#include "ui/canvas/canvas_layout.h"
#include "ui/widgets/slider_text.h"

namespace stridescope {
namespace {

using test_support::Outcome;
using test_support::run;

const std::string kTmp = STRIDESCOPE_TEST_TMP;
const std::string kBinary = STRIDESCOPE_BINARY;
const std::string kSource = STRIDESCOPE_SOURCE_DIR;

struct Image {
  int width = 0, height = 0;
  std::vector<unsigned char> rgb;
  std::array<int, 3> at(int x, int y) const {
    std::size_t i = (static_cast<std::size_t>(y) * width + x) * 3;
    return {rgb[i], rgb[i + 1], rgb[i + 2]};
  }
};

Image load_png(const std::string& path) {
  Image image;
  int channels = 0;
  unsigned char* data = stbi_load(path.c_str(), &image.width, &image.height, &channels, 3);
  if (data) {
    image.rgb.assign(data, data + static_cast<std::size_t>(image.width) * image.height * 3);
    stbi_image_free(data);
  }
  return image;
}

struct Rect {
  int x = 0, y = 0, w = 0, h = 0;
};

// The `window "<title>" x y w h ...` lines of STRIDESCOPE_REPORT_WINDOWS.
std::map<std::string, Rect> windows_of(const std::string& output) {
  std::map<std::string, Rect> windows;
  std::istringstream lines(output);
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("window \"", 0) != 0) continue;
    std::size_t close = line.find('"', 8);
    Rect r;
    std::istringstream(line.substr(close + 1)) >> r.x >> r.y >> r.w >> r.h;
    windows[line.substr(8, close - 8)] = r;
  }
  return windows;
}

// The app at 1280x720, text size 2, with `arguments`; its screenshot and its report.
struct Shown {
  Outcome outcome;
  Image image;
  std::map<std::string, Rect> windows;
};
Shown show(const std::string& arguments, const std::string& name) {
  std::string png = kTmp + "/projector_" + name + ".png";
  std::remove(png.c_str());
  Shown s;
  s.outcome =
      run("STRIDESCOPE_REPORT_WINDOWS=1 xvfb-run -a -s '-screen 0 1920x1080x24' " + kBinary +
          " --size 1280x720 --font-scale 2 " + arguments + " --screenshot " + png);
  s.image = load_png(png);
  s.windows = windows_of(s.outcome.output);
  return s;
}

bool near(const std::array<int, 3>& c, int r, int g, int b, int tolerance) {
  return std::abs(c[0] - r) <= tolerance && std::abs(c[1] - g) <= tolerance &&
         std::abs(c[2] - b) <= tolerance;
}

TEST(Projector, NoTabCaptionIsCut) {
  for (const std::string view : {"--presenter", ""}) {
    Shown s = show(view, "tabs" + view);
    ASSERT_EQ(s.outcome.status, 0) << s.outcome.output;
    EXPECT_NE(s.outcome.output.find("tabs: 0 of 6 cut\n"), std::string::npos) << view << "\n"
                                                                              << s.outcome.output;
  }
}

// In the Timeline window, no column where the slider's grab (ImGui's SliderGrab blue) shows has
// light text pixels over it: "step 2: stride = 64" sits beside the grab.
TEST(Projector, TheStepSlidersTextIsBesideItsGrabNotUnderIt) {
  for (const std::string view : {"--presenter", ""}) {
    Shown s = show(view + " --block 256 --n 256 --step 2", "slider" + view);
    ASSERT_EQ(s.outcome.status, 0) << s.outcome.output;
    ASSERT_EQ(s.image.width, 1280);
    ASSERT_TRUE(s.windows.count("Timeline")) << s.outcome.output;
    Rect t = s.windows["Timeline"];
    int grab_columns = 0, covered = 0;
    for (int x = t.x; x < t.x + t.w; ++x) {
      int grab_top = -1, grab_bottom = -1;
      for (int y = t.y; y < t.y + t.h; ++y) {
        if (!near(s.image.at(x, y), 61, 133, 224, 6)) continue;
        if (grab_top < 0) grab_top = y;
        grab_bottom = y;
      }
      if (grab_top < 0 || grab_bottom - grab_top < 10) continue;  // no grab in this column
      ++grab_columns;
      for (int y = grab_top; y <= grab_bottom; ++y) {
        std::array<int, 3> c = s.image.at(x, y);
        if (c[0] > 170 && c[1] > 170 && c[2] > 170) ++covered;
      }
    }
    EXPECT_GT(grab_columns, 10) << view << ": the grabs were not found";
    EXPECT_EQ(covered, 0) << view << ": text drawn over a slider's grab";
  }
}

// A step with 8-way conflicts: the Step facts' bank-conflicts value (in the conflict red) is in
// the window, wrapped, not cut by its bottom edge (a clean run's hazard-lab line goes under the
// figures).
TEST(Projector, TheBankConflictsRowIsInSight) {
  Shown s =
      show("--presenter --variant interleaved-strided --block 256 --n 256 --step 3", "conflicts");
  ASSERT_EQ(s.outcome.status, 0) << s.outcome.output;
  ASSERT_TRUE(s.windows.count("Step facts")) << s.outcome.output;
  Rect f = s.windows["Step facts"];
  int red = 0, lowest = -1;
  for (int y = f.y; y < f.y + f.h; ++y) {
    for (int x = f.x; x < f.x + f.w; ++x) {
      std::array<int, 3> c = s.image.at(x, y);
      if (c[0] > 220 && c[1] < 100 && c[2] < 100) {
        ++red;
        lowest = y;
      }
    }
  }
  EXPECT_GT(red, 200) << "the 8-way value is not shown";
  EXPECT_LT(lowest, f.y + f.h - 8) << "the bank-conflicts row reaches the window's bottom edge";
}

// Every view, in the normal and the presenter layout, at a projector's 1280x720 with text size 2,
// at 1024x768 with 1.5, at 1920x1080 with 1 and at 1280x720 with 1 (the goldens'): no text the
// window draws is cut by its room
// (--report-clipped: past a panel's edge without a scroll bar, or a word split by wrapping).
TEST(Projector, NoTextIsCutInAnyViewAtProjectorSizes) {
  const std::string mistakes = kSource + "/tests/exercise_mistakes";
  const std::vector<std::pair<std::string, std::string>> views = {
      {"memory", "--variant sequential --block 256 --n 256 --step 3"},
      {"grid", "--view grid"},
      {"timing", "--view timing"},
      {"precision", "--view precision"},
      {"compare3",
       "--compare sequential,interleaved-strided,warp-shuffle --block 256 --n 256 --step 2"},
      {"exercises", "--exercise halving-loop --exercise-file " + mistakes +
                        "/halving-loop--missing-barrier.cu --show-failure"},
      {"lesson", "--lesson harris-ladder --step 3"},
      {"quiz", "--quiz --variant sequential --block 64 --n 64"},
      {"program", "--open " + kSource + "/examples/dot.cu --step 8"},
  };
  const std::vector<std::string> sizes = {
      "--size 1280x720 --font-scale 2", "--size 1024x768 --font-scale 1.5",
      "--size 1920x1080 --font-scale 1", "--size 1280x720 --font-scale 1"};
  const std::string png = kTmp + "/projector_clips.png";
  for (const auto& [name, arguments] : views) {
    for (const std::string& size : sizes) {
      for (const std::string layout : {"", " --presenter"}) {
        Outcome o = run("xvfb-run -a -s '-screen 0 1920x1080x24' " + kBinary + " " + arguments +
                        layout + " " + size + " --report-clipped --screenshot " + png);
        ASSERT_EQ(o.status, 0) << name << " " << size << layout << "\n" << o.output;
        EXPECT_NE(o.output.find("clipped texts: 0\n"), std::string::npos)
            << name << " " << size << layout << "\n"
            << o.output.substr(o.output.find("clipped texts"));
      }
    }
  }
}

// A tiny window (640x360 at text size 2, a projector's view at text size 4): the tabs become one
// chooser and the legend steps aside, so the canvas still shows its cells (before: three rows of
// tab buttons and a legend taller than the room, and no canvas at all).
TEST(Projector, ATinyWindowStillShowsTheCanvas) {
  const std::string png = kTmp + "/projector_tiny.png";
  Outcome o = run("STRIDESCOPE_REPORT_WINDOWS=1 xvfb-run -a -s '-screen 0 1920x1080x24' " +
                  kBinary + " --variant sequential --block 64 --n 64 --step 2 --size 640x360 " +
                  "--font-scale 2 --report-clipped --screenshot " + png);
  ASSERT_EQ(o.status, 0) << o.output;
  EXPECT_NE(o.output.find("clipped texts: 0\n"), std::string::npos) << o.output;
  EXPECT_NE(o.output.find("tabs: 0 of 6 cut\n"), std::string::npos) << o.output;
  std::size_t at = o.output.find("canvas word 0 ");
  ASSERT_NE(at, std::string::npos) << o.output;
  float x = 0, y = 0;
  std::istringstream(o.output.substr(at + 14)) >> x >> y;
  EXPECT_GT(x, 0) << "the canvas drew no cells\n" << o.output;
  EXPECT_GT(y, 0) << o.output;
}

// `stridescope FILE` opens the file as --open FILE does; a word that is neither a command nor such
// a file is said to be neither.
TEST(Projector, AFileGivenAloneIsOpened) {
  const std::string png = kTmp + "/projector_file.png";
  std::remove(png.c_str());
  Outcome o = run("xvfb-run -a -s '-screen 0 1920x1080x24' " + kBinary + " " + kSource +
                  "/examples/dot.cu --size 640x360 " + "--screenshot " + png);
  ASSERT_EQ(o.status, 0) << o.output;
  EXPECT_NE(o.output.find("traced dot.cu"), std::string::npos) << o.output;
  EXPECT_EQ(load_png(png).width, 640);
  o = run(kBinary + " lst");
  EXPECT_EQ(o.status, 2);
  EXPECT_EQ(o.output,
            "stridescope: error: 'lst' is not a command (stridescope --help lists them), nor a "
            "trace (.json) or a CUDA program (.cu) to open\n");
  o = run(kBinary + " a.json --open b.json");
  EXPECT_EQ(o.status, 2);
  EXPECT_EQ(o.output, "stridescope: error: a.json and --open or --trace: give one file\n");
}

TEST(SliderText, TheTextGoesToTheLargerSideOfTheGrabAndNeverOverIt) {
  float left = 100, right = 600;
  float grab = int_slider_grab_size(left, right, 10, 20);  // ten steps: a tenth of the track
  EXPECT_NEAR(grab, 49.6f, 0.01f);
  GrabSpan at2 = slider_grab(left, right, 2.0f / 9.0f, grab);
  std::optional<float> x = text_beside_grab(left, right, at2, 200, 8);
  ASSERT_TRUE(x);
  EXPECT_GE(*x, at2.x1 + 8);  // right of the grab: more room there
  EXPECT_LE(*x + 200, right - 8);
  GrabSpan at8 = slider_grab(left, right, 8.0f / 9.0f, grab);
  x = text_beside_grab(left, right, at8, 200, 8);
  ASSERT_TRUE(x);
  EXPECT_LE(*x + 200, at8.x0 - 8);  // left of it
  EXPECT_FALSE(text_beside_grab(left, right, slider_grab(left, right, 0.5f, grab), 300, 8));
}

TEST(CanvasRowLabels, EveryRowIsNamedWhereRowsAreThinnerThanALabel) {
  // 8 rows of 13 pixels, labels 29 pixels tall (1280x720, text size 2): groups of 4.
  EXPECT_EQ(label_groups(8, 8, 13, 29), (std::vector<RowGroup>{{0, 4}, {4, 4}}));
  EXPECT_EQ(label_groups(3, 3, 20, 29), (std::vector<RowGroup>{{0, 2}, {2, 1}}));
  // Rows tall enough: one label each. Panels side by side: a group never spans two.
  EXPECT_EQ(label_groups(2, 2, 30, 29), (std::vector<RowGroup>{{0, 1}, {1, 1}}));
  EXPECT_EQ(label_groups(6, 3, 10, 29), (std::vector<RowGroup>{{0, 3}, {3, 3}}));
}

}  // namespace
}  // namespace stridescope
