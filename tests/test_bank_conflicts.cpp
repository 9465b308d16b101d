// Bank-conflict analysis on hand-computed cases and on the variants' traces.
#include <gtest/gtest.h>

#include "analysis/bank_conflicts.h"
#include "catalog/emu/run_variant.h"
#include "trace_builders.h"

namespace stridescope {
namespace {

using testing::step_with_words;

std::vector<unsigned> worst_degree_per_step(const Trace& trace) {
  std::vector<unsigned> degrees;
  for (const Step& step : trace.blocks[0].steps) {
    unsigned worst = 0;
    for (unsigned d : bank_conflicts(step, trace.run.block_size).warp_degree)
      worst = std::max(worst, d);
    degrees.push_back(worst);
  }
  return degrees;
}

Trace traced(const char* variant, unsigned block) {
  RunRequest r;
  r.variant = variant;
  r.block = block;
  r.n = block;
  return run_on_emulator(r);
}

TEST(BankConflicts, ConsecutiveWordsAreConflictFree) {
  std::vector<unsigned> words(32);
  for (unsigned t = 0; t < 32; ++t) words[t] = t;
  StepConflicts c = bank_conflicts(step_with_words(words, AccessKind::Read), 32);
  EXPECT_EQ(c.warp_degree[0], 1u);
  EXPECT_EQ(c.load_conflicts, 0u);
}

TEST(BankConflicts, EveryOtherWordIsTwoWay) {
  std::vector<unsigned> words(32);
  for (unsigned t = 0; t < 32; ++t) words[t] = 2 * t;
  StepConflicts c = bank_conflicts(step_with_words(words, AccessKind::Write), 32);
  EXPECT_EQ(c.warp_degree[0], 2u);
  EXPECT_EQ(c.store_conflicts, 1u);
  EXPECT_EQ(c.load_conflicts, 0u);
  EXPECT_EQ(c.instructions[0].conflicting_threads.size(), 32u);
}

TEST(BankConflicts, Stride32IsThirtyTwoWay) {
  std::vector<unsigned> words(32);
  for (unsigned t = 0; t < 32; ++t) words[t] = 32 * t;
  StepConflicts c = bank_conflicts(step_with_words(words, AccessKind::Read), 32);
  EXPECT_EQ(c.warp_degree[0], 32u);
  EXPECT_EQ(c.load_conflicts, 31u);
}

TEST(BankConflicts, BroadcastOfOneWordIsNoConflict) {
  StepConflicts c =
      bank_conflicts(step_with_words(std::vector<unsigned>(32, 7), AccessKind::Read), 32);
  EXPECT_EQ(c.warp_degree[0], 1u);
  EXPECT_EQ(c.load_conflicts, 0u);
  EXPECT_TRUE(c.instructions[0].conflicting_threads.empty());
}

TEST(BankConflicts, TwoWarpsAreSeparateInstructions) {
  std::vector<unsigned> words(64);
  for (unsigned t = 0; t < 64; ++t) words[t] = t < 32 ? t : 32 * (t - 32);
  StepConflicts c = bank_conflicts(step_with_words(words, AccessKind::Read), 64);
  ASSERT_EQ(c.warp_degree.size(), 2u);
  EXPECT_EQ(c.warp_degree[0], 1u);
  EXPECT_EQ(c.warp_degree[1], 32u);
}

TEST(BankConflicts, EightByteWordsAreServedByHalfWarps) {
  // 32 lanes read consecutive doubles: 256 bytes, two phases of 16 lanes, each conflict-free.
  std::vector<unsigned> words(32);
  for (unsigned t = 0; t < 32; ++t) words[t] = t;
  StepConflicts c = bank_conflicts(step_with_words(words, AccessKind::Read, 8), 32);
  EXPECT_EQ(c.warp_degree[0], 1u);
  EXPECT_EQ(c.load_conflicts, 0u);
  // Doubles 16 apart: lanes 0 and 1 of a half-warp share banks 0-1 -> 16 distinct words per bank.
  for (unsigned t = 0; t < 32; ++t) words[t] = 16 * t;
  c = bank_conflicts(step_with_words(words, AccessKind::Read, 8), 32);
  EXPECT_EQ(c.warp_degree[0], 16u);
  EXPECT_EQ(c.load_conflicts, 2u * 15u);
}

TEST(BankConflicts, StridedVariantBlock64IsTwoWayAtEveryStrideButTheLast) {
  EXPECT_EQ(worst_degree_per_step(traced("interleaved-strided", 64)),
            (std::vector<unsigned>{1, 2, 2, 2, 2, 2, 1, 1}));
}

TEST(BankConflicts, StridedVariantBlock1024MatchesHandCount) {
  // Stride s: lanes touch words 2*s*t, so 2s-way up to 32 lanes per bank, then fewer lanes are
  // busy.
  EXPECT_EQ(worst_degree_per_step(traced("interleaved-strided", 1024)),
            (std::vector<unsigned>{1, 2, 4, 8, 16, 32, 16, 8, 4, 2, 1, 1}));
}

TEST(BankConflicts, SequentialVariantHasNone) {
  for (unsigned block : {32u, 256u, 1024u}) {
    for (unsigned degree : worst_degree_per_step(traced("sequential", block)))
      EXPECT_LE(degree, 1u);
  }
}

TEST(BankConflicts, DivergentVariantConflictsComeFromItsStride) {
  // tid % (2s) == 0 works on word tid: within a warp the words 0, 2s, 4s.. map to 32/(2s) banks.
  std::vector<unsigned> d = worst_degree_per_step(traced("interleaved-divergent", 64));
  EXPECT_EQ(d, (std::vector<unsigned>{1, 1, 1, 1, 1, 1, 1, 1}));
}

}  // namespace
}  // namespace stridescope

namespace stridescope {
namespace {

TEST(BankConflicts, ScatteredEightByteLoadsCostAWavefrontStoresDoNot) {
  // Lanes 0, 2, .., 30 touch doubles 0, 2, .., 30: each half-warp is conflict-free, but the 128
  // bytes a load moves could have come in one wavefront (H100: ncu counts 1 for the load, 0 for
  // the store).
  Step load, store;
  for (unsigned lane = 0; lane < 32; lane += 2) {
    load.accesses.push_back({lane, 0, lane * 8, 8, AccessKind::Read, 1});
    store.accesses.push_back({lane, 0, lane * 8, 8, AccessKind::Write, 1});
  }
  EXPECT_EQ(bank_conflicts(load, 32).load_conflicts, 1u);
  EXPECT_EQ(bank_conflicts(store, 32).store_conflicts, 0u);
}

}  // namespace
}  // namespace stridescope
