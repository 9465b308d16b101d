// Kernels the emulator must stop: each ends as a KernelFault naming what happened and where (or,
// for a stack overflow that no check could see coming, as one clear error line and exit 2).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "catalog/emu/emulator.h"
#include "shared.h"

namespace stridescope {
namespace {

class Silent final : public emu::Observer {
 public:
  bool traces_block(unsigned) const override { return false; }
  void on_access(unsigned, const Access&, std::uint32_t, unsigned long long) override {}
  void on_step_end(unsigned, StepKind, int, std::span<const std::byte>) override {}
};

class Tracing final : public emu::Observer {
 public:
  bool traces_block(unsigned) const override { return true; }
  void on_access(unsigned, const Access&, std::uint32_t, unsigned long long) override {
    ++accesses;
  }
  void on_step_end(unsigned, StepKind, int, std::span<const std::byte>) override {}
  std::size_t accesses = 0;
};

// The fault's message, or "" when the launch ended normally.
std::string fault_of(unsigned threads, const std::function<void()>& kernel,
                     const emu::RunLimits& limits = {}, emu::Observer* observer = nullptr) {
  Silent silent;
  try {
    emu::launch({1, threads, threads * 4}, kernel, observer ? *observer : silent, limits);
  } catch (const emu::KernelFault& e) {
    return e.what();
  }
  return "";
}

TEST(EmulatorLimits, IndexesOutsideSharedMemoryAreFaultsEvenWhenTheyWrap) {
  auto negative = [] {
    Shared<int, EmulatorProbe> s;
    int i = -1;
    s[i] = 1;
  };
  std::string why = fault_of(4, negative);
  EXPECT_NE(why.find("s[-1]"), std::string::npos) << why;
  EXPECT_NE(why.find("line"), std::string::npos) << why;
  auto huge = [] {  // 2^30 words of 4 bytes is 2^32 bytes: wraps to 0 in 32-bit arithmetic
    Shared<int, EmulatorProbe> s;
    s[1u << 30] = 1;
  };
  why = fault_of(4, huge);
  EXPECT_NE(why.find("s[1073741824]"), std::string::npos) << why;
  EXPECT_NE(why.find("past the block's 16 bytes"), std::string::npos) << why;
  auto huge_read = [] {
    Shared<double, EmulatorProbe> s;
    double x = s[std::uint64_t{1} << 61];  // 2^64 bytes: wraps to 0 in 64-bit arithmetic too
    (void)x;
  };
  why = fault_of(4, huge_read);
  EXPECT_NE(why.find("past the block's"), std::string::npos) << why;
}

TEST(EmulatorLimits, ALoopAroundSyncthreadsStopsAtTheBarrierBudget) {
  emu::RunLimits limits;
  limits.max_barriers_per_block = 1000;
  std::string why = fault_of(
      32,
      [] {
        for (;;) __syncthreads();
      },
      limits);
  EXPECT_NE(why.find("1000 __syncthreads()"), std::string::npos) << why;
  EXPECT_NE(why.find("line"), std::string::npos) << why;
}

TEST(EmulatorLimits, AHalfWarpSyncwarpLoopStopsAtTheWarpBarrierBudget) {
  emu::RunLimits limits;
  limits.max_warp_syncs_per_step = 1000;
  std::string why = fault_of(
      32,
      [] {
        if (threadIdx.x < 16) {
          for (;;) __syncwarp(0xffffu);
        }
      },
      limits);
  EXPECT_NE(why.find("1000 __syncwarp()"), std::string::npos) << why;
}

// The deadline is looked at in every call a kernel makes into the emulator (a barrier, a shared
// access, a warp function); threadIdx and the other indices are the device API's variables
// (stridescope/device_api.h), read without one, as in a learner's program.
TEST(EmulatorLimits, ALoopWithoutSharedAccessStopsAtTheDeadline) {
  emu::RunLimits limits;
  limits.seconds = 0.3;
  limits.max_warp_syncs_per_step = ~0u;
  std::string why = fault_of(
      4,
      [] {
        unsigned spins = 0;
        while (__activemask() != 0) ++spins;  // asks which lanes are here, forever
      },
      limits);
  EXPECT_NE(why.find("ran for over 0.3 s"), std::string::npos) << why;
}

TEST(EmulatorLimits, TooManyTracedAccessesStopTheTrace) {
  emu::RunLimits limits;
  limits.max_traced_accesses = 10000;
  Tracing tracing;
  std::string why = fault_of(
      32,
      [] {
        Shared<int, EmulatorProbe> s;
        for (int k = 0; k < 1000; ++k) s[threadIdx.x] = k;
      },
      limits, &tracing);
  EXPECT_NE(why.find("10000"), std::string::npos) << why;
  EXPECT_LE(tracing.accesses, 10000u);
}

// Recursion that calls into the emulator on the way down: caught before the stack is full.
unsigned descend(unsigned depth) {
  volatile char frame[1024] = {};
  if (__activemask() == 0) return frame[0];  // never: but the emulator is asked each level
  return depth == 0 ? frame[1] : descend(depth - 1) + frame[2];
}

TEST(EmulatorLimits, DeepRecursionIsAFaultBeforeTheStackOverflows) {
  std::string why = fault_of(4, [] { (void)descend(1000000); });
  EXPECT_NE(why.find("stack"), std::string::npos) << why;
}

// Recursion that never calls into the emulator: the guard page under the stack catches it.
unsigned silent_descent(unsigned depth) {
  volatile char frame[1024] = {};
  return depth == 0 ? frame[0] : silent_descent(depth - 1) + frame[1];
}

#if !defined(__SANITIZE_ADDRESS__)
TEST(EmulatorLimitsDeathTest, ASilentStackOverflowIsOneClearErrorNotACrash) {
  EXPECT_EXIT(
      {
        Silent silent;
        emu::launch(
            {1, 2, 8}, [] { (void)silent_descent(1000000); }, silent);
      },
      ::testing::ExitedWithCode(2), "stridescope: error: an emulated thread overflowed its");
}
#endif

}  // namespace
}  // namespace stridescope
