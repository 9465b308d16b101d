// Emulator semantics: barrier ordering, warp barriers, and errors instead of hangs.
#include <gtest/gtest.h>

#include <vector>

#include "catalog/emu/emulator.h"
#include "shared.h"

namespace stridescope {
namespace {

// Records nothing; traces no block.
class Silent final : public emu::Observer {
 public:
  bool traces_block(unsigned) const override { return false; }
  void on_access(unsigned, const Access&, std::uint32_t, unsigned long long) override {}
  void on_step_end(unsigned, StepKind, int, std::span<const std::byte>) override {}
};

// Counts steps and accesses of every block.
class Counter final : public emu::Observer {
 public:
  bool traces_block(unsigned) const override { return true; }
  void on_access(unsigned, const Access& a, std::uint32_t, unsigned long long) override {
    accesses.push_back(a);
  }
  void on_step_end(unsigned, StepKind kind, int line, std::span<const std::byte>) override {
    kinds.push_back(kind);
    lines.push_back(line);
  }
  std::vector<Access> accesses;
  std::vector<StepKind> kinds;
  std::vector<int> lines;
};

// Each thread writes its index, then after the barrier reads its neighbour's word.
void neighbour_exchange(int* out) {
  Shared<int, EmulatorProbe> s;
  unsigned t = threadIdx.x;
  s[t] = static_cast<int>(t) + 100;
  __syncthreads();
  out[blockIdx.x * blockDim.x + t] = s[(t + 1) % blockDim.x];
}

TEST(Emulator, BarrierMakesEveryWriteVisibleToEveryThread) {
  std::vector<int> out(2 * 64, -1);
  Silent observer;
  emu::launch(
      {2, 64, 64 * sizeof(int)}, [&] { neighbour_exchange(out.data()); }, observer);
  for (unsigned b = 0; b < 2; ++b) {
    for (unsigned t = 0; t < 64; ++t)
      EXPECT_EQ(out[b * 64 + t], static_cast<int>((t + 1) % 64) + 100);
  }
}

TEST(Emulator, RecordsOneStepPerBarrierAndAnExitStep) {
  std::vector<int> out(8);
  Counter observer;
  emu::launch(
      {1, 8, 8 * sizeof(int)}, [&] { neighbour_exchange(out.data()); }, observer);
  ASSERT_EQ(observer.kinds.size(), 2u);
  EXPECT_EQ(observer.kinds[0], StepKind::Barrier);
  EXPECT_EQ(observer.kinds[1], StepKind::Exit);
  EXPECT_GT(observer.lines[0], 0);
  EXPECT_EQ(observer.accesses.size(), 16u);  // 8 writes, 8 reads
  EXPECT_EQ(observer.accesses[8].kind, AccessKind::Read);
  EXPECT_EQ(observer.accesses[8].order, 0u);  // order restarts after the barrier
}

// Lane l writes, __syncwarp, then reads lane l^1's word: correct only if the warp barrier holds.
void warp_exchange(int* out) {
  Shared<int, EmulatorProbe> s;
  unsigned t = threadIdx.x;
  s[t] = static_cast<int>(t) * 3;
  __syncwarp();
  out[t] = s[t ^ 1u];
}

TEST(Emulator, WarpBarrierOrdersLanesOfOneWarp) {
  std::vector<int> out(64, -1);
  Silent observer;
  emu::launch(
      {1, 64, 64 * sizeof(int)}, [&] { warp_exchange(out.data()); }, observer);
  for (unsigned t = 0; t < 64; ++t) EXPECT_EQ(out[t], static_cast<int>(t ^ 1u) * 3);
}

void barrier_inside_branch() {
  Shared<int, EmulatorProbe> s;
  unsigned t = threadIdx.x;
  s[t] = 1;
  if (t < 4) __syncthreads();
}

TEST(Emulator, BarrierReachedBySomeThreadsIsAnErrorNotAHang) {
  Silent observer;
  try {
    emu::launch(
        {1, 8, 8 * sizeof(int)}, [] { barrier_inside_branch(); }, observer);
    FAIL() << "expected BarrierDivergence";
  } catch (const emu::BarrierDivergence& e) {
    std::string what = e.what();
    EXPECT_NE(what.find("threads 0\u20133 wait at __syncthreads() on line"), std::string::npos)
        << what;
    EXPECT_NE(what.find("threads 4\u20137 exited"), std::string::npos) << what;
  }
}

void two_different_barriers() {
  if (threadIdx.x % 2 == 0) {
    __syncthreads();
  } else {
    __syncthreads();
  }
}

TEST(Emulator, ThreadsAtDifferentBarriersAreAnError) {
  Silent observer;
  EXPECT_THROW(emu::launch(
                   {1, 4, 16}, [] { two_different_barriers(); }, observer),
               emu::BarrierDivergence);
}

void warp_barrier_missing_lane() {
  if (threadIdx.x != 5) __syncwarp();
}

TEST(Emulator, WarpBarrierWithAMissingLaneIsAnError) {
  Silent observer;
  EXPECT_THROW(emu::launch(
                   {1, 32, 128}, [] { warp_barrier_missing_lane(); }, observer),
               emu::BarrierDivergence);
}

void write_past_the_end() {
  Shared<int, EmulatorProbe> s;
  s[threadIdx.x + 1] = 0;
}

TEST(Emulator, SharedAccessPastTheEndIsAFault) {
  Silent observer;
  try {
    emu::launch(
        {1, 4, 16}, [] { write_past_the_end(); }, observer);
    FAIL() << "expected KernelFault";
  } catch (const emu::KernelFault& e) {
    EXPECT_NE(std::string(e.what()).find("thread 3"), std::string::npos) << e.what();
  }
}

TEST(Emulator, BadLaunchShapesAreRefused) {
  Silent observer;
  EXPECT_THROW(emu::launch(
                   {1, 0, 0}, [] {}, observer),
               emu::KernelFault);
  EXPECT_THROW(emu::launch(
                   {1, 1025, 0}, [] {}, observer),
               emu::KernelFault);
  EXPECT_THROW(emu::launch(
                   {0, 32, 0}, [] {}, observer),
               emu::KernelFault);
}

TEST(Emulator, CanRunAgainAfterAnError) {
  Silent observer;
  EXPECT_THROW(emu::launch(
                   {1, 8, 32}, [] { barrier_inside_branch(); }, observer),
               emu::BarrierDivergence);
  std::vector<int> out(8);
  emu::launch(
      {1, 8, 32}, [&] { neighbour_exchange(out.data()); }, observer);
  EXPECT_EQ(out[7], 100);
}

}  // namespace
}  // namespace stridescope
