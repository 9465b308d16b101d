// Activity, additions, work/depth, precision and range formatting.
#include <gtest/gtest.h>

#include <cmath>

#include "analysis/activity.h"
#include "analysis/additions.h"
#include "analysis/precision.h"
#include "analysis/step_facts.h"
#include "catalog/emu/run_variant.h"
#include "core/format.h"
#include "core/input.h"
#include "model/trace_model.h"
#include "trace_builders.h"

namespace stridescope {
namespace {

Trace traced(const char* variant, unsigned block, unsigned n = 0) {
  RunRequest r;
  r.variant = variant;
  r.block = block;
  r.n = n ? n : block;
  return run_on_emulator(r);
}

TEST(Ranges, CompressesRuns) {
  EXPECT_EQ(format_ranges({}), "none");
  EXPECT_EQ(format_ranges({3}), "3");
  EXPECT_EQ(format_ranges({0, 1, 2, 3, 7, 9, 10}), "0\u20133, 7, 9\u201310");
}

TEST(Activity, DivergentVariantKeepsEveryWarpBusyWithFewLanes) {
  Trace trace = traced("interleaved-divergent", 128);
  StepActivity a = activity(trace.blocks[0].steps[2], 128);  // stride 2: tid % 4 == 0
  EXPECT_EQ(a.active_threads, 32u);
  EXPECT_EQ(a.divergent_warps, 4u);
  EXPECT_EQ(a.idle_warps, 0u);
  EXPECT_TRUE(a.thread_active[4]);
  EXPECT_FALSE(a.thread_active[5]);
}

TEST(Activity, SequentialVariantRetiresWholeWarps) {
  Trace trace = traced("sequential", 256);
  StepActivity a = activity(trace.blocks[0].steps[2], 256);  // stride 64
  EXPECT_EQ(a.active_threads, 64u);
  EXPECT_EQ(a.divergent_warps, 0u);
  EXPECT_EQ(a.idle_warps, 6u);
  EXPECT_EQ(a.warps[1].state, WarpState::Full);
  EXPECT_EQ(a.warps[2].state, WarpState::Idle);
}

TEST(Activity, SmallBlockHasOneShortWarp) {
  Trace trace = traced("sequential", 16);
  StepActivity a = activity(trace.blocks[0].steps[0], 16);
  ASSERT_EQ(a.warps.size(), 1u);
  EXPECT_EQ(a.warps[0].lanes, 16u);
  EXPECT_EQ(a.warps[0].state, WarpState::Full);
}

TEST(Additions, SequentialStepAddsUpperHalfIntoLowerHalf) {
  Trace trace = traced("sequential", 16);
  std::vector<Addition> adds = additions(trace.blocks[0].steps[1], 4);
  ASSERT_EQ(adds.size(), 8u);
  EXPECT_EQ(adds[0], (Addition{0, 8, 0}));
  EXPECT_EQ(adds[7], (Addition{7, 15, 7}));
}

TEST(Additions, StridedTargetsAreMultiplesOfTwiceTheStride) {
  Trace trace = traced("interleaved-strided", 16);
  std::vector<Addition> adds = additions(trace.blocks[0].steps[2], 4);  // stride 2
  ASSERT_EQ(adds.size(), 4u);
  EXPECT_EQ(adds[1], (Addition{1, 6, 4}));
}

TEST(Additions, LoadAndExitStepsAddNothing) {
  Trace trace = traced("sequential", 16);
  EXPECT_TRUE(additions(trace.blocks[0].steps.front(), 4).empty());
  EXPECT_TRUE(additions(trace.blocks[0].steps.back(), 4).empty());
}

TEST(WorkDepth, TreeOfBlockBHasBMinusOneAdditionsAndLog2BLevels) {
  for (const char* variant : {"interleaved-divergent", "interleaved-strided", "sequential"}) {
    Trace trace = traced(variant, 256);
    WorkDepth wd = work_and_depth(trace.blocks[0], 4);
    EXPECT_EQ(wd.additions, 255u) << variant;
    EXPECT_EQ(wd.reduction_steps, 8u) << variant;
    EXPECT_EQ(wd.depth, 8u) << variant;
    EXPECT_EQ(wd.barrier_steps, 9u) << variant;
    // The model's running total: steps 0 (load) and 1 (the first level, 128 additions).
    EXPECT_EQ(TraceModel(trace).facts(1).additions_so_far, 128u) << variant;
  }
}

TEST(WorkDepth, SerialSumIsBMinusOneDeepAndTheWarpTailAccumulates) {
  WorkDepth serial = work_and_depth(traced("serial", 256).blocks[0], 4);
  EXPECT_EQ(serial.additions, 255u);
  EXPECT_EQ(serial.depth, 255u);  // one thread, one addition after another
  for (const char* variant : {"unroll-last-warp", "complete-unroll"}) {
    // 2 x 256 elements, first added on load: a 256-word tree, 6 of its levels in the last warp's
    // register (v += s[t + k]; s[t] = v).
    WorkDepth wd = work_and_depth(traced(variant, 256, 512).blocks[0], 4);
    EXPECT_EQ(wd.additions, 128u + 64u + 6u * 32u) << variant;
    EXPECT_EQ(wd.depth, 2u + 6u) << variant;
  }
}

TEST(StepFacts, CollectsTheFiguresOfAStep) {
  Trace trace = traced("interleaved-strided", 1024);
  TraceModel model(trace);
  const StepFacts& f = model.facts(5);  // stride 16
  EXPECT_EQ(f.label.text(), "stride = 16");
  EXPECT_EQ(f.worst_conflict_degree, 32u);
  EXPECT_EQ(f.activity.active_threads, 32u);
  EXPECT_EQ(f.additions.size(), 32u);
  EXPECT_EQ(f.additions_so_far, 512u + 256 + 128 + 64 + 32);
  EXPECT_GT(f.line, 0);
}

TEST(Precision, IntExactAndFloatInUlps) {
  Precision exact = precision(120, 120, ElementType::Int);
  EXPECT_EQ(exact.absolute, 0);
  EXPECT_EQ(exact.ulps, 0);
  Precision off = precision(16777216.0, 16777218.0, ElementType::Float);  // float ulp at 2^24 is 2
  EXPECT_DOUBLE_EQ(off.absolute, 2.0);
  EXPECT_DOUBLE_EQ(off.ulps, 1.0);
  EXPECT_NEAR(off.relative, 2.0 / 16777218.0, 1e-18);
}

TEST(Precision, FloatIotaSumLosesPrecisionAgainstFloat64) {
  RunRequest r;
  r.n = 1 << 20;
  r.block = 1024;
  r.element_type = ElementType::Float;
  Trace trace = run_on_emulator(r);
  Precision p = precision(trace.result, trace.reference, ElementType::Float);
  EXPECT_GT(p.absolute, 0.0);   // float cannot hold every partial sum exactly
  EXPECT_LT(p.relative, 1e-5);  // but the tree keeps the error small
}

TEST(Input, PatternsAreDeterministic) {
  EXPECT_EQ(make_input<int>(InputPattern::Ones, 3, 0), (std::vector<int>{1, 1, 1}));
  EXPECT_EQ(make_input<int>(InputPattern::Iota, 3, 0), (std::vector<int>{0, 1, 2}));
  std::vector<int> a = make_input<int>(InputPattern::Random, 100, 7),
                   b = make_input<int>(InputPattern::Random, 100, 7);
  EXPECT_EQ(a, b);
  EXPECT_NE(a, make_input<int>(InputPattern::Random, 100, 8));
  for (int v : a) {
    EXPECT_GE(v, 0);
    EXPECT_LE(v, 9);
  }
}

// An int run's error is a whole number, said in full (it was "1.95e+03 (... 1.95e+03 ulps)");
// floating point keeps its relative error and ulps.
TEST(Precision, AnIntErrorIsSaidInFullAndAFloatOneWithItsUlps) {
  EXPECT_EQ(error_text(precision(63, 2016, ElementType::Int), ElementType::Int),
            "error 1953 (0.969 relative)");
  const std::string f = error_text(precision(1.5, 1.25, ElementType::Float), ElementType::Float);
  EXPECT_EQ(f.rfind("error 0.25 (0.2 relative, ", 0), 0u) << f;
  EXPECT_NE(f.find(" ulps)"), std::string::npos) << f;
}

}  // namespace
}  // namespace stridescope

namespace stridescope {
namespace {

// A histogram's shared bins are added into by atomics only: the facts say how many there were
// (not "no additions in shared memory").
TEST(Additions, AtomicAccessesAreCountedOverEveryStep) {
  BlockTrace block;
  block.steps = {testing::step_with_words({0, 1}, AccessKind::Atomic),
                 testing::step_with_words({0}, AccessKind::Write),
                 testing::step_with_words({2}, AccessKind::Atomic)};
  EXPECT_EQ(atomic_accesses(block), 3u);
  EXPECT_EQ(work_and_depth(block, 4).atomics, 3u);  // what the facts panel reads, once
  block.steps.pop_back();
  block.steps.front() = testing::step_with_words({0, 1}, AccessKind::Read);
  EXPECT_EQ(atomic_accesses(block), 0u);
}

// What thread 0 writes out after the last barrier: another array's sum (count[8] at word 0, the
// sum's array at word 8), not a scalar flag nothing was added into, not word 0 taking a
// register's last addition, not another word of word 0's own array (a scan).
TEST(Additions, ThreadZeroReadsItsResultElsewhereOnlyFromAnotherArraysSum) {
  const auto access = [](unsigned thread, unsigned word, AccessKind kind, std::uint32_t order) {
    Access a;
    a.thread = thread;
    a.order = order;
    a.address = word * 4;
    a.kind = kind;
    return a;
  };
  Step adds;  // thread 0: sum[0] += sum[1] (words 8 and 9), count[0] += count[1] (0 and 1)
  adds.accesses = {access(0, 8, AccessKind::Read, 0),  access(0, 9, AccessKind::Read, 1),
                   access(0, 8, AccessKind::Write, 2), access(0, 0, AccessKind::Read, 3),
                   access(0, 1, AccessKind::Read, 4),  access(0, 0, AccessKind::Write, 5)};
  Step out;  // if (t == 0) out[0] = sum[0];
  out.accesses = {access(0, 8, AccessKind::Read, 0)};
  BlockTrace block;
  block.steps = {adds, out};
  std::vector<SharedArray> two(2);
  two[0].name = "count", two[0].first_word = 0, two[0].dims = {8};
  two[1].name = "sum", two[1].first_word = 8, two[1].dims = {8};
  EXPECT_TRUE(thread0_reads_its_result_elsewhere(block, 4, two));
  block.steps.back().accesses.push_back(access(0, 0, AccessKind::Write, 1));  // word 0 takes part
  EXPECT_FALSE(thread0_reads_its_result_elsewhere(block, 4, two));
  std::vector<SharedArray> one(1);  // one array of 16: word 8 is the same array's (a scan)
  one[0].name = "s", one[0].first_word = 0, one[0].dims = {16};
  block.steps.back() = out;
  EXPECT_FALSE(thread0_reads_its_result_elsewhere(block, 4, one));
  Step flag;  // thread 0 reads a flag at word 12 nothing was added into
  flag.accesses = {access(0, 12, AccessKind::Read, 0)};
  block.steps.back() = flag;
  two[1].dims = {4};
  two.push_back(two[1]);
  two[2].name = "last", two[2].first_word = 12, two[2].dims = {1};
  EXPECT_FALSE(thread0_reads_its_result_elsewhere(block, 4, two));
}

}  // namespace
}  // namespace stridescope
