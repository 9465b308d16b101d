// Bug playground (broken on purpose): the classic warp-synchronous tail with neither volatile nor
// __syncwarp(). Lanes of one warp are not in lockstep (Volta and later): a lane may read a word
// before its neighbour has added into it, or the compiler may keep s[tid] in a register.
#pragma once

#include "shared.h"

namespace stridescope::kernels {

template <typename T, typename Probe>
__global__ void reduce_bug_warp_tail_unsafe(const T* in, T* block_sums, unsigned n) {
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

  if (tid < 32) {  // BUG: assumes the 32 lanes run in lockstep
    s[tid] += s[tid + 32];
    s[tid] += s[tid + 16];
    s[tid] += s[tid + 8];
    s[tid] += s[tid + 4];
    s[tid] += s[tid + 2];
    s[tid] += s[tid + 1];
  }

  if (tid == 0) block_sums[blockIdx.x] = s[0];
}

}  // namespace stridescope::kernels

// ---- catalog entry: how StrideScope lists and launches this kernel (not shown as source) ----
#include "variant_info.h"

namespace stridescope::kernels {

struct BugWarpTailUnsafeVariant {
  static constexpr VariantDescription description{
      .id = "bug-warp-tail-unsafe",
      .source_file = "bug_warp_tail_unsafe.cuh",
      .lesson = {.title = "Bug: warp tail without volatile or __syncwarp()",
                 .teaches =
                     "The warp-synchronous tail of old slides assumes the 32 lanes move in "
                     "lockstep. They do not (Volta and later): a lane can read a word before its "
                     "neighbour has added into it.",
                 .reference = "Bug playground; Harris slide 22 as written for pre-Volta GPUs; CUDA "
                              "Programming Guide, warp synchronization",
                 .step_rule =
                     "Threads tid < stride add s[tid + stride] into s[tid]; then lanes 0-31 run "
                     "six adds with no barrier at all.",
                 .broken_on_purpose =
                     "races between lanes of warp 0 in the last step; the emulator runs "
                     "lane after lane, so elements go missing here (a GPU's outcome "
                     "depends on timing)",
                 .stored_value = "the sum of its two elements, i and i + blockDim.x"},
      .launch = {.grid = GridPolicy::TwoPerThread, .min_block = 64},
      .behaviour = {.timing_dependent = true},
      .lab = {.hazards = true, .lost = true}};
  template <typename T, typename Probe>
  static auto kernel(unsigned) {
    return &reduce_bug_warp_tail_unsafe<T, Probe>;
  }
};

}  // namespace stridescope::kernels
