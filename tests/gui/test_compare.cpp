// Compare: `--compare a,b,c --screenshot` draws one pane per run, each a different picture; bad
// lists are one error line and status 2.
#include <gtest/gtest.h>

#include <stb_image.h>
#include "../run_command.h"

#include <algorithm>
#include <array>
#include <cstdio>
#include <sstream>
#include <string>
#include <vector>

namespace {

using stridescope::test_support::Outcome;
using stridescope::test_support::run;

const std::string kTmp = STRIDESCOPE_TEST_TMP;
const std::string kBinary = STRIDESCOPE_BINARY;

struct Pane {
  std::string variant;
  int x = 0, y = 0, w = 0, h = 0;
};

// The `pane "<variant>" x y w h` lines of STRIDESCOPE_REPORT_WINDOWS.
std::vector<Pane> panes_of(const std::string& output) {
  std::vector<Pane> panes;
  std::istringstream lines(output);
  std::string line;
  while (std::getline(lines, line)) {
    if (line.rfind("pane \"", 0) != 0) continue;
    std::size_t close = line.find('"', 6);
    Pane p;
    p.variant = line.substr(6, close - 6);
    std::istringstream numbers(line.substr(close + 1));
    numbers >> p.x >> p.y >> p.w >> p.h;
    panes.push_back(p);
  }
  return panes;
}

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

// The share of pixels that differ between the canvases (below the header) of two panes.
double canvas_difference(const Image& image, const Pane& a, const Pane& b) {
  int w = std::min(a.w, b.w), h = std::min(a.h, b.h);
  int differing = 0, total = 0;
  for (int y = h / 4; y < h - 2; ++y) {
    for (int x = 2; x < w - 2; ++x) {
      ++total;
      if (image.at(a.x + x, a.y + y) != image.at(b.x + x, b.y + y)) ++differing;
    }
  }
  return total ? static_cast<double>(differing) / total : 0;
}

Outcome run_window(const std::string& arguments) {
  if (run("command -v xvfb-run").status != 0) {
    ADD_FAILURE() << "xvfb-run is not installed (scripts/test.sh installs the xvfb package)";
    return {};
  }
  return run("STRIDESCOPE_REPORT_WINDOWS=1 xvfb-run -a -s '-screen 0 1920x1080x24' " + kBinary +
             " " + arguments);
}

// The height of the first line of light text (white on the dark theme) from the top of `pane`:
// rows with light pixels, counted from the first one to the first row without any.
int first_text_line_height(const Image& image, const Pane& pane) {
  auto light_row = [&](int y) {
    int light = 0;
    for (int x = pane.x + 4; x < pane.x + pane.w - 4; ++x) {
      std::array<int, 3> c = image.at(x, y);
      if (c[0] > 170 && c[1] > 170 && c[2] > 170) ++light;
    }
    return light >= 2;
  };
  int y = pane.y + 2, bottom = std::min(image.height, pane.y + pane.h);
  while (y < bottom && !light_row(y)) ++y;
  int top = y;
  while (y < bottom && light_row(y)) ++y;
  return y - top;
}

// The View window's bottom edge, from its `window "View" x y w h ...` line.
int view_bottom(const std::string& output) {
  std::size_t at = output.find("window \"View\" ");
  if (at == std::string::npos) return -1;
  int x = 0, y = 0, w = 0, h = 0;
  std::istringstream(output.substr(at + 14)) >> x >> y >> w >> h;
  return y + h;
}

// 1280x720 at text size 2 (a projector): the panes' titles are near the window's text size (they
// were a third of it, about 7 pixels; where the panes would scroll their text is drawn at no less
// than 0.7 of it) and all three panes lie wholly in sight, canvas included (before, the canvases
// were below the fold), in the presenter view and the normal one.
TEST(Compare, OnAProjectorThePanesTextHasTheWindowsTextSize) {
  for (const std::string view : {"--presenter", ""}) {
    std::string png = kTmp + "/compare_projector" + (view.empty() ? "" : "_presenter") + ".png";
    std::remove(png.c_str());
    Outcome o = run_window(
        "--compare interleaved-divergent,interleaved-strided,sequential --block 64 --step 2 "
        "--size 1280x720 --font-scale 2 " +
        view + " --screenshot " + png);
    ASSERT_EQ(o.status, 0) << o.output;
    std::vector<Pane> panes = panes_of(o.output);
    ASSERT_EQ(panes.size(), 3u) << o.output;
    Image image = load_png(png);
    ASSERT_EQ(image.width, 1280);
    int title = first_text_line_height(image, panes[0]);
    EXPECT_GE(title, 16) << view << ": the first pane's title is " << title << " pixels tall";
    EXPECT_LE(title, 40) << view << ": two lines of text are not one";
    EXPECT_LE(panes[0].x + panes[0].w, image.width) << view;
    const int bottom = view_bottom(o.output);
    ASSERT_GT(bottom, 0) << o.output;
    for (const Pane& p : panes)
      EXPECT_LE(p.y + p.h, bottom) << view << ": pane " << p.variant << " runs past the window\n"
                                   << o.output;
  }
}

TEST(Compare, ThreeKernelsDrawThreeDifferentPanes) {
  std::string png = kTmp + "/compare_three.png";
  std::remove(png.c_str());
  Outcome o = run_window(
      "--compare interleaved-divergent,interleaved-strided,sequential --block 64 --step 3 "
      "--size 1280x720 --screenshot " +
      png);
  ASSERT_EQ(o.status, 0) << o.output;
  std::vector<Pane> panes = panes_of(o.output);
  ASSERT_EQ(panes.size(), 3u) << o.output;
  EXPECT_EQ(panes[0].variant, "interleaved-divergent");
  EXPECT_EQ(panes[2].variant, "sequential");
  Image image = load_png(png);
  ASSERT_EQ(image.width, 1280);
  for (const Pane& p : panes) {
    ASSERT_GT(p.w, 100) << p.variant;
    ASSERT_GT(p.h, 100) << p.variant;
    ASSERT_LE(p.x + p.w, image.width) << p.variant;
    ASSERT_LE(p.y + p.h, image.height) << p.variant;
  }
  for (std::size_t a = 0; a < panes.size(); ++a) {
    for (std::size_t b = a + 1; b < panes.size(); ++b) {
      EXPECT_GT(canvas_difference(image, panes[a], panes[b]), 0.01)
          << panes[a].variant << " and " << panes[b].variant << " look the same";
    }
  }
}

void expect_one_error_line(const std::string& arguments, const std::string& naming) {
  Outcome o = run(kBinary + " " + arguments + " --screenshot " + kTmp + "/compare_bad.png");
  EXPECT_EQ(o.status, 2) << arguments << ": " << o.output;
  EXPECT_EQ(o.output.rfind("stridescope: error: ", 0), 0u) << o.output;
  EXPECT_EQ(std::count(o.output.begin(), o.output.end(), '\n'), 1) << o.output;
  EXPECT_NE(o.output.find(naming), std::string::npos) << o.output;
}

TEST(Compare, BadListsAreOneErrorLine) {
  expect_one_error_line("--compare sequential", "2 to 4");
  expect_one_error_line("--compare sequential,max,min,first-add,tuned", "2 to 4");
  expect_one_error_line("--compare sequential,no-such-kernel", "no-such-kernel");
  // complete-unroll takes 64 to 1024 threads; sequential runs at 16.
  expect_one_error_line("--compare sequential,complete-unroll --block 16", "complete-unroll");
  expect_one_error_line("--compare sequential,sequential --trace x.json", "--trace");
}

}  // namespace
