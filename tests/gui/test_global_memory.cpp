// The Step facts panel's global memory section: a program's trace shows what the traced block read
// and wrote per cudaMalloc buffer (the capture prints the lines it drew, and the panel's pixels
// differ from the same trace without the field); a trace without it shows nothing new.
#include <gtest/gtest.h>

#include <stb_image.h>

#include <cstdio>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "../run_command.h"

namespace {

using stridescope::test_support::Outcome;
using stridescope::test_support::run;

const std::string kTmp = STRIDESCOPE_TEST_TMP;
const std::string kBinary = STRIDESCOPE_BINARY;
const std::string kMatmul = std::string(STRIDESCOPE_SOURCE_DIR) + "/examples/matmul.cu";

using stridescope::test_support::have_clang_tools;

Outcome capture(const std::string& trace, const std::string& png, const std::string& extra) {
  std::remove(png.c_str());
  return run("STRIDESCOPE_REPORT_WINDOWS=1 xvfb-run -a -s '-screen 0 1920x1080x24' " + kBinary +
             " --open " + trace + " --step 0 " + extra + " --screenshot " + png);
}

struct Rect {
  int x = 0, y = 0, w = 0, h = 0;
};

// The `window "Step facts" x y w h ...` line of STRIDESCOPE_REPORT_WINDOWS.
Rect facts_window(const std::string& output) {
  std::istringstream in(output);
  Rect r;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("window \"Step facts\"", 0) != 0) continue;
    std::istringstream numbers(line.substr(19));
    float x, y, w, h;
    numbers >> x >> y >> w >> h;
    r = {int(x), int(y), int(w), int(h)};
  }
  return r;
}

struct Differences {
  long text = 0;     // in the left half of `r`, where text starts (the scroll bar is at the right)
  long outside = 0;  // elsewhere
};

// Pixels that differ between two screenshots of one size.
Differences differing_pixels(const std::string& a, const std::string& b, Rect r) {
  int w = 0, h = 0, wb = 0, hb = 0, c = 0;
  unsigned char* x = stbi_load(a.c_str(), &w, &h, &c, 3);
  unsigned char* y = stbi_load(b.c_str(), &wb, &hb, &c, 3);
  Differences d{-1, -1};
  if (x && y && w == wb && h == hb) {
    d = {};
    for (int py = 0; py < h; ++py)
      for (int px = 0; px < w; ++px) {
        const long i = (long(py) * w + px) * 3;
        if (x[i] == y[i] && x[i + 1] == y[i + 1] && x[i + 2] == y[i + 2]) continue;
        const bool inside = px >= r.x && px < r.x + r.w && py >= r.y && py < r.y + r.h;
        if (!inside) ++d.outside;
        if (inside && px < r.x + r.w / 2) ++d.text;
      }
  }
  stbi_image_free(x);
  stbi_image_free(y);
  return d;
}

TEST(GuiGlobalMemory, TheFactsPanelShowsWhatTheTiledBlockReadAndWrote) {
  if (!have_clang_tools()) GTEST_SKIP() << "clang++-14 / llvm-symbolizer-14 not installed";
  const std::string with = kTmp + "/gui_global.json", without = kTmp + "/gui_no_global.json";
  Outcome traced = run(kBinary + " run " + kMatmul + " --launch 3 --out " + with);
  ASSERT_EQ(traced.status, 0) << traced.output;
  nlohmann::json j = nlohmann::json::parse(std::ifstream(with));
  ASSERT_TRUE(j.contains("global_memory"));
  j.erase("global_memory");  // the same trace as one written before the field
  std::ofstream(without) << j.dump();
  for (const char* size : {"--size 1920x1080", "--size 1280x720 --font-scale 2 --presenter"}) {
    SCOPED_TRACE(size);
    const std::string a = kTmp + "/gui_global.png", b = kTmp + "/gui_no_global.png";
    Outcome shown = capture(with, a, size);
    ASSERT_EQ(shown.status, 0) << shown.output;
    EXPECT_NE(shown.output.find("Global memory: read dA (16 runs of 16, 48 apart: [0..15], "
                                "[48..63], ..., [720..735]), dB (16 runs of 16, 32 apart"),
              std::string::npos)
        << shown.output;
    EXPECT_NE(shown.output.find("Global memory of block 0 over the launch (cudaMalloc buffers):\n"
                                "dA: read 768 of its 1536 floats ([0..767]) in 768 loads, 3 KiB"),
              std::string::npos)
        << shown.output;
    Outcome plain = capture(without, b, size);
    ASSERT_EQ(plain.status, 0) << plain.output;
    EXPECT_EQ(plain.output.find("Global memory"), std::string::npos) << plain.output;
    const Rect facts = facts_window(shown.output);
    ASSERT_GT(facts.w, 0) << shown.output;
    const Differences d = differing_pixels(a, b, facts);
    EXPECT_GT(d.text, 500) << "the section's text is drawn in the Step facts window";
    EXPECT_EQ(d.outside, 0) << "nothing else changes";
  }
}

}  // namespace
