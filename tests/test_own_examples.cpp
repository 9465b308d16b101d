// The programs of examples/ run by `stridescope run` (their printed results and their traces'
// facts), and Harris's kernels 1-3 as plain CUDA traced like the catalog's variants. Needs
// clang++-14, libclang and llvm-symbolizer-14 (scripts/install-deps.sh); skips visibly without.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "emu/run_variant.h"
#include "model/trace_model.h"
#include "owncuda/own_program.h"
#include "run/request.h"
#include "trace/trace_consistency.h"

namespace stridescope {
namespace {

bool have_tools() {
  return !find_tool({"clang++-14", "clang++"}).empty() &&
         !find_tool({"llvm-symbolizer-14", "llvm-symbolizer"}).empty();
}

OwnRunResult run_example(const std::string& name, std::uint32_t launch = 0) {
  OwnRunOptions options;
  options.file = std::string(STRIDESCOPE_SOURCE_DIR) + "/examples/" + name;
  options.launch = launch;
  OwnRunResult r = run_own_program(options);
  EXPECT_EQ(r.exit_code, 0) << r.errors;
  EXPECT_EQ(r.failure, "");
  EXPECT_TRUE(r.traced);
  EXPECT_EQ(first_inconsistency(r.trace), std::nullopt);
  return r;
}

#define SKIP_WITHOUT_TOOLS() \
  if (!have_tools()) GTEST_SKIP() << "clang++-14 / llvm-symbolizer-14 not installed"

TEST(OwnExamples, TheHalvingSumOnSixThreadsLosesThePartialSumOfCache2) {
  SKIP_WITHOUT_TOOLS();
  const OwnRunResult r = run_example("sum6_lost.cu");
  EXPECT_EQ(r.output, "sum = 10 with 6 threads (the true sum is 23)\n");
  const Trace& t = r.trace;
  EXPECT_EQ(t.shared_words, 6u);
  ASSERT_EQ(t.arrays.size(), 1u);
  EXPECT_EQ(t.arrays[0].name, "cache");
  EXPECT_TRUE(t.result_in_word0);
  EXPECT_EQ(t.result, 10);
  EXPECT_EQ(t.reference, 23);
  const std::vector<Step>& steps = t.blocks.at(0).steps;
  ASSERT_EQ(steps.size(), 4u);  // the load, stride 3, stride 1, exit
  EXPECT_EQ(steps[1].snapshot, (std::vector<double>{4, 6, 13, 1, 5, 9}));
  EXPECT_EQ(steps[2].snapshot, (std::vector<double>{10, 6, 13, 1, 5, 9}));
  // The lab: the elements 4 and 9 (added into cache[2]) never reach the result.
  const TraceModel model(t);
  EXPECT_EQ(model.lab().contributions.lost.size(), 2u);
  EXPECT_EQ(model.lab().hazards, 0u);
}

TEST(OwnExamples, MatmulPrintsFourExactProductsAndTracesTheTilesAsTwoArrays) {
  SKIP_WITHOUT_TOOLS();
  const OwnRunResult r = run_example("matmul.cu", 3);
  int exact = 0;
  for (std::size_t at = r.output.find("max error 0\n"); at != std::string::npos;
       at = r.output.find("max error 0\n", at + 1))
    ++exact;
  EXPECT_EQ(exact, 4) << r.output;
  const Trace& t = r.trace;
  EXPECT_EQ(t.run.block_size, 256u);  // 16 x 16 threads
  EXPECT_EQ(t.run.grid_size, 4u);     // 2 x 2 blocks
  EXPECT_EQ(t.shared_words, 512u);
  ASSERT_EQ(t.arrays.size(), 2u);
  EXPECT_EQ(t.arrays[0], (SharedArray{"As", 0, {16, 16}}));
  EXPECT_EQ(t.arrays[1], (SharedArray{"Bs", 256, {16, 16}}));
  EXPECT_FALSE(t.result_in_word0);  // no sum into word 0: no result, no lost elements claimed
  const std::vector<Step>& steps = t.blocks.at(0).steps;
  ASSERT_EQ(steps.size(), 7u);  // 3 tiles x 2 barriers, exit
  // After the first barrier: As[ty][tx] = A[ty][tx], A[i] = i % 7 - 3 with rows of l = 48.
  EXPECT_EQ(steps[0].snapshot[0], -3);
  EXPECT_EQ(steps[0].snapshot[1], -2);
  EXPECT_EQ(steps[0].snapshot[16], (48 % 7) - 3);
  const TraceModel model(t);
  EXPECT_EQ(model.lab().hazards, 0u);
  EXPECT_FALSE(model.result_error().has_value());
  // Launch 2 stages one row of A: one 1-D array of 48 floats.
  const OwnRunResult row = run_example("matmul.cu", 2);
  ASSERT_EQ(row.trace.arrays.size(), 1u);
  EXPECT_EQ(row.trace.arrays[0], (SharedArray{"rowA", 0, {48}}));
  EXPECT_FALSE(row.trace.result_in_word0);
}

TEST(OwnExamples, TheDoubleSumRelaunchesUntilOneBlockRemains) {
  SKIP_WITHOUT_TOOLS();
  const OwnRunResult r = run_example("sum_double.cu");
  EXPECT_NE(r.output.find("launch 3: 2 values -> 1 block sums\n"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("sum = 4999950000.0 (expected 4999950000.0)\n"), std::string::npos);
  const Trace& t = r.trace;
  EXPECT_EQ(t.run.element_type, ElementType::Double);
  EXPECT_EQ(t.word_size, 8u);
  EXPECT_EQ(t.shared_words, 256u);  // 2 x 128 doubles
  EXPECT_EQ(t.blocks.at(0).partial, 255.0 * 256 / 2);
  const std::vector<Step>& steps = t.blocks.at(0).steps;
  ASSERT_EQ(steps.size(), 10u);  // the load, strides 128 .. 1, exit
  EXPECT_EQ(steps[0].snapshot[255], 255);
  // The last launch sums the two block sums left: its block 0 ends with the total.
  const OwnRunResult last = run_example("sum_double.cu", 2);
  EXPECT_EQ(last.trace.run.grid_size, 1u);
  EXPECT_EQ(last.trace.result, 4999950000.0);
}

TEST(OwnExamples, TheDotLadderAgreesExceptTheRacyWarpTailWhichTheLabNames) {
  SKIP_WITHOUT_TOOLS();
  const OwnRunResult r = run_example("dot_ladder.cu", 5);
  for (int rung = 0; rung < 5; ++rung)
    EXPECT_NE(r.output.find("dot" + std::to_string(rung) + " = 49150 "), std::string::npos)
        << r.output;
  // Thread after thread, thread 0 runs its six unrolled additions before the others wrote.
  EXPECT_EQ(r.output.find("dot5 = 49150 "), std::string::npos) << r.output;
  const TraceModel racy(r.trace);
  EXPECT_GT(racy.lab().hazards, 0u);
  const OwnRunResult clean = run_example("dot_ladder.cu", 3);
  const TraceModel tree(clean.trace);
  EXPECT_EQ(tree.lab().hazards, 0u);
  EXPECT_TRUE(tree.lab().contributions.lost.empty());
  EXPECT_EQ(clean.trace.blocks.at(0).steps.size(), 11u);  // the load, strides 256 .. 1, exit
}

TEST(OwnExamples, RandomSchedulesShowTheRaceAndLeaveARaceFreeProgramAlone) {
  SKIP_WITHOUT_TOOLS();
  OwnRunOptions options;
  options.file = std::string(STRIDESCOPE_SOURCE_DIR) + "/examples/dot_ladder.cu";
  const ScheduleReport racy = compare_schedules(options, 3);
  EXPECT_EQ(racy.runs, 3u);
  EXPECT_NE(racy.reference.output.find("dot5 = 49150 "), std::string::npos)
      << "warps in lockstep add the warp tail as a GPU does\n"
      << racy.reference.output;
  EXPECT_GE(racy.differing.size(), 1u);
  options.file = std::string(STRIDESCOPE_SOURCE_DIR) + "/examples/sum4.cu";
  const ScheduleReport clean = compare_schedules(options, 3);
  EXPECT_EQ(clean.reference.output, "sum = 10\n");
  EXPECT_TRUE(clean.differing.empty());
}

// The engine's traces are the catalog's: Harris's kernels 1-3 written as plain CUDA give the same
// steps, snapshots, accesses (all but their source lines) and per-step analyses.
TEST(OwnExamples, HarrisKernels1To3AsPlainCudaTraceLikeTheCatalogVariants) {
  SKIP_WITHOUT_TOOLS();
  const char* variants[] = {"interleaved-divergent", "interleaved-strided", "sequential"};
  for (std::uint32_t k = 0; k < 3; ++k) {
    SCOPED_TRACE(variants[k]);
    OwnRunOptions options;
    options.file = std::string(STRIDESCOPE_SOURCE_DIR) + "/tests/own_programs/harris_1_2_3.cu";
    options.launch = k;
    const OwnRunResult own = run_own_program(options);
    ASSERT_TRUE(own.traced) << own.failure << own.errors;
    EXPECT_NE(own.output.find("kernel " + std::to_string(k + 1) + ": 523776\n"), std::string::npos);
    RunRequest request;
    request.variant = variants[k];
    request.n = 1024;
    request.block = 256;
    const Trace catalog = run_on_emulator(request);
    const Trace& t = own.trace;
    EXPECT_EQ(t.shared_words, catalog.shared_words);
    EXPECT_EQ(t.run.input_values.size(), 1024u);
    EXPECT_EQ(t.result, catalog.result);
    EXPECT_EQ(t.passes.at(0).partials, catalog.passes.at(0).partials);
    const std::vector<Step>& got = t.blocks.at(0).steps;
    const std::vector<Step>& want = catalog.blocks.at(0).steps;
    ASSERT_EQ(got.size(), want.size());
    const TraceModel own_model(t), catalog_model(catalog);
    for (std::size_t s = 0; s < got.size(); ++s) {
      EXPECT_EQ(got[s].kind, want[s].kind) << "step " << s;
      EXPECT_EQ(got[s].snapshot, want[s].snapshot) << "step " << s;
      ASSERT_EQ(got[s].accesses.size(), want[s].accesses.size()) << "step " << s;
      for (std::size_t i = 0; i < got[s].accesses.size(); ++i) {
        Access a = got[s].accesses[i];
        a.line = want[s].accesses[i].line;
        ASSERT_EQ(a, want[s].accesses[i]) << "step " << s << " access " << i;
      }
      const StepFacts f = own_model.facts(s), g = catalog_model.facts(s);
      EXPECT_EQ(f.worst_conflict_degree, g.worst_conflict_degree) << "step " << s;
      EXPECT_EQ(f.activity.active_threads, g.activity.active_threads) << "step " << s;
      EXPECT_EQ(f.activity.divergent_warps, g.activity.divergent_warps) << "step " << s;
      EXPECT_EQ(f.additions.size(), g.additions.size()) << "step " << s;
    }
    EXPECT_EQ(own_model.lab().hazards, catalog_model.lab().hazards);
    EXPECT_EQ(own_model.work().additions, catalog_model.work().additions);
  }
}

}  // namespace
}  // namespace stridescope
