// Words chosen by what the trace shows, for any kernel: a transpose and a histogram get no
// reduction words, a program's race is named on its own array, and a program's facts claim no n,
// input or reference of the app's making. The programs are examples/ run by `stridescope run`
// (clang++-14 and llvm-symbolizer-14; skips visibly without); hand-made traces where none is
// needed.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "analysis/lab_summary.h"
#include "cli/commands.h"
#include "model/fact_rows.h"
#include "model/grid_summary.h"
#include "model/trace_model.h"
#include "program/own_program.h"
#include "trace/trace_json.h"
#include "trace_builders.h"

namespace stridescope {
namespace {

bool have_tools() {
  return !find_tool({"clang++-14", "clang++"}).empty() &&
         !find_tool({"llvm-symbolizer-14", "llvm-symbolizer"}).empty();
}

#define SKIP_WITHOUT_TOOLS() \
  if (!have_tools()) GTEST_SKIP() << "clang++-14 / llvm-symbolizer-14 not installed"

Trace trace_of_example(const std::string& name, std::uint32_t launch = 0) {
  OwnRunOptions options;
  options.file = (std::filesystem::path(STRIDESCOPE_SOURCE_DIR) / "examples" / name).string();
  options.launch = launch;
  OwnRunResult r = run_own_program(options);
  EXPECT_TRUE(r.traced) << r.errors << r.failure;
  return r.trace;
}

// Every sentence and fact row the Step facts panel and `check` show, one per line.
std::string all_words(const TraceModel& model) {
  std::string words = lab_clean_line(model.lab()) + "\n" + lab_summary_line(model.lab()) + "\n";
  for (std::size_t s = 0; s < model.step_count(); ++s) {
    StepFacts facts = model.facts(s);
    words += facts.label.text() + ": " + facts.narration + "\n";
    for (const FactRow& row : step_fact_rows(model, facts))
      words += row.name + " " + row.value + "\n";
  }
  return words;
}

// The file is named after the running test: ctest runs tests side by side, and two tests writing
// one file read each other's trace.
std::string checked(const Trace& trace) {
  const std::string test = ::testing::UnitTest::GetInstance()->current_test_info()->name();
  const std::string path =
      (std::filesystem::path(STRIDESCOPE_TEST_TMP) / ("program_words_" + test + ".json")).string();
  save_trace(trace, path);
  std::ostringstream out;
  command_check(path, out);
  return out.str();
}

void expect_no_reduction_words(const std::string& words) {
  for (const char* reduction :
       {"sum", "register", "lost", "outside shared memory", " add ", "additions so far"})
    EXPECT_EQ(words.find(reduction), std::string::npos) << "\"" << reduction << "\" in\n" << words;
}

TEST(ProgramWords, ATransposeGetsNoReductionWords) {
  SKIP_WITHOUT_TOOLS();
  const TraceModel model(trace_of_example("transpose.cu"));
  ASSERT_EQ(model.step_count(), 2u);
  const std::string words = all_words(model);
  expect_no_reduction_words(words);
  EXPECT_NE(words.find("store: Threads 0–255 store values they read or computed from global "
                       "memory (dev_in) into tile[0][0..31]"),
            std::string::npos)
      << words;
  EXPECT_NE(words.find("additions none\n"), std::string::npos) << words;
  EXPECT_EQ(lab_clean_line(model.lab()), "no races, no divergent barrier, no uninitialized read");
  EXPECT_TRUE(model.grid().rows.empty());  // no block "results" of a sum that is not one
  const std::string check = checked(model.trace());
  expect_no_reduction_words(check);
  EXPECT_NE(check.find("work in shared memory: no additions; 1 __syncthreads() passed"),
            std::string::npos)
      << check;
}

TEST(ProgramWords, AHistogramZeroesItsBinsAndUpdatesThemAtomically) {
  SKIP_WITHOUT_TOOLS();
  const TraceModel model(trace_of_example("histogram.cu"));
  ASSERT_EQ(model.step_count(), 3u);
  StepFacts zero = model.facts(0), count = model.facts(1);
  EXPECT_EQ(zero.label.text(), "store");  // nothing read from global memory: not a load
  EXPECT_EQ(zero.narration.substr(0, zero.narration.find(';')),
            "Threads 0–15 store the value 0 into counts[0..15]");
  EXPECT_EQ(count.label.text(), "atomics");
  EXPECT_EQ(count.narration,
            "Threads 0–127 update counts[0..15] atomically (1024 atomic read-modify-writes).");
  expect_no_reduction_words(all_words(model));
  const std::string check = checked(model.trace());  // atomics ("a") load back
  EXPECT_NE(check.find("update counts[0..15] atomically"), std::string::npos) << check;
}

TEST(ProgramWords, TheBooksDotProductShowsItsLaunchAndBlockResultNotAnNOrAReference) {
  SKIP_WITHOUT_TOOLS();
  const TraceModel model(trace_of_example("dot.cu"));
  EXPECT_TRUE(model.program());
  EXPECT_FALSE(model.result_error());  // the app's float64 "reference" is not the program's
  EXPECT_FALSE(model.overflow());
  EXPECT_NE(model.facts(0).narration.find(
                "Load: threads 0–255 store values they read or computed from global memory "
                "(dev_a, dev_b) into cache[0..255]"),
            std::string::npos)
      << model.facts(0).narration;
  const GridSummary& grid = model.grid();
  ASSERT_EQ(grid.rows.size(), 1u);  // the launch's 32 block results, no guessed host row
  EXPECT_EQ(grid.rows[0].values.size(), 32u);
  EXPECT_EQ(grid.result_line, "");
  const std::string check = checked(model.trace());
  EXPECT_EQ(check.find("n="), std::string::npos) << check;
  EXPECT_EQ(check.find("reference"), std::string::npos) << check;
  EXPECT_NE(check.find("traced block 0 of launch 0: dot<<<32,256>>>"), std::string::npos) << check;
  EXPECT_NE(check.find("block 0's result in cache[0] at its end: 1041543200768"), std::string::npos)
      << check;
}

TEST(ProgramWords, ARaceIsNamedOnTheProgramsOwnArray) {
  SKIP_WITHOUT_TOOLS();
  const TraceModel model(trace_of_example("dot_ladder.cu", 5));  // dot5: no barrier, a race
  bool raced = false;
  for (std::size_t s = 0; s < model.step_count(); ++s) {
    StepFacts facts = model.facts(s);
    if (facts.hazards.empty()) continue;
    raced = true;
    const std::string word = "cache[" + std::to_string(facts.hazards.front().word) + "]";
    EXPECT_NE(facts.narration.find("RACE: read-after-write on " + word), std::string::npos)
        << facts.narration;
    for (const FactRow& row : step_fact_rows(model, facts)) {
      if (row.name == "data races") {
        EXPECT_NE(row.value.find("on " + word), std::string::npos) << row.value;
      }
    }
    EXPECT_EQ(facts.narration.find(" s["), std::string::npos) << facts.narration;
  }
  EXPECT_TRUE(raced);
}

// A double array beside an int array, both halved at one stride: the stride counts elements (the
// doubles' is 2 as the ints' is, not 4 words), each array is named, and no "s[...]" of a catalog
// kernel is said.
TEST(ProgramWords, ADoubleAndAnIntArrayHalvedTogetherAreOneStrideInElements) {
  SKIP_WITHOUT_TOOLS();
  const auto file = std::filesystem::path(STRIDESCOPE_TEST_TMP) / "program_words_mixed.cu";
  std::ofstream(file) << "__global__ void k(const double* in, double* out) {\n"
                         "  __shared__ double vals[8];\n  __shared__ int count[8];\n"
                         "  int t = threadIdx.x;\n  vals[t] = in[t];\n  count[t] = 1;\n"
                         "  __syncthreads();\n  for (int s = 4; s > 0; s >>= 1) {\n"
                         "    if (t < s) { vals[t] += vals[t + s]; count[t] += count[t + s]; }\n"
                         "    __syncthreads();\n  }\n"
                         "  if (t == 0) { out[0] = vals[0]; out[1] = count[0]; }\n}\n"
                         "int main() {\n  double *in, *out;\n  cudaMalloc(&in, 64);\n"
                         "  cudaMalloc(&out, 16);\n  cudaMemset(in, 0, 64);\n"
                         "  k<<<1, 8>>>(in, out);\n}\n";
  OwnRunOptions options;
  options.file = file.string();
  const OwnRunResult r = run_own_program(options);
  ASSERT_TRUE(r.traced) << r.errors << r.failure;
  const TraceModel model(r.trace);
  const std::string words = all_words(model);
  EXPECT_NE(words.find("stride = 2: Stride 2: threads 0–1 add vals[2..3], count[2..3] into "
                       "vals[0..1], count[0..1] (4 additions)"),
            std::string::npos)
      << words;
  EXPECT_NE(words.find("stride = 1: Stride 1: thread 0 adds vals[1], count[1] into vals[0], "
                       "count[0] (2 additions)"),
            std::string::npos)
      << words;
  EXPECT_EQ(words.find(" s["), std::string::npos) << words;
  EXPECT_EQ(words.find("several distances"), std::string::npos) << words;
  // vals[0] holds the doubles' sum (a block result, 8 bytes); the ints summed beside it into
  // count[0] are another sum, not elements lost from this one.
  EXPECT_TRUE(r.trace.result_in_word0);
  EXPECT_NE(words.find("nothing lost"), std::string::npos) << words;
  EXPECT_NE(words.find(" 0 elements lost"), std::string::npos) << words;
}

// A count declared first (shared word 0) and the sum after it, thread 0 writing out sum[0]: the
// grid says why it has no block results (not "not a reduction into shared word 0": count is one),
// and thread 0's last read is named sum[0] (was "sum[tid]": the program has no tid).
TEST(ProgramWords, ACountBeforeTheSumIsNotCalledTheResultAndThreadZerosReadIsNamed) {
  SKIP_WITHOUT_TOOLS();
  const auto file = std::filesystem::path(STRIDESCOPE_TEST_TMP) / "program_words_count_first.cu";
  std::ofstream(file) << "__global__ void k(const int* in, int* out) {\n"
                         "  __shared__ int count[8];\n  extern __shared__ int sum[];\n"
                         "  int t = threadIdx.x;\n  sum[t] = in[t];\n  count[t] = in[t] != 0;\n"
                         "  __syncthreads();\n  for (int s = 4; s > 0; s >>= 1) {\n"
                         "    if (t < s) { sum[t] += sum[t + s]; count[t] += count[t + s]; }\n"
                         "    __syncthreads();\n  }\n  if (t == 0) out[0] = sum[0];\n}\n"
                         "int main() {\n  int *in, *out;\n  cudaMalloc(&in, 32);\n"
                         "  cudaMalloc(&out, 4);\n  cudaMemset(in, 1, 32);\n"
                         "  k<<<1, 8, 32>>>(in, out);\n}\n";
  OwnRunOptions options;
  options.file = file.string();
  const OwnRunResult r = run_own_program(options);
  ASSERT_TRUE(r.traced) << r.errors << r.failure;
  EXPECT_FALSE(r.trace.result_in_word0);
  EXPECT_EQ(grid_summary(r.trace, nullptr).why_empty,
            "No block results to show: thread 0 writes out a word of another array, not shared "
            "word 0 (count[0]).");
  const std::string words = all_words(TraceModel(r.trace));
  EXPECT_NE(words.find("Thread 0 reads sum[0]"), std::string::npos) << words;
  EXPECT_EQ(words.find("[tid"), std::string::npos) << words;
  EXPECT_EQ(words.find("lost"), std::string::npos) << words;
}

// Without clang: a block that only stores its own words and adds nothing into word 0.
TEST(ProgramWords, TheHazardLabSaysNothingLostOnlyOfASumAndRegistersOnlyWithShuffles) {
  using testing::step_with_words;
  Trace copy = testing::trace_with_steps({step_with_words({0, 1, 2, 3}, AccessKind::Write)}, 4);
  copy.result_in_word0 = false;
  LabSummary lab = lab_summary(copy, false);
  EXPECT_EQ(lab_clean_line(lab), "no races, no divergent barrier, no uninitialized read");
  EXPECT_EQ(lab_summary_line(lab), "0 hazards, 0 divergent barriers, 0 uninitialized reads");
  copy.blocks[0].steps[0].shuffles.push_back(ShuffleRound{});
  lab = lab_summary(copy, false);
  EXPECT_NE(lab_clean_line(lab).find("lost elements are not traced: the block's sum ends in a "
                                     "register (shuffles)"),
            std::string::npos);
}

}  // namespace
}  // namespace stridescope
