// tests/clang_skips_fail.cpp at work: this test program run again with a PATH that holds no clang,
// on a test that needs clang: it skips, and with STRIDESCOPE_REQUIRE_CLANG=1 (as scripts/test.sh
// sets after the README's install) it fails and says why.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "run_command.h"

namespace stridescope {
namespace {

using test_support::Outcome;
using test_support::run;

const std::string kTmp = STRIDESCOPE_TEST_TMP;

TEST(ClangSkips, ATestThatSkipsForWantOfClangFailsWhereTheInstallPutIt) {
  const std::string self = std::filesystem::read_symlink("/proc/self/exe").string();
  const std::string empty = kTmp + "/no_tools_here";
  std::filesystem::create_directories(empty);
  const std::string command =
      "PATH=" + empty + " " + self + " --gtest_filter=ProgramWords.ATransposeGetsNoReductionWords";
  Outcome skipped = run("env -u STRIDESCOPE_REQUIRE_CLANG " + command);
  EXPECT_EQ(skipped.status, 0) << skipped.output;
  EXPECT_NE(skipped.output.find("[  SKIPPED ] ProgramWords.ATransposeGetsNoReductionWords"),
            std::string::npos)
      << skipped.output;
  Outcome failed = run("env STRIDESCOPE_REQUIRE_CLANG=1 " + command);
  EXPECT_NE(failed.status, 0) << failed.output;
  EXPECT_NE(failed.output.find("skipped for want of clang++-14, but STRIDESCOPE_REQUIRE_CLANG=1"),
            std::string::npos)
      << failed.output;
  EXPECT_NE(failed.output.find("[  FAILED  ] ProgramWords.ATransposeGetsNoReductionWords"),
            std::string::npos)
      << "the failure is the skipped test's\n"
      << failed.output;
}

}  // namespace
}  // namespace stridescope
