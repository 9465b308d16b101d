// Hazard analysis on hand-made steps (every kind, positive and negative) and on the catalog.
#include <gtest/gtest.h>

#include "analysis/hazards.h"
#include "catalog/emu/run_variant.h"
#include "registry.h"

namespace stridescope {
namespace {

Access read(unsigned thread, unsigned word, unsigned order = 0) {
  return {thread, order, word * 4, 4, AccessKind::Read, 20};
}
Access write(unsigned thread, unsigned word, unsigned order = 0) {
  return {thread, order, word * 4, 4, AccessKind::Write, 21};
}
Step step_of(std::vector<Access> accesses) {
  Step s;
  s.accesses = std::move(accesses);
  return s;
}

TEST(Hazards, ReadAfterWriteByAnotherThread) {
  std::vector<Hazard> h = hazards(step_of({write(0, 5), read(1, 5)}), 4);
  ASSERT_EQ(h.size(), 1u);
  EXPECT_EQ(h[0].kind, HazardKind::ReadAfterWrite);
  EXPECT_EQ(h[0].word, 5u);
  EXPECT_EQ(h[0].first.thread, 0u);
  EXPECT_EQ(h[0].second.thread, 1u);
  EXPECT_EQ(h[0].first.line, 21);
  EXPECT_EQ(h[0].second.line, 20);
}

TEST(Hazards, WriteAfterReadAndWriteAfterWrite) {
  std::vector<Hazard> war = hazards(step_of({read(3, 7), write(4, 7)}), 4);
  ASSERT_EQ(war.size(), 1u);
  EXPECT_EQ(war[0].kind, HazardKind::WriteAfterRead);
  std::vector<Hazard> waw = hazards(step_of({write(3, 7), write(4, 7)}), 4);
  ASSERT_EQ(waw.size(), 1u);
  EXPECT_EQ(waw[0].kind, HazardKind::WriteAfterWrite);
  EXPECT_EQ(hazard_name(waw[0].kind), "write-after-write");
}

TEST(Hazards, FoundWhenTheFirstAccessIsTheSameThreads) {
  // Thread 0 reads, thread 1 reads, thread 0 writes: thread 1's read races with thread 0's write.
  std::vector<Hazard> h = hazards(step_of({read(0, 2), read(1, 2, 0), write(0, 2, 1)}), 4);
  ASSERT_EQ(h.size(), 1u);
  EXPECT_EQ(h[0].kind, HazardKind::WriteAfterRead);
  EXPECT_EQ(h[0].first.thread, 1u);
}

TEST(Hazards, NoneForOneThreadBroadcastsOrDifferentWords) {
  EXPECT_TRUE(hazards(step_of({write(0, 1), read(0, 1, 1), write(0, 1, 2)}), 4).empty());
  EXPECT_TRUE(hazards(step_of({read(0, 9), read(1, 9), read(2, 9)}), 4).empty());  // broadcast
  EXPECT_TRUE(hazards(step_of({write(0, 1), read(1, 2), write(2, 3)}), 4).empty());
}

// Lane accesses with a warp epoch: the __syncwarp() calls the lane passed before it in the step.
Access at_epoch(Access a, std::uint32_t epoch) {
  a.warp_epoch = epoch;
  return a;
}

TEST(Hazards, WarpBarrierOrdersTwoLanesOfOneWarp) {
  Step s = step_of({write(0, 5), at_epoch(read(1, 5), 1)});
  s.warp_syncs = {{0, 0xffffffffu, 30}};
  EXPECT_TRUE(hazards(s, 4).empty());
  // A barrier of just those two lanes orders them too; the lane outside its mask races.
  s = step_of({write(0, 5), at_epoch(read(1, 5), 1), read(2, 5)});
  s.warp_syncs = {{0, 0b011u, 30}};
  std::vector<Hazard> h = hazards(s, 4);
  ASSERT_EQ(h.size(), 1u);
  EXPECT_EQ(h[0].second.thread, 2u);
}

TEST(Hazards, TheEarliestRacingAccessIsTheOneReported) {
  // Lane 2 wrote before the barrier, lane 3 after it: lane 1's read races with lane 3's write
  // only (lane 2's is ordered), and lane 33's write in another warp is earlier still.
  Step s = step_of({write(2, 5), at_epoch(write(3, 5), 1), write(33, 5), at_epoch(read(1, 5), 1)});
  s.warp_syncs = {{0, 0xffffffffu, 30}, {1, 0xffffffffu, 30}};
  std::vector<Hazard> h = hazards(s, 4);
  ASSERT_EQ(h.size(), 2u);  // write-after-write (lanes 2 and 33), read-after-write
  EXPECT_EQ(h[1].kind, HazardKind::ReadAfterWrite);
  EXPECT_EQ(h[1].first.thread, 3u);
  EXPECT_EQ(h[1].second.thread, 1u);
}

TEST(Hazards, WarpBarrierWhoseMaskLeavesALaneOutOrdersNothing) {
  // Lanes 0 and 2 synced (mask 0b101); lane 1 passed its own barrier with lane 3 (mask 0b1010).
  Step s = step_of({write(0, 5), at_epoch(read(1, 5), 1)});
  s.warp_syncs = {{0, 0b0101u, 30}, {0, 0b1010u, 31}};
  std::vector<Hazard> h = hazards(s, 4);
  ASSERT_EQ(h.size(), 1u);
  EXPECT_EQ(h[0].kind, HazardKind::ReadAfterWrite);
}

TEST(Hazards, WarpBarrierDoesNotOrderLanesOfDifferentWarps) {
  Step s = step_of({write(0, 5), at_epoch(read(32, 5), 1)});
  s.warp_syncs = {{0, 0xffffffffu, 30}, {1, 0xffffffffu, 30}};
  ASSERT_EQ(hazards(s, 4).size(), 1u);
}

TEST(Hazards, AccessesBetweenTheSameTwoWarpBarriersStillRace) {
  // The "__syncwarp() after each add" tail: lane 0 reads s[16], lane 16 writes it, same epoch.
  Step s =
      step_of({at_epoch(read(0, 16), 1), at_epoch(read(16, 16), 1), at_epoch(write(16, 16, 1), 1)});
  s.warp_syncs = {{0, 0xffffffffu, 30}, {0, 0xffffffffu, 32}};
  std::vector<Hazard> h = hazards(s, 4);
  ASSERT_EQ(h.size(), 1u);
  EXPECT_EQ(h[0].kind, HazardKind::WriteAfterRead);
  EXPECT_EQ(h[0].first.thread, 0u);
  EXPECT_EQ(h[0].second.thread, 16u);
}

TEST(Hazards, ReadSyncWriteSyncIsRaceFree) {
  // The race-free tail: every lane reads (epoch 0), syncs, writes (epoch 1), syncs; the next read
  // (epoch 2) sees the writes.
  Step s = step_of({read(0, 16), read(16, 32), at_epoch(write(0, 0, 1), 1),
                    at_epoch(write(16, 16, 1), 1), at_epoch(read(0, 16, 2), 2)});
  s.warp_syncs = {{0, 0xffffffffu, 30}, {0, 0xffffffffu, 32}};
  EXPECT_TRUE(hazards(s, 4).empty());
}

TEST(Hazards, EightByteAccessesCoverTwoWords) {
  Access wide{0, 0, 8, 8, AccessKind::Write, 30};  // words 2 and 3
  std::vector<Hazard> h = hazards(step_of({wide, read(1, 3)}), 4);
  ASSERT_EQ(h.size(), 1u);
  EXPECT_EQ(h[0].word, 3u);
}

}  // namespace
}  // namespace stridescope

#include "catalog/emu/emulator.h"
#include "shared.h"

namespace stridescope {
namespace {

// The halving loop with its __syncthreads() removed: the first bug of the hazard lab.
void halving_without_barrier() {
  Shared<int, EmulatorProbe> s;
  unsigned tid = threadIdx.x;
  s[tid] = static_cast<int>(tid);
  __syncthreads();
  for (unsigned stride = blockDim.x / 2; stride > 0; stride >>= 1) {
    if (tid < stride) s[tid] += s[tid + stride];
  }
}

// Collects the accesses of the block's last step.
class LastStep final : public emu::Observer {
 public:
  bool traces_block(unsigned) const override { return true; }
  void on_access(unsigned, const Access& a, std::uint32_t, unsigned long long) override {
    pending.accesses.push_back(a);
  }
  void on_step_end(unsigned, StepKind, int, std::span<const std::byte>) override {
    last = std::move(pending);
    pending = Step{};
  }
  Step pending, last;
};

TEST(Hazards, EmulatedKernelWithoutItsBarrierRaces) {
  LastStep observer;
  emu::launch(
      {1, 64, 64 * sizeof(int)}, [] { halving_without_barrier(); }, observer);
  std::vector<Hazard> h = hazards(observer.last, 4);
  ASSERT_FALSE(h.empty());
  // The emulator runs thread 0's whole loop before thread 1's, so thread 0 reads s[1] before thread
  // 1 writes it: a write-after-read in the trace's order (on a GPU the order, and so the kind,
  // varies).
  bool s1_write_after_read = false;
  for (const Hazard& hazard : h) {
    s1_write_after_read |= hazard.kind == HazardKind::WriteAfterRead && hazard.word == 1 &&
                           hazard.first.thread == 0 && hazard.second.thread == 1;
  }
  EXPECT_TRUE(s1_write_after_read);
}

}  // namespace
}  // namespace stridescope
