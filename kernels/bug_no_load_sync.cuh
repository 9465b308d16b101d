// Bug playground (broken on purpose): no __syncthreads() between the load and the halving loop.
// Threads add words their partners have not stored yet: reads of uninitialized shared memory.
#pragma once

#include "shared.h"

namespace stridescope::kernels {

template <typename T, typename Probe>
__global__ void reduce_bug_no_load_sync(const T* in, T* block_sums, unsigned n) {
  Shared<T, Probe> s;  // blockDim.x words of shared memory
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  s[tid] = (i < n) ? in[i] : T(0);
  // BUG: no __syncthreads() here, so the first stride may read a word nobody has stored yet

  for (unsigned stride = blockDim.x / 2; stride > 0; stride >>= 1) {
    if (tid < stride) s[tid] += s[tid + stride];
    __syncthreads();
  }

  if (tid == 0) block_sums[blockIdx.x] = s[0];
}

}  // namespace stridescope::kernels

// ---- catalog entry: how StrideScope lists and launches this kernel (not shown as source) ----
#include "variant_info.h"

namespace stridescope::kernels {

struct BugNoLoadSyncVariant {
  static constexpr VariantDescription description{
      .id = "bug-no-load-sync",
      .source_file = "bug_no_load_sync.cuh",
      .lesson = {.title = "Bug: no __syncthreads() after the load",
                 .teaches =
                     "The first stride reads words that their threads have not stored yet: reads "
                     "of uninitialized shared memory, and races between the load and the loop.",
                 .reference = "Bug playground; compare with variant 3 (sequential)",
                 .step_rule =
                     "Threads store their element and at once add s[tid + stride] into s[tid].",
                 .broken_on_purpose =
                     "uninitialized reads and races in the first step; the emulator's "
                     "thread-by-thread order is one possible outcome",
                 .stored_value = "its element (or 0 if past n)"},
      .behaviour = {.timing_dependent = true},
      .lab = {.hazards = true, .lost = true, .uninitialized = true}};
  template <typename T, typename Probe>
  static auto kernel(unsigned) {
    return &reduce_bug_no_load_sync<T, Probe>;
  }
};

}  // namespace stridescope::kernels
