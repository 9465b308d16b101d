// `stridescope diff` on emulator traces: equal traces, a different value (named by its word and its
// writers), a different step count, different element types compared as bytes, bad files; and the
// H200's recorded sum256 against the emulator's (needs clang++-14).
#include <gtest/gtest.h>

#include <bit>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "analysis/trace_diff.h"
#include "catalog/emu/run_variant.h"
#include "cli/diff_command.h"
#include "program/gputrace/gpu_record.h"
#include "program/gputrace/sass_lines.h"
#include "program/own_program.h"
#include "run_command.h"
#include "trace/trace_json.h"

namespace stridescope {
namespace {

using test_support::read_text;

namespace fs = std::filesystem;

Trace emulated(const std::string& variant, unsigned block, InputPattern input = InputPattern::Iota,
               ElementType type = ElementType::Int) {
  RunRequest r;
  r.variant = variant;
  r.block = block;
  r.n = block;
  r.input = input;
  r.element_type = type;
  return run_on_emulator(r);
}

fs::path saved(const Trace& t, const std::string& name) {
  const fs::path path = fs::path(STRIDESCOPE_TEST_TMP) / ("diff_" + name + ".json");
  save_trace(t, path.string());
  return path;
}

TEST(TraceDiff, TwoRunsOfOneKernelAreTheSameAtEveryStep) {
  const Trace a = emulated("sequential", 64);
  const TraceDifference d = diff_traces(a, emulated("sequential", 64));
  EXPECT_EQ(d.kind, DiffKind::Same);
  EXPECT_EQ(d.steps_compared, a.blocks[0].steps.size());
  EXPECT_EQ(d.shared_bytes, 64u * 4);
  EXPECT_EQ(diff_text(d, "a.json", "b.json"), "same: shared memory agrees after every one of " +
                                                  std::to_string(a.blocks[0].steps.size()) +
                                                  " steps, 256 bytes\n");
}

// A word no thread wrote (a padding column: 0 on the emulator, what an earlier launch left on a
// GPU) is not a difference; it is counted and said.
TEST(TraceDiff, AWordNoThreadWroteIsNotADifference) {
  const Trace a = emulated("sequential", 64);
  Trace b = a;
  Trace c = a;
  // Word 63 is written by the load in step 0; make both traces' word 63 unwritten, and differ.
  for (Trace* t : {&b, &c}) {
    for (Step& step : t->blocks[0].steps)
      std::erase_if(step.accesses, [](const Access& x) { return x.address == 4 * 63; });
  }
  for (Step& step : c.blocks[0].steps) step.snapshot[63] = 12345;
  const TraceDifference d = diff_traces(b, c);
  EXPECT_EQ(d.kind, DiffKind::Same);
  EXPECT_EQ(d.unwritten_differing, 2u);  // 12345 against 63: two bytes differ
  EXPECT_NE(diff_text(d, "b", "c")
                .find("(2 bytes no thread wrote differ: what the memory held "
                      "before, not compared)"),
            std::string::npos)
      << diff_text(d, "b", "c");
  for (Step& step : c.blocks[0].steps) step.snapshot[62] = 777;  // written: a difference
  EXPECT_EQ(diff_traces(b, c).kind, DiffKind::Memory);
}

TEST(TraceDiff, ADifferentValueIsNamedWithItsStepWordAndWriters) {
  const Trace a = emulated("sequential", 64, InputPattern::Iota);
  const Trace b = emulated("sequential", 64, InputPattern::Ones);
  const TraceDifference d = diff_traces(a, b);
  ASSERT_EQ(d.kind, DiffKind::Memory);
  EXPECT_EQ(d.step, 0u);  // the load: s[0] = 0 (iota) and 1 (ones)
  EXPECT_EQ(d.a.word, 0u);
  EXPECT_EQ(d.a.word_name, "s[0]");
  EXPECT_EQ(d.a.value, 0);
  EXPECT_EQ(d.b.value, 1);
  ASSERT_EQ(d.a.writers.size(), 1u);
  EXPECT_EQ(d.a.writers[0].thread, 0u);
  EXPECT_GT(d.a.writers[0].line, 0);
  EXPECT_EQ(d.b.writers, (std::vector<WordWriter>{{0, d.a.writers[0].line, AccessKind::Write, 1}}));
  const std::string text = diff_text(d, "a.json", "b.json");
  EXPECT_EQ(text.rfind("differ: step 0 of block 0 (a.json: " + a.blocks[0].steps[0].label, 0), 0u)
      << text;
  EXPECT_NE(text.find("s[0] is 0 in a.json and 1 in b.json\n"), std::string::npos) << text;
  EXPECT_NE(text.find("  a.json: written in that step by thread 0 (line " +
                      std::to_string(d.a.writers[0].line) + ", wrote 0)\n"),
            std::string::npos)
      << text;
}

// A double among 4-byte arrays (two words an element): compared as its 8 bytes, so a difference in
// its high bytes only (0.75 and 99 have zero low words) is one.
TEST(TraceDiff, ADoubleAmongFourByteArraysIsComparedWhole) {
  const auto mixed = [](double v, ElementType type = ElementType::Double) {
    Trace t;
    t.run.variant = "own:mix.cu";
    t.run.block_size = 4;
    t.shared_words = 8;
    t.arrays = {{"vals", 0, {2}, type, 2}, {"count", 4, {4}, ElementType::Int}};
    Step step;
    step.label = "exit";
    step.snapshot = {0, 0, v, v, 1, 2, 3, 4};
    step.accesses.push_back(Access{1, 0, 8, 8, AccessKind::Write, 7, 0, v});
    t.blocks.push_back(BlockTrace{0, {step}, 0.0});
    return t;
  };
  EXPECT_EQ(diff_traces(mixed(0.75), mixed(0.75)).kind, DiffKind::Same);
  const TraceDifference d = diff_traces(mixed(0.75), mixed(99));
  ASSERT_EQ(d.kind, DiffKind::Memory);
  EXPECT_EQ(d.a.word_name, "vals[1]");
  EXPECT_EQ(d.a.value, 0.75);
  EXPECT_EQ(d.b.value, 99);
  // An 8-byte integer too: a difference in its high 32 bits only is a difference.
  const double low = 5, high = 5 + 4294967296.0;
  EXPECT_EQ(diff_traces(mixed(high, ElementType::Int), mixed(high, ElementType::Int)).kind,
            DiffKind::Same);
  const TraceDifference wide =
      diff_traces(mixed(low, ElementType::Int), mixed(high, ElementType::Int));
  ASSERT_EQ(wide.kind, DiffKind::Memory);
  EXPECT_EQ(wide.a.word_name, "vals[1]");
  EXPECT_EQ(wide.b.value, high);
  // A file's 8-byte integer of 2^63 or more (past a signed one's range): its bits compared, not a
  // cast out of range (which made 2^63 and 2^63 + 4096 the same).
  const double top = 9223372036854775808.0;
  EXPECT_EQ(diff_traces(mixed(top, ElementType::Int), mixed(top, ElementType::Int)).kind,
            DiffKind::Same);
  const TraceDifference past =
      diff_traces(mixed(top, ElementType::Int), mixed(top + 4096, ElementType::Int));
  ASSERT_EQ(past.kind, DiffKind::Memory);
  EXPECT_EQ(past.b.value, top + 4096);
}

TEST(TraceDiff, ALaterStepsDifferenceIsFoundAfterTheEqualOnes) {
  // The interleaved and sequential halvings load alike, then add different pairs.
  const Trace a = emulated("interleaved-strided", 64);
  const TraceDifference d = diff_traces(a, emulated("sequential", 64));
  ASSERT_EQ(d.kind, DiffKind::Memory);
  EXPECT_EQ(d.step, 1u);
  EXPECT_NE(d.a.value, d.b.value);
  EXPECT_FALSE(d.a.writers.empty());
  EXPECT_FALSE(d.b.writers.empty());
}

TEST(TraceDiff, ADifferentStepCountSaysWhichHasMoreAndWhereTheyPart) {
  const Trace a = emulated("sequential", 64);
  Trace b = a;
  b.blocks[0].steps.pop_back();  // the same steps, one fewer
  TraceDifference d = diff_traces(a, b);
  ASSERT_EQ(d.kind, DiffKind::StepCount);
  const std::size_t n = a.blocks[0].steps.size();
  EXPECT_EQ(d.steps_a, n);
  EXPECT_EQ(d.steps_b, n - 1);
  EXPECT_EQ(d.step, n - 1);
  EXPECT_EQ(diff_text(d, "a.json", "b.json"),
            "differ: a.json has " + std::to_string(n) + " steps of block 0, b.json " +
                std::to_string(n - 1) +
                "; the memory of the steps both have agrees; b.json ends after step " +
                std::to_string(n - 2) + ", a.json goes on with step " + std::to_string(n - 1) +
                " (" + a.blocks[0].steps.back().label + ")\n");

  // The unrolled last warp has a step per warp round where the loop has a barrier step.
  const Trace loop = emulated("sequential", 64);
  const Trace unrolled = emulated("unroll-last-warp", 64);
  d = diff_traces(unrolled, loop);
  EXPECT_NE(d.kind, DiffKind::Same);
}

TEST(TraceDiff, FloatAndIntTracesOfTheSameBytesAgree) {
  const Trace a = emulated("sequential", 32);
  Trace b = a;
  b.run.element_type = ElementType::Float;
  for (Step& s : b.blocks[0].steps)
    for (double& v : s.snapshot)
      v = std::bit_cast<float>(static_cast<std::uint32_t>(static_cast<std::int32_t>(v)));
  TraceDifference d = diff_traces(a, b);
  EXPECT_EQ(d.kind, DiffKind::Same);
  EXPECT_TRUE(d.element_types_differ);
  EXPECT_NE(diff_text(d, "a", "b").find("compared as their bytes"), std::string::npos);
  // The same numbers as int and as float are different bytes.
  d = diff_traces(a, emulated("sequential", 32, InputPattern::Iota, ElementType::Float));
  EXPECT_EQ(d.kind, DiffKind::Memory);
  EXPECT_EQ(d.a.word, 1u);  // 0 is 0 in both
}

TEST(TraceDiff, TracesOfDifferentSharedSizesCannotBeCompared) {
  EXPECT_THROW(diff_traces(emulated("sequential", 64), emulated("sequential", 32)), TraceDiffError);
}

TEST(TraceDiffCli, ExitStatusesAndBadFilesAreOneErrorLine) {
  const std::string a = saved(emulated("sequential", 64), "a").string();
  const std::string same = saved(emulated("sequential", 64), "same").string();
  const std::string ones = saved(emulated("sequential", 64, InputPattern::Ones), "ones").string();
  const std::string small = saved(emulated("sequential", 32), "small").string();
  const fs::path broken = fs::path(STRIDESCOPE_TEST_TMP) / "diff_broken.json";
  std::ofstream(broken) << "{\"format\": \"stridescope-trace\", \"version\": 3,";
  const std::string binary = STRIDESCOPE_BINARY;

  test_support::Outcome o = test_support::run(binary + " diff " + a + " " + same);
  EXPECT_EQ(o.status, 0) << o.output;
  EXPECT_EQ(o.output.rfind("same: ", 0), 0u) << o.output;
  o = test_support::run(binary + " diff " + a + " " + ones);
  EXPECT_EQ(o.status, 1) << o.output;
  EXPECT_EQ(o.output.rfind("differ: step 0 ", 0), 0u) << o.output;

  for (const std::string& other : {std::string("/nonexistent/b.json"), broken.string(), small}) {
    o = test_support::run(binary + " diff " + a + " " + other);
    EXPECT_EQ(o.status, 2) << other;
    EXPECT_EQ(o.output.rfind("stridescope: error: ", 0), 0u) << o.output;
    EXPECT_EQ(std::count(o.output.begin(), o.output.end(), '\n'), 1) << o.output;
  }
  o = test_support::run(binary + " diff " + a + " " + small);
  EXPECT_NE(o.output.find("shared memory differs in size (256 and 128 bytes)"), std::string::npos)
      << o.output;
  o = test_support::run(binary + " diff " + a);
  EXPECT_EQ(o.status, 2) << o.output;
}

// The H200's record of examples/sum256.cu (tests/gpu_records/), converted, against the emulator's
// trace of the same file: the same memory at every step.
TEST(TraceDiff, TheH200sSum256EqualsTheEmulatorsTrace) {
  if (!test_support::have_clang_tools())
    GTEST_SKIP() << "clang++-14 / llvm-symbolizer-14 not installed";
  const fs::path source = STRIDESCOPE_SOURCE_DIR;
  const std::string file = (source / "examples/sum256.cu").string();
  const Trace gpu = trace_of_gpu_record(
      nlohmann::json::parse(read_text(source / "tests/gpu_records/sum256.json")),
      sass_table(read_text(source / "tests/gpu_records/sum256.sass"), file), file, ElementType::Int,
      {});
  OwnRunOptions options;
  options.file = file;
  const OwnRunResult emulator = run_own_program(options);
  ASSERT_TRUE(emulator.traced) << emulator.failure;
  const TraceDifference d = diff_traces(emulator.trace, gpu);
  EXPECT_EQ(d.kind, DiffKind::Same) << diff_text(d, "emulator", "gpu");
  EXPECT_EQ(d.steps_compared, 10u);
  // Under the threads schedule the sum is the same, step by step.
  options.schedule = ThreadSchedule::Threads;
  EXPECT_EQ(diff_traces(run_own_program(options).trace, gpu).kind, DiffKind::Same);
}

}  // namespace
}  // namespace stridescope
