// The Run panel for an own program (--open FILE.cu with --launch, --traced-block, --schedule): the
// real app under xvfb-run traces the launch asked for, and its Run panel shows the program (name,
// launch, block, schedule), not the catalog's settings.
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <map>
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

// The app at 1280x720, text size 2, reporting its windows and its Run panel's controls.
Outcome run_app(const std::string& arguments, const std::string& png,
                const std::string& environment = "") {
  return run(environment +
             " STRIDESCOPE_REPORT_WINDOWS=1 xvfb-run -a -s '-screen 0 1920x1080x24' " + kBinary +
             " " + arguments + " --size 1280x720 --font-scale 2 --screenshot " + png);
}

// "N" from the CLI's "traced N steps of block B of launch K, ...".
std::string cli_steps(const std::string& arguments) {
  Outcome cli = run(kBinary + " run " + arguments);
  EXPECT_EQ(cli.status, 0) << cli.output;
  std::size_t at = cli.output.find("traced ");
  if (at == std::string::npos) return "?";
  return cli.output.substr(at + 7, cli.output.find(' ', at + 7) - at - 7);
}

TEST(GuiProgramPanel, MatmulLaunch3IsTracedAndThePanelShowsTheProgramNotTheCatalog) {
  if (!have_clang_tools()) GTEST_SKIP() << "clang++-14 / llvm-symbolizer-14 not installed";
  const std::string tiles = cli_steps(kMatmul + " --launch 3");
  ASSERT_NE(tiles, cli_steps(kMatmul + " --launch 2"));  // the step count tells the launches apart
  Outcome o = run_app("--open " + kMatmul + " --launch 3", kTmp + "/program_panel_matmul.png");
  EXPECT_EQ(o.status, 0) << o.output;
  EXPECT_NE(o.output.find("program: traced matmul.cu: " + tiles +
                          " steps of block 0 (0,0) of launch 3: matmul_tiled<<<(2,2),(16,16)>>>\n"),
            std::string::npos)
      << o.output;
  EXPECT_NE(o.output.find("run panel: program matmul.cu, launch 3: matmul_tiled<<<(2,2),"
                          "(16,16)>>>, block 0, schedule warps\n"),
            std::string::npos)
      << o.output;
  EXPECT_EQ(o.output.find("run panel: catalog"), std::string::npos) << o.output;
}

TEST(GuiProgramPanel, TheTracedBlockAndScheduleComeFromTheCommandLine) {
  if (!have_clang_tools()) GTEST_SKIP() << "clang++-14 / llvm-symbolizer-14 not installed";
  Outcome o =
      run_app("--open " + kMatmul + " --launch 3 --traced-block 3 --schedule random --seed 7",
              kTmp + "/program_panel_block3.png");
  EXPECT_EQ(o.status, 0) << o.output;
  EXPECT_NE(o.output.find(" steps of block 3 (1,1) of launch 3: matmul_tiled<<<(2,2),(16,16)>>>, "
                          "schedule random (seed 7)\n"),
            std::string::npos)
      << o.output;
  EXPECT_NE(o.output.find(", block 3, schedule random\n"), std::string::npos) << o.output;
}

// A block the launch does not have is the command line's mistake: a capture stops with it, as
// `stridescope run` does (exit 2, one error line, no picture); the window shows it and carries on.
TEST(GuiProgramPanel, ABlockOutsideTheLaunchStopsACaptureAsRunStops) {
  if (!have_clang_tools()) GTEST_SKIP() << "clang++-14 / llvm-symbolizer-14 not installed";
  const std::string png = kTmp + "/program_panel_bad_block.png";
  std::remove(png.c_str());
  Outcome o = run_app("--open " + kMatmul + " --launch 3 --traced-block 4", png);
  EXPECT_EQ(o.status, 2) << o.output;
  EXPECT_NE(o.output.find("stridescope: error: launch 3 has 4 blocks (0-3): there is no block 4 to "
                          "trace\n"),
            std::string::npos)
      << o.output;
  EXPECT_FALSE(std::filesystem::exists(png));
}

// Rectangles (x, y, w, h) and vertical scroll of the windows STRIDESCOPE_REPORT_WINDOWS lists.
std::map<std::string, std::array<float, 5>> window_rects(const std::string& output) {
  std::map<std::string, std::array<float, 5>> out;
  std::istringstream in(output);
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("window \"", 0) != 0) continue;
    std::size_t close = line.find('"', 8);
    std::array<float, 5> r{};
    float scroll_x = 0;
    std::istringstream(line.substr(close + 1)) >> r[0] >> r[1] >> r[2] >> r[3] >> scroll_x >> r[4];
    out[line.substr(8, close - 8)] = r;
  }
  return out;
}

// At 1280x720, text size 2 (the compact view), the Run panel gets room for the launch and the
// block above the Source panel, no window covers another, and the timeline and canvas are whole.
TEST(GuiProgramPanel, TheProgramsControlsFit1280x720AtTextSize2) {
  if (!have_clang_tools()) GTEST_SKIP() << "clang++-14 / llvm-symbolizer-14 not installed";
  for (const char* view : {"", " --presenter"}) {
    SCOPED_TRACE(view);
    Outcome o = run_app("--open " + kMatmul + " --launch 3 --step 2" + view,
                        kTmp + "/program_panel_fit.png");
    ASSERT_EQ(o.status, 0) << o.output;
    auto shown = window_rects(o.output);
    EXPECT_EQ(shown.count("Run"), *view ? 0u : 1u) << o.output;  // the presenter view hides it
    if (!*view) {  // the compact column opens the Run panel with a click on its title
      const std::array<float, 5> title = shown["Run"];
      o = run_app("--open " + kMatmul + " --launch 3 --step 2", kTmp + "/program_panel_fit.png",
                  "STRIDESCOPE_TEST_CLICK=" + std::to_string(int(title[0] + 30)) + "," +
                      std::to_string(int(title[1] + title[3] / 2)) + "@3");
      ASSERT_EQ(o.status, 0) << o.output;
      shown = window_rects(o.output);
      EXPECT_GE(shown["Run"][3], 44 + 2 * 44) << "title, launch and block lines\n" << o.output;
    }
    for (const auto& [a, ra] : shown) {
      EXPECT_LE(ra[0] + ra[2], 1280) << a;
      EXPECT_LE(ra[1] + ra[3], 720) << a;
      for (const auto& [b, rb] : shown) {
        if (a >= b) continue;
        const bool apart = ra[0] + ra[2] <= rb[0] + 1 || rb[0] + rb[2] <= ra[0] + 1 ||
                           ra[1] + ra[3] <= rb[1] + 1 || rb[1] + rb[3] <= ra[1] + 1;
        EXPECT_TRUE(apart) << a << " covers " << b << "\n" << o.output;
      }
    }
    EXPECT_EQ(shown["Timeline"][4], 0) << "the timeline's buttons are cut off";
    EXPECT_EQ(shown["View"][4], 0) << "the canvas or its legend is cut off";
  }
}

TEST(GuiProgramPanel, WithoutAProgramThePanelShowsTheCatalog) {
  Outcome o = run_app("--variant sequential --block 16", kTmp + "/program_panel_catalog.png");
  EXPECT_EQ(o.status, 0) << o.output;
  EXPECT_NE(o.output.find("run panel: catalog: variant sequential, block 16, n 16\n"),
            std::string::npos)
      << o.output;
  EXPECT_EQ(o.output.find("run panel: program"), std::string::npos) << o.output;
}

}  // namespace
