// Ctrl+O over a traced program while the pointer arrives on a cell: the file browser opens in the
// same frame as the cell's tooltip. Begun inside the Run panel, the modal met that tooltip in its
// first frame and ImGui aborted ("imgui.cpp:6298: ImGui::Begin: Assertion 'blocking_modal !=
// NULL' failed"); begun after every window, it opens. The real app under xvfb-run, driven by
// STRIDESCOPE_TEST_KEYS and STRIDESCOPE_TEST_POINTER at one frame.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <string>

#include "../run_command.h"

namespace {

using stridescope::test_support::have_clang_tools;
using stridescope::test_support::Outcome;
using stridescope::test_support::run;

const std::string kTmp = STRIDESCOPE_TEST_TMP;
const std::string kBinary = STRIDESCOPE_BINARY;
const std::string kSum4 = std::string(STRIDESCOPE_SOURCE_DIR) + "/examples/sum4.cu";

TEST(GuiOpenOverAProgram, CtrlOAsThePointerReachesACellOpensTheBrowserAndTheAppLives) {
  if (!have_clang_tools()) GTEST_SKIP() << "clang++-14 / llvm-symbolizer-14 not installed";
  // The first program, traced as the window traces it (saved: the window opens it at once, so
  // the frames below are the same every run).
  const std::string trace = kTmp + "/open_over_sum4.json";
  ASSERT_EQ(run(kBinary + " run " + kSum4 + " --out " + trace).status, 0);
  const std::string window = "xvfb-run -a -s '-screen 0 1280x720x24' sh -c '";
  const std::string app = kBinary + " --open " + trace + " --size 1280x720";
  Outcome placed = run("STRIDESCOPE_REPORT_WINDOWS=1 " + window + app + " --screenshot " + kTmp +
                       "/open_over_sum4.png'");
  int x = 0, y = 0;
  std::size_t at = placed.output.find("canvas word 0 ");
  ASSERT_NE(at, std::string::npos) << placed.output;
  ASSERT_EQ(std::sscanf(placed.output.c_str() + at, "canvas word 0 %d %d", &x, &y), 2);
  // Frame 4: the pointer lands on word 0 (its tooltip appears) and Ctrl+O opens the browser.
  const std::string at4 = "@4";
  Outcome o = run(window + "XDG_CONFIG_HOME=" + kTmp +
                  "/open_over_config STRIDESCOPE_REPORT_WINDOWS=1 STRIDESCOPE_TEST_KEYS=Ctrl+O" +
                  at4 + " STRIDESCOPE_TEST_POINTER=" + std::to_string(x) + "," + std::to_string(y) +
                  at4 + " timeout --preserve-status -s INT 5 " + app + "; echo exit $?'");
  EXPECT_EQ(o.output.find("Assertion"), std::string::npos) << o.output;
  EXPECT_NE(o.output.find("popup open\n"), std::string::npos) << o.output;  // the browser
  EXPECT_NE(o.output.find("exit 0\n"), std::string::npos) << o.output;
}

}  // namespace
