// Blocks of a kernel whose threads share nothing between barriers run each lane to its next
// barrier (sharing_probe.h); a kernel whose lanes do share, through shared or global memory, keeps
// the lanes' turns at every access in every block, and prints what a GPU's lockstep warps print.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "cli/run_command.h"
#include "program/own_program.h"
#include "run_command.h"
#include "runtime/sharing_probe.h"

namespace stridescope {
namespace {

namespace fs = std::filesystem;
using test_support::have_clang_tools;

// A warp-synchronous tail (Harris's kernel 5, no __syncwarp) and lanes reading their neighbour's
// global word right after writing their own: both right only where a warp's lanes take turns.
const std::string kProgram = R"(#include <cstdio>
__global__ void tail(const int* in, int* out) {
  __shared__ volatile int s[64];
  int t = threadIdx.x;
  s[t] = in[blockIdx.x * 64 + t];
  __syncthreads();
  if (t < 32) {
    s[t] += s[t + 32]; s[t] += s[t + 16]; s[t] += s[t + 8];
    s[t] += s[t + 4]; s[t] += s[t + 2]; s[t] += s[t + 1];
  }
  if (t == 0) out[blockIdx.x] = s[0];
}
__global__ void neighbour(volatile int* g, int* out) {
  int i = blockIdx.x * 32 + threadIdx.x;
  g[i] = i;
  out[i] = g[i ^ 1];
}
int main() {
  const int blocks = 64, n = blocks * 64;
  static int h[n];
  for (int i = 0; i < n; ++i) h[i] = 1;
  int *in, *out, *g, *o;
  cudaMalloc(&in, n * sizeof(int));
  cudaMalloc(&out, blocks * sizeof(int));
  cudaMalloc(&g, n * sizeof(int));
  cudaMalloc(&o, n * sizeof(int));
  cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
  cudaMemset(g, 0, n * sizeof(int));
  int wrong = 0;
  for (int launch = 0; launch < 2; ++launch) {
    tail<<<blocks, 64>>>(in, out);
    cudaMemcpy(h, out, blocks * sizeof(int), cudaMemcpyDeviceToHost);
    for (int b = 0; b < blocks; ++b) wrong += h[b] != 64;
    cudaMemset(out, 0, blocks * sizeof(int));
  }
  neighbour<<<n / 32, 32>>>(g, o);
  cudaMemcpy(h, o, sizeof h, cudaMemcpyDeviceToHost);
  int neighbours = 0;
  for (int i = 0; i < n; ++i) neighbours += h[i] != (i ^ 1);
  printf("wrong sums %d, wrong neighbours %d\n", wrong, neighbours);
}
)";

TEST(SharingProbe, LanesThatShareKeepTheirTurnsInEveryBlock) {
  if (!have_clang_tools()) GTEST_SKIP() << "clang++-14 / llvm-symbolizer-14 not installed";
  OwnRunOptions options;
  options.file = (fs::path(STRIDESCOPE_TEST_TMP) / "sharing_probe.cu").string();
  std::ofstream(options.file) << kProgram;
  std::ostringstream out, err;
  ASSERT_EQ(command_run(options, "", false, out, err), 0) << err.str();
  EXPECT_EQ(out.str().substr(0, out.str().find('\n') + 1), "wrong sums 0, wrong neighbours 0\n");
}

// The probe's rule, access by access: threads share a word between two barriers where one wrote
// it and another touched it, or one read it and another wrote it; reads, a thread's own accesses,
// atomics among themselves and accesses on either side of a barrier share nothing.
TEST(SharingProbe, AWordSharedBetweenBarriersIsOneWrittenByOneThreadAndTouchedByAnother) {
  using stridescope_rt::SharingProbe;
  const auto shared_after = [](auto accesses) {
    SharingProbe probe;
    probe.begin_block(64);
    accesses(probe);
    return probe.shared();
  };
  EXPECT_FALSE(shared_after([](SharingProbe& p) {
    p.shared_access(0, 4, 'w', 3);
    p.shared_access(0, 4, 'r', 3);
    p.shared_access(0, 4, 'w', 3);
  }));
  EXPECT_FALSE(shared_after([](SharingProbe& p) {
    p.shared_access(8, 4, 'r', 1);
    p.shared_access(8, 4, 'r', 2);
  }));
  EXPECT_FALSE(shared_after([](SharingProbe& p) {  // a histogram's bins
    p.shared_access(8, 4, 'a', 1);
    p.shared_access(8, 4, 'a', 2);
  }));
  EXPECT_FALSE(shared_after([](SharingProbe& p) {
    p.shared_access(8, 4, 'w', 1);
    p.next_interval();
    p.shared_access(8, 4, 'r', 2);
  }));
  EXPECT_FALSE(shared_after([](SharingProbe& p) {  // neighbouring words
    p.shared_access(0, 4, 'w', 1);
    p.shared_access(4, 4, 'w', 2);
  }));
  EXPECT_TRUE(shared_after([](SharingProbe& p) {  // read after write
    p.shared_access(8, 4, 'w', 1);
    p.shared_access(8, 4, 'r', 2);
  }));
  EXPECT_TRUE(shared_after([](SharingProbe& p) {  // write after read
    p.shared_access(8, 4, 'r', 1);
    p.shared_access(8, 4, 'w', 2);
  }));
  EXPECT_TRUE(shared_after([](SharingProbe& p) {  // write after write
    p.shared_access(8, 4, 'w', 1);
    p.shared_access(8, 4, 'w', 2);
  }));
  EXPECT_TRUE(shared_after([](SharingProbe& p) {  // an 8-byte read over another's word
    p.shared_access(12, 4, 'w', 1);
    p.shared_access(8, 8, 'r', 2);
  }));
  EXPECT_TRUE(shared_after([](SharingProbe& p) {  // a plain read of what atomics update
    p.shared_access(8, 4, 'a', 1);
    p.shared_access(8, 4, 'r', 2);
  }));
  EXPECT_TRUE(shared_after([](SharingProbe& p) {  // global memory alike
    p.global_access(0x1000, 4, 'w', 1);
    p.global_access(0x1000, 4, 'r', 2);
  }));
  EXPECT_TRUE(shared_after([](SharingProbe& p) { p.shared_something(); }));  // a printf
  // A new block forgets the last one's notes.
  SharingProbe probe;
  probe.begin_block(64);
  probe.shared_access(8, 4, 'w', 1);
  probe.begin_block(64);
  probe.shared_access(8, 4, 'r', 2);
  EXPECT_FALSE(probe.shared());
}

// The probe keeps every global word's notes in a large block: after 100,000 words written by thread
// 1, reads by thread 2 of the words just past either end share nothing, a read of any word thread 1
// wrote (the first, the last, one between) does; a new block forgets them all.
TEST(SharingProbe, EveryGlobalWordOfALargeBlockIsKeptAndANewBlockForgetsThem) {
  using stridescope_rt::SharingProbe;
  SharingProbe probe;
  probe.begin_block(0);
  const std::uintptr_t base = 0x7f0000000000;
  for (std::uintptr_t w = 0; w < 100000; ++w) probe.global_access(base + 4 * w, 4, 'w', 1);
  probe.global_access(base + 4 * 100000, 4, 'r', 2);  // a word nobody wrote
  probe.global_access(base - 4, 4, 'r', 2);
  EXPECT_FALSE(probe.shared());
  for (std::uintptr_t w : {std::uintptr_t{0}, std::uintptr_t{99999}, std::uintptr_t{54321}}) {
    probe.begin_block(0);
    for (std::uintptr_t v = 0; v < 100000; ++v) probe.global_access(base + 4 * v, 4, 'w', 1);
    probe.global_access(base + 4 * w, 4, 'r', 2);
    EXPECT_TRUE(probe.shared()) << w;
  }
  probe.begin_block(0);
  probe.global_access(base, 4, 'r', 2);
  EXPECT_FALSE(probe.shared());
}

}  // namespace
}  // namespace stridescope
