// Bug playground (broken on purpose): the halving loop's __syncthreads() moved inside the branch.
// Only threads with tid < stride reach it; the others go on or exit: barrier divergence.
#pragma once

#include "shared.h"

namespace stridescope::kernels {

template <typename T, typename Probe>
__global__ void reduce_bug_sync_in_branch(const T* in, T* block_sums, unsigned n) {
  Shared<T, Probe> s;  // blockDim.x words of shared memory
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  s[tid] = (i < n) ? in[i] : T(0);
  __syncthreads();

  for (unsigned stride = blockDim.x / 2; stride > 0; stride >>= 1) {
    if (tid < stride) {
      s[tid] += s[tid + stride];
      __syncthreads();  // BUG: threads with tid >= stride never get here
    }
  }

  if (tid == 0) block_sums[blockIdx.x] = s[0];
}

}  // namespace stridescope::kernels

// ---- catalog entry: how StrideScope lists and launches this kernel (not shown as source) ----
#include "variant_info.h"

namespace stridescope::kernels {

struct BugSyncInBranchVariant {
  static constexpr VariantDescription description{
      .id = "bug-sync-in-branch",
      .source_file = "bug_sync_in_branch.cuh",
      .lesson = {.title = "Bug: __syncthreads() inside if (tid < stride)",
                 .teaches =
                     "A barrier must be reached by every thread of the block. Inside the branch, "
                     "the threads with tid >= stride skip it: barrier divergence.",
                 .reference = "Bug playground; Sanders & Kandrot, CUDA by Example, ch. 5.3.2 (dot "
                              "product \"optimized (incorrectly)\": the same barrier inside "
                              "if (cacheIndex < i)); CUDA Programming Guide, __syncthreads() in "
                              "conditional code",
                 .step_rule =
                     "Threads tid < stride add s[tid + stride] into s[tid] and wait; the others "
                     "skip the barrier.",
                 .broken_on_purpose =
                     "barrier divergence at the first stride: the run stops there. On a "
                     "GPU since Volta the skipping threads exit and the barrier stops "
                     "waiting for them, so it may even sum right; the Programming Guide "
                     "still forbids it, and a variant whose threads did not exit would "
                     "hang",
                 .stored_value = "its element (or 0 if past n)"},
      .behaviour = {.stops_at_divergence = true},
      .lab = {.divergence = true}};
  template <typename T, typename Probe>
  static auto kernel(unsigned) {
    return &reduce_bug_sync_in_branch<T, Probe>;
  }
};

}  // namespace stridescope::kernels
