// `stridescope run FILE.cu --launch 'NAME<<<GRID,BLOCK>>>(param=INIT, ...)'` as a user types it:
// the result it prints, and one `stridescope: error: ...` line with status 2 for each mistake.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>

#include "program/own_program.h"
#include "run_command.h"

namespace stridescope {
namespace {

using test_support::Outcome;

const std::string kBinary = STRIDESCOPE_BINARY;
const std::string kExample =
    std::string(STRIDESCOPE_SOURCE_DIR) + "/examples/reduce_kernel_only.cu";

using stridescope::test_support::have_clang_tools;

void expect_one_error_line(const std::string& arguments, const std::string& expected) {
  const Outcome o = test_support::run(kBinary + " " + arguments);
  EXPECT_EQ(o.status, 2) << arguments << " -> " << o.output;
  EXPECT_EQ(o.output.rfind("stridescope: error: ", 0), 0u) << arguments << " -> " << o.output;
  EXPECT_EQ(std::count(o.output.begin(), o.output.end(), '\n'), 1)
      << arguments << " -> " << o.output;
  EXPECT_NE(o.output.find(expected), std::string::npos) << arguments << " -> " << o.output;
}

std::string run_example(const std::string& spec) {
  return "run " + kExample + " --launch '" + spec + "'";
}

TEST(CliLaunch, AKernelOnlyFileRunsWithALaunchAndPrintsItsArrays) {
  if (!have_clang_tools()) GTEST_SKIP() << "clang++-14 / llvm-symbolizer-14 not installed";
  const Outcome o =
      test_support::run(kBinary + " " +
                        run_example("reduce<<<2,8>>>(in=values(3,1,4,1,5,9,2,6,5,3), out=zeros(2), "
                                    "n=10)"));
  EXPECT_EQ(o.status, 0) << o.output;
  EXPECT_EQ(o.output,
            "in = [3, 1, 4, 1, 5, 9, 2, 6, 5, 3]\n"
            "out = [31, 8]\n"
            "traced 5 steps of block 0 of launch 0, 30 shared accesses, block result 31\n"
            // The buffers are the kernel's pointer parameters, by name and element type.
            "global memory of block 0 (cudaMalloc buffers):\n"
            "  in: read 8 of its 10 ints ([0..7]) in 8 loads, 32 B\n"
            "  out: wrote 1 of its 2 ints ([0]) in 1 store, 4 B\n");
}

// --schedules builds the spec'd program once and runs it under random thread orders.
TEST(CliLaunch, ASpecdLaunchRunsUnderRandomSchedules) {
  if (!have_clang_tools()) GTEST_SKIP() << "clang++-14 / llvm-symbolizer-14 not installed";
  const Outcome o = test_support::run(
      kBinary + " " + run_example("reduce<<<2,64>>>(in=ones(128), out=zeros(2), n=128)") +
      " --schedules 2");
  EXPECT_EQ(o.status, 0) << o.output;
  EXPECT_NE(o.output.find("out = [64, 64]\nschedules: 2 random thread orders (seeds 1-2) against "
                          "warps in lockstep (above): 0 runs printed something else\n"),
            std::string::npos)
      << o.output;
}

// Mistakes in the spec's text are found before anything is compiled.
TEST(CliLaunch, AMalformedSpecIsOneErrorLine) {
  expect_one_error_line(run_example("reduce<<<4>>>(n=1)"),
                        "--launch: expected `,` after the grid (write NAME<<<GRID,BLOCK>>>)");
  expect_one_error_line(run_example("reduce<<<1,256>>>(in=iota(x))"),
                        "the element count n of iota(...) of in must be a whole number");
  expect_one_error_line(run_example("reduce<<<1,256>>>(in=linspace(4))"),
                        "unknown INIT 'linspace' for in");
  expect_one_error_line(run_example("reduce<<<1,256>>>(in=iota(99999999))"),
                        "from 1 to 67,108,864");
  expect_one_error_line(run_example("reduce<<<20000000,256>>>()"),
                        "the grid has 20,000,000 blocks; at most 16,777,216");
  expect_one_error_line(run_example("reduce<<<1,4096>>>()"), "CUDA allows 1 to 1,024 threads");
  expect_one_error_line("run " + kExample + " --launch 1x", "--launch 1x");
}

// Mistakes only the file can show: libclang's view of its kernels and its main().
TEST(CliLaunch, ASpecThatDoesNotFitTheFileIsOneErrorLine) {
  if (!have_clang_tools()) GTEST_SKIP() << "clang++-14 / llvm-symbolizer-14 not installed";
  expect_one_error_line("run " + kExample,
                        "reduce_kernel_only.cu has no main(): give a launch, e.g. --launch "
                        "'reduce<<<1,256>>>(in=iota(256), out=zeros(256), n=256)' (its kernels: "
                        "reduce(const int *in, int *out, int n))");
  expect_one_error_line("run " + std::string(STRIDESCOPE_SOURCE_DIR) +
                            "/examples/sum4.cu --launch 'sum<<<1,4>>>(in=iota(4), out=zeros(1))'",
                        "sum4.cu has a main(), which makes its own launches");
  expect_one_error_line(run_example("sum<<<1,4>>>()"),
                        "the file has no kernel named 'sum'; its kernels: reduce");
  expect_one_error_line(run_example("reduce<<<1,4>>>(in=iota(4), out=zeros(1))"),
                        "parameter 'n' (int) of reduce is not given");
  expect_one_error_line(run_example("reduce<<<1,4>>>(in=iota(4), out=zeros(1), n=4, m=1)"),
                        "reduce has no parameter 'm'; its parameters: in, out, n");
  expect_one_error_line(run_example("reduce<<<1,4>>>(in=iota(4), in=ones(4), out=zeros(1), n=4)"),
                        "parameter 'in' is given twice");
  expect_one_error_line(run_example("reduce<<<1,4>>>(in=4, out=zeros(1), n=4)"),
                        "in (const int *) is a pointer: give its elements");
  expect_one_error_line(run_example("reduce<<<1,4>>>(in=iota(4), out=zeros(1), n=2.5)"),
                        "2.5 is not a whole number");
}

}  // namespace
}  // namespace stridescope
