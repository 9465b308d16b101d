// UI tests: the real app under xvfb-run renders a trace at a step and writes a PNG; we check its
// pixels.
#include <gtest/gtest.h>

#include <stb_image.h>
#include "../run_command.h"

#include <fstream>
#include <nlohmann/json.hpp>

#include <sys/wait.h>
#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <initializer_list>
#include <set>
#include <string>

namespace {

const std::string kTmp = STRIDESCOPE_TEST_TMP;

using stridescope::test_support::Outcome;
using stridescope::test_support::run;

Outcome run_app(const std::string& arguments) {
  if (run("command -v xvfb-run").status != 0) {
    ADD_FAILURE() << "xvfb-run is not installed (scripts/test.sh installs the xvfb package)";
    return {};
  }
  return run("xvfb-run -a -s '-screen 0 1920x1080x24' " + std::string(STRIDESCOPE_BINARY) + " " +
             arguments);
}

struct Image {
  int width = 0, height = 0;
  std::vector<unsigned char> rgb;
  int count_near(int r, int g, int b, int tolerance = 12) const {
    int count = 0;
    for (std::size_t i = 0; i + 2 < rgb.size(); i += 3) {
      if (std::abs(rgb[i] - r) <= tolerance && std::abs(rgb[i + 1] - g) <= tolerance &&
          std::abs(rgb[i + 2] - b) <= tolerance) {
        ++count;
      }
    }
    return count;
  }
  std::size_t distinct_colors() const {
    std::set<int> colors;
    for (std::size_t i = 0; i + 2 < rgb.size(); i += 3)
      colors.insert(rgb[i] << 16 | rgb[i + 1] << 8 | rgb[i + 2]);
    return colors.size();
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

// Palette colours (ui/platform/theme.cpp, normal theme), as 8-bit RGB.
constexpr int kWritten[3] = {255, 184, 51};
constexpr int kRead[3] = {84, 153, 250};
constexpr int kUntouched[3] = {61, 69, 82};
constexpr int kConflict[3] = {255, 56, 56};

// Hazard-lab colours: the divergence banner (dark red over the canvas), write-after-read rings
// (cyan) and the marks on cells that hold lost elements (orange).
constexpr int kBanner[3] = {83, 6, 7};
constexpr int kWriteAfterRead[3] = {51, 230, 255};
constexpr int kLost[3] = {255, 115, 13};

int pixels_near(const std::string& arguments, const std::string& png, const int* color) {
  std::remove(png.c_str());
  Outcome o = run_app(arguments + " --size 1600x900 --screenshot " + png);
  EXPECT_EQ(o.status, 0) << o.output;
  return load_png(png).count_near(color[0], color[1], color[2], 14);
}

// The Timing tab's mark on unstable points (magenta, a colour no curve and no text has).
constexpr int kUnstable[3] = {255, 0, 255};

TEST(Gui, TimingChartMarksUnstablePointsInTheirOwnColour) {
  std::string png = kTmp + "/gui_timing_unstable.png";
  std::remove(png.c_str());
  Outcome o = run_app("--view timing --presenter --size 1920x1080 --screenshot " + png);
  ASSERT_EQ(o.status, 0) << o.output;
  // The recorded H100 run has unstable points below 2^22: triangles on the chart, one in the
  // legend.
  EXPECT_GT(load_png(png).count_near(kUnstable[0], kUnstable[1], kUnstable[2], 20), 300);
  EXPECT_LT(
      pixels_near("--variant sequential --block 64 --n 64", kTmp + "/gui_no_timing.png", kUnstable),
      20);
}

TEST(Gui, DivergentBarrierShowsABannerAtTheStepWhereTheRunStops) {
  std::string args = "--variant bug-sync-in-branch --block 16 --n 16";
  EXPECT_GT(pixels_near(args + " --step 1", kTmp + "/gui_diverged.png", kBanner), 5000);
  EXPECT_LT(pixels_near(args + " --step 0", kTmp + "/gui_before.png", kBanner), 100);
}

TEST(Gui, RacesAreDrawnOnTheCanvasOnlyWhereThereAreRaces) {
  std::string args = " --block 16 --n 16 --step 1";
  EXPECT_GT(
      pixels_near("--variant bug-no-loop-sync" + args, kTmp + "/gui_race.png", kWriteAfterRead),
      300);
  EXPECT_LT(pixels_near("--variant sequential" + args, kTmp + "/gui_norace.png", kWriteAfterRead),
            50);
}

TEST(Gui, LostElementsAreMarkedOnTheirInputCells) {
  std::string args = " --n 96 --step 0 --variant bug-odd-block";
  EXPECT_GT(pixels_near("--block 96" + args, kTmp + "/gui_lost.png", kLost), 300);
  EXPECT_LT(pixels_near("--block 64" + args, kTmp + "/gui_nolost.png", kLost), 50);
}

TEST(Gui, PrecisionViewDrawsTheSerialLoopsBarAndTheTreesBars) {
  constexpr int kSerialBar[3] = {255, 89, 89};  // palette error (red)
  constexpr int kTreeBar[3] = {84, 153, 250};   // palette cell_read (blue)
  std::string png = kTmp + "/gui_precision.png";
  EXPECT_GT(pixels_near("--view precision", png, kSerialBar), 500);
  EXPECT_GT(load_png(png).count_near(kTreeBar[0], kTreeBar[1], kTreeBar[2]), 3000);
}

TEST(Gui, GridViewShowsEveryLaunchOfARelaunchedRun) {
  std::string png = kTmp + "/gui_grid.png";
  std::string run = "--variant repeated-launches --type double --block 16 --n 1000 --view grid";
  // 32 block results of the first launch (blue), the last launch's one value (yellow).
  EXPECT_GT(pixels_near(run, png, kRead), 32 * 400);
  EXPECT_GT(load_png(png).count_near(kWritten[0], kWritten[1], kWritten[2]), 400);
}

TEST(Gui, ScreenshotOfAStepShowsWrittenAndReadCells) {
  std::string png = kTmp + "/gui_sequential.png";
  std::remove(png.c_str());
  Outcome o = run_app(
      "--variant sequential --block 16 --n 16 --step 1 --size 1280x720 --screenshot " + png);
  ASSERT_EQ(o.status, 0) << o.output;
  Image image = load_png(png);
  ASSERT_EQ(image.width, 1280);
  ASSERT_EQ(image.height, 720);
  EXPECT_GT(image.distinct_colors(), 50u) << "image looks blank";
  // Stride 8: eight target cells and eight source cells, each tens of pixels wide.
  EXPECT_GT(image.count_near(kWritten[0], kWritten[1], kWritten[2]), 8 * 400);
  EXPECT_GT(image.count_near(kRead[0], kRead[1], kRead[2]), 8 * 400);
}

TEST(Gui, LaterStepHasFewerActiveCells) {
  std::string early = kTmp + "/gui_step1.png", late = kTmp + "/gui_step4.png";
  ASSERT_EQ(run_app("--block 16 --n 16 --step 1 --size 1280x720 --screenshot " + early).status, 0);
  ASSERT_EQ(run_app("--block 16 --n 16 --step 4 --size 1280x720 --screenshot " + late).status, 0);
  Image a = load_png(early), b = load_png(late);
  // Step 4 (stride 1) writes one cell and reads one; the other 14 are untouched.
  EXPECT_LT(b.count_near(kWritten[0], kWritten[1], kWritten[2]) * 4,
            a.count_near(kWritten[0], kWritten[1], kWritten[2]));
  EXPECT_GT(b.count_near(kUntouched[0], kUntouched[1], kUntouched[2]),
            a.count_near(kUntouched[0], kUntouched[1], kUntouched[2]));
}

TEST(Gui, TraceFileWithBankConflictsShowsConflictRings) {
  std::string trace = kTmp + "/gui_strided.json", png = kTmp + "/gui_strided.png";
  ASSERT_EQ(run(std::string(STRIDESCOPE_BINARY) +
                " trace --variant interleaved-strided --block 1024 --n 1024 --out " + trace)
                .status,
            0);
  Outcome o = run_app("--trace " + trace + " --step 3 --size 1600x900 --screenshot " + png);
  ASSERT_EQ(o.status, 0) << o.output;
  Image image = load_png(png);
  ASSERT_EQ(image.width, 1600);
  EXPECT_GT(image.count_near(kConflict[0], kConflict[1], kConflict[2], 20), 500);
  EXPECT_GT(image.count_near(kUntouched[0], kUntouched[1], kUntouched[2]), 20000);  // 1024 cells
}

TEST(Gui, HighContrastThemeIsBlackBehindTheCells) {
  std::string png = kTmp + "/gui_contrast.png";
  ASSERT_EQ(run_app("--block 64 --n 64 --step 2 --high-contrast --font-scale 2 --size 1280x720 "
                    "--screenshot " +
                    png)
                .status,
            0);
  Image image = load_png(png);
  EXPECT_GT(image.count_near(0, 0, 0, 2), image.width * image.height / 4);
  EXPECT_GT(image.count_near(255, 217, 0, 12), 1000);  // high-contrast written colour
}

// Thread lanes (normal theme): active and idle; the colour of threads stuck at a barrier.
constexpr int kLaneActive[3] = {89, 235, 115};
constexpr int kLaneIdle[3] = {56, 56, 61};
constexpr int kWaiting[3] = {255, 64, 64};

// The rows (y) of an image where more than `least` pixels are near one of `colors`: rows of cells
// (a legend swatch is a few pixels wide, far below `least`).
std::vector<int> rows_with(const Image& image, std::initializer_list<const int*> colors, int least,
                           int tolerance = 12) {
  std::vector<int> rows;
  for (int y = 0; y < image.height; ++y) {
    int count = 0;
    for (int x = 0; x < image.width; ++x) {
      const unsigned char* px = &image.rgb[(static_cast<std::size_t>(y) * image.width + x) * 3];
      for (const int* c : colors) {
        if (std::abs(px[0] - c[0]) <= tolerance && std::abs(px[1] - c[1]) <= tolerance &&
            std::abs(px[2] - c[2]) <= tolerance) {
          ++count;
          break;
        }
      }
    }
    if (count > least) rows.push_back(y);
  }
  return rows;
}

// Runs of consecutive rows: the rows of cells drawn.
int runs(const std::vector<int>& rows) {
  int count = 0;
  for (std::size_t i = 0; i < rows.size(); ++i) count += i == 0 || rows[i] != rows[i - 1] + 1;
  return count;
}

// The rows of memory cells, whatever their role (a cell's value covers part of a row inside it,
// never most of it).
std::vector<int> memory_rows(const Image& image) {
  return rows_with(image, {kWritten, kRead, kUntouched}, 90);  // legend swatches: about 60
}

// Pixels near `color` in the rows below `y`.
int pixels_below(const Image& image, int y, const int* color, int tolerance = 12) {
  Image part = image;
  part.rgb.erase(part.rgb.begin(),
                 part.rgb.begin() + static_cast<std::ptrdiff_t>(y + 1) * image.width * 3);
  return part.count_near(color[0], color[1], color[2], tolerance);
}

// The View window of a 1600x900 screenshot (its default place: x 22% to 74%, y 0 to 85%;
// ui/panels/view_window.cpp), where the memory canvas is: the other panels have colours of their
// own.
Image view_window(const std::string& arguments, const std::string& name) {
  std::string png = kTmp + "/" + name + ".png";
  std::remove(png.c_str());
  Outcome o = run_app(arguments + " --size 1600x900 --screenshot " + png);
  EXPECT_EQ(o.status, 0) << o.output;
  Image full = load_png(png), view;
  if (full.width != 1600 || full.height != 900) return view;
  int left = 352, right = 1184;
  view.width = right - left;
  view.height = 755;  // above its bottom border
  for (int y = 0; y < view.height; ++y) {
    auto row = full.rgb.begin() + (static_cast<std::ptrdiff_t>(y) * full.width + left) * 3;
    view.rgb.insert(view.rgb.end(), row, row + view.width * 3);
  }
  return view;
}

// The canvas once coloured word w by thread w, with "warp N" beside each row of memory. In kernel 2
// at stride 1 (block 256) threads 0-127 work: four rows of active lanes and four of idle ones,
// all below memory, and no lane colour inside memory's rows.
TEST(Gui, ThreadsAreDrawnAsWarpsBelowMemory) {
  Image image =
      view_window("--variant interleaved-strided --block 256 --n 256 --step 1", "gui_warps");
  std::vector<int> memory = memory_rows(image);
  std::vector<int> active = rows_with(image, {kLaneActive}, 150);
  std::vector<int> idle = rows_with(image, {kLaneIdle}, 150, 4);
  ASSERT_FALSE(memory.empty());
  ASSERT_FALSE(active.empty());
  EXPECT_EQ(runs(memory), 8);  // 256 words, 32 a row
  EXPECT_EQ(runs(active), 4);  // warps 0-3
  EXPECT_EQ(runs(idle), 4);    // warps 4-7
  EXPECT_LT(memory.back(), active.front());
  EXPECT_LT(active.back(), idle.front());
  for (int y : memory) EXPECT_EQ(std::count(active.begin(), active.end(), y), 0) << y;
}

// Kernel 2 with doubles at stride 4: warp 0 alone works, on words in every row of memory.
TEST(Gui, OneActiveWarpWritesAcrossAllOfMemory) {
  Image image = view_window(
      "--variant interleaved-strided --block 256 --n 256 --type double --step 3", "gui_one_warp");
  std::vector<int> memory = memory_rows(image);
  std::vector<int> written = rows_with(image, {kWritten}, 20);
  std::vector<int> active = rows_with(image, {kLaneActive}, 150);
  ASSERT_FALSE(memory.empty());
  ASSERT_FALSE(written.empty());
  ASSERT_FALSE(active.empty());
  EXPECT_EQ(runs(memory), 16);  // 256 doubles, 16 a row
  EXPECT_EQ(runs(active), 1);
  EXPECT_LT(written.front(), memory.front() + 12);  // target words in the first row ...
  EXPECT_GT(written.back(), memory.back() - 12);    // ... and in the last
  EXPECT_LT(memory.back(), active.front());
}

// A row of memory is 128 bytes, every bank once: 32 ints or 16 doubles (each two banks wide).
TEST(Gui, EightByteWordsPutSixteenWordsInARow) {
  for (const char* type : {"int", "double"}) {
    SCOPED_TRACE(type);
    bool doubles = std::string(type) == "double";
    Image image =
        view_window(std::string("--variant sequential --block 32 --n 32 --step 0 --type ") + type,
                    std::string("gui_row_") + type);
    std::vector<int> written = rows_with(image, {kWritten}, 150);
    ASSERT_EQ(runs(written), doubles ? 2 : 1);  // step 0: every thread writes its word
    int y = written.front() + 3;                // above the values
    int cells = 0;
    bool inside = false;
    for (int x = 0; x < image.width; ++x) {
      const unsigned char* px = &image.rgb[(static_cast<std::size_t>(y) * image.width + x) * 3];
      bool on = std::abs(px[0] - kWritten[0]) <= 14 && std::abs(px[1] - kWritten[1]) <= 14 &&
                std::abs(px[2] - kWritten[2]) <= 14;
      cells += on && !inside;
      inside = on;
    }
    EXPECT_EQ(cells, doubles ? 16 : 32);
  }
}

// Hazard marks on the thread side: race lines start at the racing threads' lanes, and threads
// stuck at a divergent barrier are framed there.
TEST(Gui, RacesAndStuckThreadsAreMarkedOnTheirLanes) {
  Image race =
      view_window("--variant bug-no-loop-sync --block 16 --n 16 --step 1", "gui_race_lanes");
  std::vector<int> memory = memory_rows(race);
  ASSERT_FALSE(memory.empty());
  EXPECT_GT(pixels_below(race, memory.back(), kWriteAfterRead), 300);
  Image stuck = view_window("--variant bug-sync-in-branch --block 16 --n 16 --step 1", "gui_stuck");
  memory = memory_rows(stuck);
  ASSERT_FALSE(memory.empty());
  EXPECT_GT(pixels_below(stuck, memory.back(), kWaiting, 8), 8 * 60);  // eight framed lanes
}

TEST(Gui, BadInputsFailWithAMessage) {
  std::string bad = kTmp + "/gui_bad.json";
  std::FILE* f = std::fopen(bad.c_str(), "w");
  std::fputs("{\"format\": \"nope\"}", f);
  std::fclose(f);
  Outcome o = run_app("--trace " + bad + " --screenshot " + kTmp + "/never.png");
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.output.find("$.format"), std::string::npos) << o.output;
  o = run_app("--block 16 --n 16 --step 99 --screenshot " + kTmp + "/never.png");
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.output.find("--step 99 does not exist"), std::string::npos) << o.output;
  o = run_app("--block 48 --screenshot " + kTmp + "/never.png");
  EXPECT_EQ(o.status, 2);
  EXPECT_NE(o.output.find("power of two"), std::string::npos) << o.output;
}

}  // namespace

namespace {

// A step where warps shuffle shows the registers under the canvas; at 1280x720, text size 2, the
// canvas keeps room for its 256 words and 8 warps (a fixed half of the tab once left it only
// labels): rows of active lanes are drawn, and the registers' cells under them.
TEST(Gui, AShuffleStepLeavesTheCanvasRoomForItsCellsAt1280x720) {
  std::string png = kTmp + "/gui_shuffle_1280.png";
  std::remove(png.c_str());
  Outcome o = run_app(
      "--variant warp-shuffle --block 256 --n 1024 --step 2 --font-scale 2 "
      "--size 1280x720 --screenshot " +
      png);
  ASSERT_EQ(o.status, 0) << o.output;
  Image full = load_png(png);
  ASSERT_EQ(full.width, 1280);
  std::vector<int> lanes = rows_with(full, {kLaneActive}, 80);  // a legend swatch: about 30
  std::vector<int> registers = rows_with(full, {kRead}, 300);   // 31 lanes of a shuffle row
  ASSERT_FALSE(lanes.empty());
  ASSERT_FALSE(registers.empty());
  EXPECT_GE(runs(lanes), 2);  // warps 0-3 and 4-7 (or one warp a row)
  EXPECT_LT(lanes.back(), registers.front());
  EXPECT_LT(registers.back(), 720 - 150);  // above the timeline
}

TEST(Gui, PresenterViewDrawsBiggerCells) {
  std::string normal = kTmp + "/gui_normal64.png", presenter = kTmp + "/gui_presenter64.png";
  ASSERT_EQ(run_app("--block 64 --n 64 --step 1 --size 1600x900 --screenshot " + normal).status, 0);
  ASSERT_EQ(
      run_app("--block 64 --n 64 --step 1 --presenter --size 1600x900 --screenshot " + presenter)
          .status,
      0);
  int a = load_png(normal).count_near(kWritten[0], kWritten[1], kWritten[2]);
  int b = load_png(presenter).count_near(kWritten[0], kWritten[1], kWritten[2]);
  EXPECT_GT(b, a * 2) << "presenter view should show the cells at least 1.4x wider";
}

}  // namespace

namespace {

// The Timing tab's colours (ui/platform/theme.cpp): Harris's kernel 1 (first of the red-to-yellow
// ramp), kernel 7 (its last), CUB green, the copy grey. Bars are solid runs of these.
constexpr int kKernel1[3] = {220, 50, 50}, kKernel7[3] = {255, 232, 110};
constexpr int kCubGreen[3] = {118, 185, 0}, kCopyGrey[3] = {200, 200, 200};

// The first row with at least `run` pixels near `color` between columns x0 and x1 (-1: none).
int first_row_with(const Image& image, const int* color, int x0, int x1, int run = 12) {
  for (int y = 0; y < image.height; ++y) {
    int count = 0;
    for (int x = x0; x < x1; ++x) {
      const unsigned char* px = &image.rgb[(static_cast<std::size_t>(y) * image.width + x) * 3];
      if (std::abs(px[0] - color[0]) <= 6 && std::abs(px[1] - color[1]) <= 6 &&
          std::abs(px[2] - color[2]) <= 6)
        ++count;
    }
    if (count >= run) return y;
  }
  return -1;
}

int count_in_columns(const Image& image, const int* color, int x0, int x1) {
  int count = 0;
  for (int y = 0; y < image.height; ++y) {
    for (int x = x0; x < x1; ++x) {
      const unsigned char* px = &image.rgb[(static_cast<std::size_t>(y) * image.width + x) * 3];
      if (std::abs(px[0] - color[0]) <= 10 && std::abs(px[1] - color[1]) <= 10 &&
          std::abs(px[2] - color[2]) <= 10)
        ++count;
    }
  }
  return count;
}

// The recorded H100 report: bars in ladder order (kernel 1 .. kernel 7, the others, CUB, the
// copy) in the normal view; side by side with the time-over-n chart in a wide presenter view.
TEST(Gui, TimingViewShowsRecordedBarsAndCurves) {
  std::string png = kTmp + "/gui_timing.png";
  Outcome o = run_app("--view timing --size 1600x900 --screenshot " + png);
  ASSERT_EQ(o.status, 0) << o.output;
  Image image = load_png(png);
  ASSERT_EQ(image.width, 1600);
  int x0 = 352, x1 = 1184;  // the View window (0.22 .. 0.74 of the width)
  int k1 = first_row_with(image, kKernel1, x0, x1), k7 = first_row_with(image, kKernel7, x0, x1);
  int cub = first_row_with(image, kCubGreen, x0, x1, 40);
  int copy = first_row_with(image, kCopyGrey, x0, x1, 40);
  EXPECT_GE(k1, 0) << "kernel 1's bar (the ramp's red) missing";
  EXPECT_GT(k7, k1) << "kernel 7's bar should be below kernel 1's";
  EXPECT_GT(cub, k7) << "CUB's bar (green) should follow the variants";
  EXPECT_GT(copy, cub) << "the copy's bar (grey) should come last";
  // About 130 x 12 pixels: a version-2 report's IQR column leaves the bars less room than a
  // version-1 report's did.
  EXPECT_GT(count_in_columns(image, kCubGreen, x0, x1), 1200) << "CUB's bar is too small";

  std::string wide = kTmp + "/gui_timing_wide.png";
  o = run_app("--view timing --presenter --font-scale 1 --size 1920x1080 --screenshot " + wide);
  ASSERT_EQ(o.status, 0) << o.output;
  Image chart = load_png(wide);
  ASSERT_EQ(chart.width, 1920);
  // The right half holds the chart: CUB's and kernel 1's curves (and legend swatches) are there.
  EXPECT_GT(count_in_columns(chart, kCubGreen, 960, 1920), 1000) << "CUB's curve missing";
  EXPECT_GT(count_in_columns(chart, kKernel1, 960, 1920), 600) << "kernel 1's curve missing";

  Outcome bad = run_app("--view graphs --screenshot " + png);
  EXPECT_EQ(bad.status, 2);
  EXPECT_NE(bad.output.find("--view must be memory, grid, timing, precision"), std::string::npos)
      << bad.output;
}

}  // namespace

namespace {

TEST(Gui, LayoutAndSpeedAreKeptBetweenRunsButNotThePresenterSettings) {
  std::string home = kTmp + "/home";
  run("rm -rf " + home + " && mkdir -p " + home);
  // A polite stop (SIGTERM, as on Ctrl+C or logout) closes the window the normal way.
  std::string app = "HOME=" + home + " " + std::string(STRIDESCOPE_BINARY) +
                    " --font-scale 1.5 --high-contrast --size 1280x720";
  Outcome o = run("xvfb-run -a -s '-screen 0 1920x1080x24' sh -c '" + app +
                  " & pid=$!; sleep 6; kill -TERM $pid; wait $pid'");
  EXPECT_EQ(o.status, 0) << o.output;
  std::string config = home + "/.config/stridescope";
  Outcome ini = run("cat " + config + "/imgui.ini");
  EXPECT_NE(ini.output.find("[Window][View]"), std::string::npos) << ini.output;
  Outcome prefs = run("cat " + config + "/preferences.json");
  EXPECT_NE(prefs.output.find("\"speed\""), std::string::npos) << prefs.output;
  // The presenter's settings are not kept for the next person (README, Preferences).
  EXPECT_EQ(prefs.output.find("font_scale"), std::string::npos) << prefs.output;
  EXPECT_EQ(prefs.output.find("high_contrast"), std::string::npos) << prefs.output;
}

}  // namespace

namespace {

// A trace passed around by teachers may carry any text: printf directives in its labels, variant,
// device and toolkit must show as text, never crash the GUI (%s, %n) or print memory (%x, %p).
TEST(Gui, TraceTextWithPrintfDirectivesIsShownNotInterpreted) {
  std::string clean = kTmp + "/gui_directives_clean.json", hostile = kTmp + "/gui_directives.json";
  ASSERT_EQ(run(std::string(STRIDESCOPE_BINARY) +
                " trace --variant bug-no-loop-sync --block 16 "
                "--n 16 --out " +
                clean)
                .status,
            0);
  std::ifstream in(clean);
  nlohmann::json trace = nlohmann::json::parse(in);
  const std::string directives = "%s%s%s%s%n%n%x%p%d%999999999s";
  for (auto& step : trace["blocks"][0]["steps"]) step["label"] = directives;
  trace["run"]["device"] = directives;  // shown in the notice of a trace recorded on a GPU
  trace["run"]["backend"] = "cuda";
  trace["run"]["toolkit"] = directives;
  std::ofstream(hostile) << trace.dump();
  for (const char* step : {"0", "1"}) {
    std::string png = kTmp + "/gui_directives_" + step + ".png";
    std::remove(png.c_str());
    Outcome o =
        run_app("--trace " + hostile + " --step " + step + " --size 1280x720 --screenshot " + png);
    EXPECT_EQ(o.status, 0) << o.output;
    EXPECT_GT(load_png(png).distinct_colors(), 50u) << "no screenshot at step " << step;
  }
  trace["run"]["variant"] = directives;  // an unknown variant: the source panel says so
  std::ofstream(hostile) << trace.dump();
  Outcome o = run_app("--trace " + hostile + " --size 1280x720 --screenshot " + kTmp +
                      "/gui_directives_variant.png");
  EXPECT_EQ(o.status, 0) << o.output;
}

}  // namespace
