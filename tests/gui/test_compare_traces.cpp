// Two traces of one program side by side (--compare-traces): the real app under xvfb-run opens
// them step-locked at their first difference and says where it is; bad input is one error line.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <string>

#include "../run_command.h"

namespace {

using stridescope::test_support::have_clang_tools;
using stridescope::test_support::Outcome;
using stridescope::test_support::run;

const std::string kTmp = STRIDESCOPE_TEST_TMP;
const std::string kBinary = STRIDESCOPE_BINARY;
const std::string kSum4 = std::string(STRIDESCOPE_SOURCE_DIR) + "/examples/sum4.cu";

TEST(GuiCompareTraces, TwoTracesOpenSideBySideAtTheirFirstDifference) {
  if (!have_clang_tools()) GTEST_SKIP() << "clang++-14 / llvm-symbolizer-14 not installed";
  // The book's four values, and the same program with in[3] changed: step 0 already differs.
  const std::string a = kTmp + "/compare_a.json", b = kTmp + "/compare_b.json";
  const std::string changed = kTmp + "/compare_sum4.cu";
  std::ifstream in(kSum4);
  std::string source((std::istreambuf_iterator<char>(in)), {});
  const std::size_t at = source.find("{3, 1, 4, 2}");
  ASSERT_NE(at, std::string::npos) << "examples/sum4.cu's input changed";
  source.replace(at, 12, "{3, 1, 4, 7}");
  std::ofstream(changed) << source;
  ASSERT_EQ(run(kBinary + " run " + kSum4 + " --out " + a).status, 0);
  ASSERT_EQ(run(kBinary + " run " + changed + " --out " + b).status, 0);
  const std::string png = kTmp + "/compare_traces.png";
  std::remove(png.c_str());
  const Outcome o = run("xvfb-run -a -s '-screen 0 1280x720x24' " + kBinary + " --compare-traces " +
                        a + "," + b + " --size 1280x720 --screenshot " + png);
  EXPECT_EQ(o.status, 0) << o.output;
  EXPECT_NE(o.output.find("compare: differ: step 0 of block 0"), std::string::npos) << o.output;
  EXPECT_NE(o.output.find("is 2 in compare_a.json (emulator) and 7 in compare_b.json (emulator)"),
            std::string::npos)
      << o.output;
  EXPECT_NE(o.output.find("(1280x720, step 0)"), std::string::npos) << o.output;
}

TEST(GuiCompareTraces, BadInputIsOneErrorLine) {
  Outcome o = run(kBinary + " --compare-traces only-one.json --screenshot /dev/null");
  EXPECT_EQ(o.status, 2);
  EXPECT_EQ(o.output, "stridescope: error: --compare-traces: no such file: only-one.json\n");
}

}  // namespace
