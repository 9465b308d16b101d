// What a GPU prints, printed by `stridescope run`: the programs of tests/own_programs/ (written as
// textbooks write CUDA) print exactly tests/own_programs/expected/NAME.txt, which is what nvcc and
// an H100 printed for them (scripts/gpu-check.sh builds and runs them natively). And the semantics
// behind it: warp-synchronous code, atomics that are not races, by-value arguments copied bitwise,
// asserts, removed shuffles, headers beside the file and through -I, faults named with their line
// and thread. Needs clang++-14, libclang and llvm-symbolizer-14.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "model/trace_model.h"
#include "program/own_program.h"
#include "program/read/file_options.h"
#include "run_command.h"

namespace stridescope {
namespace {

namespace fs = std::filesystem;
using stridescope::test_support::have_clang_tools;
#define SKIP_WITHOUT_TOOLS() \
  if (!have_clang_tools()) GTEST_SKIP() << "clang++-14 / llvm-symbolizer-14 not installed"

const fs::path kPrograms = fs::path(STRIDESCOPE_SOURCE_DIR) / "tests" / "own_programs";

std::string expected(const std::string& name) {
  std::ifstream in(kPrograms / "expected" / (name + ".txt"));
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

OwnRunResult run(const std::string& name, std::uint32_t launch = 0,
                 ThreadSchedule schedule = ThreadSchedule::Warps) {
  OwnRunOptions options;
  options.file = (kPrograms / (name + ".cu")).string();
  options.launch = launch;
  options.schedule = schedule;
  return run_own_program(options);
}

TEST(OwnSemantics, VolatileWarpTailsOnSharedAndGlobalMemoryGiveTheGpusSums) {
  SKIP_WITHOUT_TOOLS();
  const OwnRunResult r = run("warp_sync_tails");
  EXPECT_EQ(r.output, expected("warp_sync_tails")) << r.errors << r.failure;
  // Thread after thread, lane 0 adds before the others wrote: not what a GPU prints.
  const OwnRunResult threads = run("warp_sync_tails", 0, ThreadSchedule::Threads);
  EXPECT_NE(threads.output, expected("warp_sync_tails"));
  // The lab still names the reliance on implicit warp synchrony.
  ASSERT_TRUE(r.traced) << r.failure;
  EXPECT_GT(TraceModel(r.trace).lab().hazards, 0u);
}

// A 32 x 32 tile read down its columns: 31 extra wavefronts for each of a warp's 4 loads, 8 warps;
// padded to 33 columns, none (scripts/gpu-check.sh compares these with Nsight Compute's counts).
TEST(OwnSemantics, ATransposesTileConflictsOnItsColumnReadsUnlessPadded) {
  SKIP_WITHOUT_TOOLS();
  OwnRunResult r = run("transpose_tiles", 0);
  EXPECT_EQ(r.output, expected("transpose_tiles")) << r.errors << r.failure;
  ASSERT_TRUE(r.traced) << r.failure;
  EXPECT_EQ(TraceModel(r.trace).conflict_totals(0).loads, 31u * 4 * 8);
  EXPECT_EQ(TraceModel(r.trace).conflict_totals(0).stores, 0u);
  r = run("transpose_tiles", 1);
  ASSERT_TRUE(r.traced) << r.failure;
  EXPECT_EQ(TraceModel(r.trace).conflict_totals(0).loads, 0u);
  EXPECT_EQ(TraceModel(r.trace).conflict_totals(0).stores, 0u);
}

// Unsigned words past INT_MAX: the program prints what an H200 prints (expected/), and the trace
// reads the 4-byte ones as unsigned, in the snapshots and the block's result; the 8-byte ones stay
// two words of bits each (exact: a GPU's trace of them is equal, scripts/gpu-trace-check.sh).
TEST(OwnSemantics, UnsignedWordsPastIntMaxAreTracedAsUnsigned) {
  SKIP_WITHOUT_TOOLS();
  const OwnRunResult r = run("unsigned_words");
  EXPECT_EQ(r.output, expected("unsigned_words")) << r.errors << r.failure;
  ASSERT_TRUE(r.traced) << r.failure;
  ASSERT_EQ(r.trace.arrays.size(), 2u);
  EXPECT_TRUE(r.trace.arrays[0].is_unsigned);
  EXPECT_EQ(r.trace.arrays[1], (SharedArray{"w", 64, {128}, ElementType::Int}));  // bits: the note
  const std::vector<double>& first = r.trace.blocks.at(0).steps.at(0).snapshot;
  EXPECT_EQ(first.at(0), 2654435761.0);                      // h[0], past INT_MAX
  EXPECT_EQ(first.at(2), 3.0 * 2654435761u - 4294967296.0);  // h[2]: (3 * 2654435761) mod 2^32
  EXPECT_EQ(r.trace.blocks.at(0).partial, 4260046087.0);     // the largest hash
}

TEST(OwnSemantics, EveryAtomicOnSharedAndGlobalMemoryIsAtomicAndNoRace) {
  SKIP_WITHOUT_TOOLS();
  const OwnRunResult r = run("atomics_all", 1);
  EXPECT_EQ(r.output, expected("atomics_all")) << r.errors << r.failure;
  ASSERT_TRUE(r.traced) << r.failure;
  std::size_t atomics = 0;
  for (const Step& step : r.trace.blocks.at(0).steps)
    for (const Access& a : step.accesses) atomics += a.kind == AccessKind::Atomic;
  EXPECT_EQ(atomics, 256u * 3);  // bins, the mask and the float total: one access each
  EXPECT_EQ(TraceModel(r.trace).lab().hazards, 0u);
}

// Where a warp's lanes take different paths, its printf lines come out in the order of the paths in
// the code (then before else, a loop's iterations before the line after it, a lambda's line where
// the kernel calls it), whichever lane ran first: the lines an H200 printed.
TEST(OwnSemantics, AWarpsPrintfLinesFollowItsPathsThroughTheCode) {
  SKIP_WITHOUT_TOOLS();
  const OwnRunResult r = run("printf_paths");
  EXPECT_EQ(r.output, expected("printf_paths")) << r.errors << r.failure;
}

TEST(OwnSemantics, VotesMatchesReductionsAndShufflesOfEveryKind) {
  SKIP_WITHOUT_TOOLS();
  const OwnRunResult r = run("warp_votes");
  EXPECT_EQ(r.output, expected("warp_votes")) << r.errors << r.failure;
}

TEST(OwnSemantics, CooperativeGroupsTilesReduceScanAndCoalescedGroups) {
  SKIP_WITHOUT_TOOLS();
  const OwnRunResult r = run("coop_groups");
  EXPECT_EQ(r.output, expected("coop_groups")) << r.errors << r.failure;
}

TEST(OwnSemantics, StreamsEventsMemoryKindsSymbolsIntrinsicsAndKernelPrintf) {
  SKIP_WITHOUT_TOOLS();
  const OwnRunResult r = run("runtime_features");
  EXPECT_EQ(r.output, expected("runtime_features")) << r.errors << r.failure;
}

TEST(OwnSemantics, AFailedAssertInAKernelPrintsCudasMessageAndTheErrorSticks) {
  SKIP_WITHOUT_TOOLS();
  const OwnRunResult r = run("kernel_assert");
  EXPECT_EQ(r.output, expected("kernel_assert")) << r.errors << r.failure;
  EXPECT_EQ(r.exit_code, 0);
  for (int thread = 28; thread < 32; ++thread)
    EXPECT_NE(r.errors.find("kernel_assert.cu:9: void check(int): block: [1,0,0], thread: [" +
                            std::to_string(thread) + ",0,0] Assertion `i < n` failed."),
              std::string::npos)
        << r.errors;
}

TEST(OwnSemantics, AByValueArgumentIsCopiedBitwiseNotConstructedPerThread) {
  SKIP_WITHOUT_TOOLS();
  const OwnRunResult r = run("by_value_args");
  EXPECT_EQ(r.output, expected("by_value_args")) << r.errors << r.failure;
}

TEST(OwnSemantics, RemovedMasklessShufflesRunWithOneWarningEach) {
  SKIP_WITHOUT_TOOLS();
  const OwnRunResult r = run("legacy_shuffles");
  EXPECT_EQ(r.output, expected("legacy_shuffles")) << r.errors << r.failure;
  ASSERT_EQ(r.warnings.size(), 4u);
  EXPECT_NE(r.warnings[0].find("legacy_shuffles.cu:8:"), std::string::npos) << r.warnings[0];
  EXPECT_NE(r.warnings[0].find("warning: '__shfl_xor' was removed in CUDA 9: runs as "
                               "__shfl_xor_sync(0xffffffff, ...)"),
            std::string::npos)
      << r.warnings[0];
}

TEST(OwnSemantics, HeadersBesideTheFileThroughIncludeDirsAndMacros) {
  SKIP_WITHOUT_TOOLS();
  OwnRunOptions options;
  options.file = (kPrograms / "includes" / "main.cu").string();
  options.include_dirs = {(kPrograms / "includes" / "lib").string()};
  options.defines = {"SCALE=3"};
  const OwnRunResult r = run_own_program(options);
  EXPECT_EQ(r.output, expected("includes")) << r.errors << r.failure;
  // Without -I the header is not found, in clang's words.
  options.include_dirs.clear();
  try {
    run_own_program(options);
    ADD_FAILURE() << "compiled without -I";
  } catch (const OwnProgramError& e) {
    EXPECT_NE(std::string(e.what()).find("'from_include_dir.h' file not found"), std::string::npos)
        << e.what();
  }
}

// nvcc's device pass (__CUDA_ARCH__) and a GPU's scheduling: partitions, a tile of four warps,
// printf across blocks and barriers, a clock wait that ends, the device's properties, FMA
// rounding, launches from several host threads.
TEST(OwnSemantics, DevicePassPartitionsWideTilesPrintfOrderClockDeviceFmaAndHostThreads) {
  SKIP_WITHOUT_TOOLS();
  const OwnRunResult r = run("gpu_pass");
  EXPECT_EQ(r.output, expected("gpu_pass")) << r.errors << r.failure;
}

TEST(OwnSemantics, TheProgramSeesTheNameItWasBuiltAsInArgv0) {
  SKIP_WITHOUT_TOOLS();
  const fs::path file = fs::path(STRIDESCOPE_TEST_TMP) / "argv0_program.cu";
  std::ofstream(file)
      << "#include <cstdio>\nint main(int, char** argv) { printf(\"%s\\n\", argv[0]); }\n";
  OwnRunOptions options;
  options.file = file.string();
  EXPECT_EQ(run_own_program(options).output, "./argv0_program\n");
}

TEST(OwnSemantics, AFilesNvccCommentGivesTheWindowItsIncludeDirsAndMacros) {
  const fs::path file = kPrograms / "includes" / "main.cu";
  std::ifstream in(file);
  const std::string source((std::istreambuf_iterator<char>(in)), {});
  const FileOptions o = compile_options_in_comments(source, file);
  EXPECT_EQ(o.include_dirs, (std::vector<std::string>{(kPrograms / "includes" / "lib").string()}));
  EXPECT_EQ(o.defines, (std::vector<std::string>{"SCALE=3"}));
  const FileOptions joined = compile_options_in_comments(
      "// stridescope run -I/abs -DN=4 -D M x.cu\n// not a command: -I ignored\n", file);
  EXPECT_EQ(joined.include_dirs, (std::vector<std::string>{"/abs"}));
  EXPECT_EQ(joined.defines, (std::vector<std::string>{"N=4", "M"}));
}

}  // namespace
}  // namespace stridescope
