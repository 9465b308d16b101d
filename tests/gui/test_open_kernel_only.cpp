// A file of kernels without main() in the window (--open): it runs the `--launch '...'` written in
// its comments (examples/reduce_kernel_only.cu), and without one it shows the no-main() message.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "../run_command.h"

namespace {

using stridescope::test_support::Outcome;
using stridescope::test_support::run;

const std::string kTmp = STRIDESCOPE_TEST_TMP;
const std::string kBinary = STRIDESCOPE_BINARY;

using stridescope::test_support::have_clang_tools;

Outcome run_app(const std::string& arguments) {
  return run("xvfb-run -a -s '-screen 0 1920x1080x24' " + kBinary + " " + arguments);
}

TEST(GuiOpenKernelOnly, TheLaunchInTheFilesCommentIsRunAndTraced) {
  if (!have_clang_tools()) GTEST_SKIP() << "clang++-14 / llvm-symbolizer-14 not installed";
  const std::string png = kTmp + "/gui_kernel_only.png";
  std::remove(png.c_str());
  const Outcome o = run_app("--open " + std::string(STRIDESCOPE_SOURCE_DIR) +
                            "/examples/reduce_kernel_only.cu --step 3 --size 1280x720 "
                            "--screenshot " +
                            png);
  EXPECT_EQ(o.status, 0) << o.output;
  // 4 blocks of 256 from the comment's launch: the load, strides 128 .. 1, exit.
  EXPECT_NE(o.output.find("program: traced reduce_kernel_only.cu: 10 steps"), std::string::npos)
      << o.output;
  EXPECT_TRUE(std::filesystem::exists(png));
}

TEST(GuiOpenKernelOnly, WithoutALaunchTheWindowSaysHowToGiveOne) {
  if (!have_clang_tools()) GTEST_SKIP() << "clang++-14 / llvm-symbolizer-14 not installed";
  const std::string file = kTmp + "/gui_scale_only.cu", png = kTmp + "/gui_scale_only.png";
  std::ofstream(file) << "__global__ void scale(float* x, float a) { x[threadIdx.x] *= a; }\n";
  const Outcome o = run_app("--open " + file + " --size 1280x720 --screenshot " + png);
  EXPECT_EQ(o.status, 0) << o.output;  // the app carries on with the catalog's trace
  EXPECT_NE(o.output.find("program: " + file +
                          " has no main(): give a launch, e.g. --launch "
                          "'scale<<<1,256>>>(x=zeros(256), a=256)' (its kernels: scale(float *x, "
                          "float a)); the window runs the --launch '...' written in a // comment "
                          "of the file"),
            std::string::npos)
      << o.output;
}

}  // namespace
