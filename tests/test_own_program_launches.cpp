// A program's launch list in its trace (`stridescope run`): every launch's kernel name, grid and
// block, which one was traced; and a traced block outside the launch's grid is one error line.
// Needs clang++-14 and llvm-symbolizer-14; skips visibly where clang is absent.
#include <gtest/gtest.h>

#include <sstream>

#include "cli/run_command.h"
#include "program/own_program.h"
#include "program/process/child_process.h"
#include "run_command.h"

namespace stridescope {
namespace {

const std::string kExamples = std::string(STRIDESCOPE_SOURCE_DIR) + "/examples/";

using stridescope::test_support::have_clang_tools;

TEST(OwnProgramLaunches, TheTraceListsEveryLaunchWithItsKernelAndShape) {
  if (!have_clang_tools()) GTEST_SKIP() << "clang++-14 / llvm-symbolizer-14 not installed";
  OwnRunOptions options;
  options.file = kExamples + "matmul.cu";
  options.launch = 3;
  options.traced_block = 2;
  const OwnRunResult r = run_own_program(options);
  ASSERT_TRUE(r.traced) << r.failure << r.errors;
  const std::vector<ProgramLaunch> expected = {
      {"matmul_element", {8, 1, 1}, {128, 1, 1}},  // (32 * 32 + 127) / 128 blocks
      {"matmul_row", {32, 1, 1}, {16, 1, 1}},
      {"matmul_row_shared", {32, 1, 1}, {16, 1, 1}},
      {"matmul_tiled", {2, 2, 1}, {16, 16, 1}}};
  EXPECT_EQ(r.trace.launches, expected);
  EXPECT_EQ(r.trace.traced_launch, 3u);
  ASSERT_EQ(r.trace.blocks.size(), 1u);
  EXPECT_EQ(r.trace.blocks[0].block, 2u);
  EXPECT_EQ(r.trace.run.block_size, 256u);
}

TEST(OwnProgramLaunches, ATracedBlockOutsideTheGridIsOneErrorLine) {
  if (!have_clang_tools()) GTEST_SKIP() << "clang++-14 / llvm-symbolizer-14 not installed";
  OwnRunOptions options;
  options.file = kExamples + "matmul.cu";
  options.launch = 3;
  options.traced_block = 4;
  std::ostringstream out, err;
  EXPECT_EQ(command_run(options, "", false, out, err), 2);
  EXPECT_EQ(err.str(),
            "stridescope: error: launch 3 has 4 blocks (0-3): there is no block 4 to trace; no "
            "trace written\n");
  options.launch = 9;  // matmul.cu launches 4 kernels
  options.traced_block = 0;
  std::ostringstream out2, err2;
  EXPECT_EQ(command_run(options, "", false, out2, err2), 2);
  EXPECT_EQ(err2.str(), "stridescope: error: the program made no launch 9 (nothing traced)\n");
}

}  // namespace
}  // namespace stridescope
