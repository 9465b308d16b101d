// The device build on a real GPU: each variant's untraced kernel gives the emulator's sums.
#include <gtest/gtest.h>

#include <numeric>

#include "core/input.h"
#include "cuda/device_reduce.h"
#include "emu/run_variant.h"
#include "registry.h"

namespace stridescope {
namespace {

class Gpu : public ::testing::Test {
 protected:
  void SetUp() override {
    if (cuda::device_name().empty()) GTEST_SKIP() << "no CUDA device: GPU test not run";
  }
};

TEST_F(Gpu, EveryVariantAndBlockSizeMatchesTheEmulator) {
  for (const VariantInfo& v : variant_catalog()) {
    for (unsigned block = 2; block <= 1024; block *= 2) {
      for (std::uint64_t n : {std::uint64_t{block}, 3 * std::uint64_t{block} + 5}) {
        std::vector<int> input = make_input<int>("random", n, 9);
        std::vector<int> sums = cuda::block_sums_int(std::string(v.id), input, block);
        RunRequest r;
        r.variant = std::string(v.id);
        r.block = block;
        r.n = n;
        r.input = "random";
        r.seed = 9;
        Trace trace = run_on_emulator(r);
        EXPECT_EQ(sums[0], trace.blocks[0].partial) << v.id << " " << block << " " << n;
        EXPECT_EQ(std::accumulate(sums.begin(), sums.end(), 0), trace.result) << v.id;
      }
    }
  }
}

TEST_F(Gpu, BadVariantIsAClearError) {
  EXPECT_THROW(cuda::block_sums_int("nope", {1, 2, 3}, 32), cuda::CudaError);
}

}  // namespace
}  // namespace stridescope
