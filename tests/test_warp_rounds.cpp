// Cutting a barrier interval into warp rounds (catalog/warp_rounds.h), shared by the emulator's and
// the user programs' traces: a step per round with memory rebuilt, and no cut past the cap.
#include <gtest/gtest.h>

#include "catalog/warp_rounds.h"

namespace stridescope {
namespace {

// `rounds` rounds of warp 0: in round r, lane 0 writes r + 1 into word 0, then the warp passes a
// __syncwarp() (line 10 + r); the interval ends at the __syncthreads() of line 99.
RecordedInterval writes_in_rounds(std::uint32_t rounds) {
  RecordedInterval in;
  for (std::uint32_t r = 0; r < rounds; ++r) {
    Access a;
    a.thread = 0;
    a.order = r;
    a.address = 0;
    a.size = 4;
    a.kind = AccessKind::Write;
    a.value = r + 1;
    a.warp_epoch = r;
    in.accesses.push_back({a, r});
    in.warp_syncs.push_back({WarpSync{0, 0xffffffffu, int(10 + r)}, r});
  }
  in.end = StepKind::Barrier;
  in.end_line = 99;
  in.memory_after = {double(rounds), 0};
  return in;
}

TEST(WarpRounds, EachRoundIsAStepWithTheMemoryItLeft) {
  std::vector<Step> steps = split_into_rounds(writes_in_rounds(3), {0, 0}, 4);
  ASSERT_EQ(steps.size(), 4u);  // three rounds, then the __syncthreads()
  for (std::size_t s = 0; s < 3; ++s) {
    EXPECT_EQ(steps[s].kind, StepKind::WarpRound);
    EXPECT_EQ(steps[s].line, int(10 + s));
    EXPECT_EQ(steps[s].snapshot, (std::vector<double>{double(s + 1), 0}));
    ASSERT_EQ(steps[s].warp_syncs.size(), 1u);
  }
  EXPECT_EQ(steps[3].kind, StepKind::Barrier);
  EXPECT_EQ(steps[3].line, 99);
  EXPECT_TRUE(steps[3].accesses.empty());
}

TEST(WarpRounds, MoreRoundsThanTheCapStayOneStep) {
  std::vector<Step> at_cap = split_into_rounds(writes_in_rounds(kMostWarpRounds), {0, 0}, 4);
  EXPECT_EQ(at_cap.size(), kMostWarpRounds + 1);
  std::vector<Step> past = split_into_rounds(writes_in_rounds(kMostWarpRounds + 1), {0, 0}, 4);
  ASSERT_EQ(past.size(), 1u);
  EXPECT_EQ(past[0].kind, StepKind::Barrier);
  EXPECT_EQ(past[0].accesses.size(), kMostWarpRounds + 1);
  EXPECT_EQ(past[0].warp_syncs.size(), kMostWarpRounds + 1);
  EXPECT_EQ(past[0].snapshot, (std::vector<double>{double(kMostWarpRounds + 1), 0}));
}

}  // namespace
}  // namespace stridescope
