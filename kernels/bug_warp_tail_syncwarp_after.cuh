// Bug playground (broken on purpose): the common "fix" that puts __syncwarp() after each line of
// the warp tail. Still racy: lane 0 reads s[16] while lane 16 writes s[16], between the same two
// warp barriers. The race-free form (variant unroll-last-warp) reads, syncs, writes, syncs.
#pragma once

#include "shared.h"

namespace stridescope::kernels {

template <typename T, typename Probe>
__global__ void reduce_bug_warp_tail_syncwarp_after(const T* in, T* block_sums, unsigned n) {
  Shared<T, Probe> s;  // blockDim.x words of shared memory; blockDim.x >= 64
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * (2 * blockDim.x) + threadIdx.x;
  T sum = (i < n) ? in[i] : T(0);
  if (i + blockDim.x < n) sum += in[i + blockDim.x];
  s[tid] = sum;
  __syncthreads();

  for (unsigned stride = blockDim.x / 2; stride > 32; stride >>= 1) {
    if (tid < stride) s[tid] += s[tid + stride];
    __syncthreads();
  }

  if (tid < 32) {  // BUG: each line reads a word another lane writes before the same __syncwarp()
    s[tid] += s[tid + 32];
    __syncwarp();
    s[tid] += s[tid + 16];
    __syncwarp();
    s[tid] += s[tid + 8];
    __syncwarp();
    s[tid] += s[tid + 4];
    __syncwarp();
    s[tid] += s[tid + 2];
    __syncwarp();
    s[tid] += s[tid + 1];
    __syncwarp();
  }

  if (tid == 0) block_sums[blockIdx.x] = s[0];
}

}  // namespace stridescope::kernels

// ---- catalog entry: how StrideScope lists and launches this kernel (not shown as source) ----
#include "variant_info.h"

namespace stridescope::kernels {

struct BugWarpTailSyncwarpAfterVariant {
  static constexpr VariantDescription description{
      .id = "bug-warp-tail-syncwarp-after",
      .source_file = "bug_warp_tail_syncwarp_after.cuh",
      .lesson = {.title = "Bug: warp tail with __syncwarp() after each add",
                 .teaches =
                     "A __syncwarp() after each s[tid] += s[tid + k] is not enough: lane 0 reads "
                     "s[16] while lane 16 writes it, between the same two warp barriers. Read, "
                     "sync, write, sync is (variant unroll-last-warp).",
                 .reference = "Bug playground; compare with variant 5 (unroll-last-warp)",
                 .step_rule =
                     "Threads tid < stride add s[tid + stride] into s[tid]; then lanes 0-31 add "
                     "and wait at __syncwarp(), six times.",
                 .broken_on_purpose =
                     "write-after-read races between lanes of warp 0; in the emulator's "
                     "lane order the sum happens to come out right, and on an H100 a "
                     "converged warp does too (racecheck stays silent), but the "
                     "Programming Guide gives no such promise",
                 .stored_value = "the sum of its two elements, i and i + blockDim.x"},
      .launch = {.grid = GridPolicy::TwoPerThread, .min_block = 64},
      .behaviour = {.timing_dependent = true},
      .lab = {.hazards = true}};
  template <typename T, typename Probe>
  static auto kernel(unsigned) {
    return &reduce_bug_warp_tail_syncwarp_after<T, Probe>;
  }
};

}  // namespace stridescope::kernels
