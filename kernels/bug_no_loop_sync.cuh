// Bug playground (broken on purpose): the halving loop with its __syncthreads() removed. Threads
// read a partner's word before the partner has added into it: races, and elements go missing.
#pragma once

#include "shared.h"

namespace stridescope::kernels {

template <typename T, typename Probe>
__global__ void reduce_bug_no_loop_sync(const T* in, T* block_sums, unsigned n) {
  Shared<T, Probe> s;  // blockDim.x words of shared memory
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  s[tid] = (i < n) ? in[i] : T(0);
  __syncthreads();

  for (unsigned stride = blockDim.x / 2; stride > 0; stride >>= 1) {
    if (tid < stride) s[tid] += s[tid + stride];
    // BUG: no __syncthreads() here, so the next stride may read a word that is not summed yet
  }

  if (tid == 0) block_sums[blockIdx.x] = s[0];
}

}  // namespace stridescope::kernels

// ---- catalog entry: how StrideScope lists and launches this kernel (not shown as source) ----
#include "variant_info.h"

namespace stridescope::kernels {

struct BugNoLoopSyncVariant {
  static constexpr VariantDescription description{
      .id = "bug-no-loop-sync",
      .source_file = "bug_no_loop_sync.cuh",
      .lesson = {.title = "Bug: halving loop without its __syncthreads()",
                 .teaches =
                     "Without a barrier in the loop, a thread reads its partner's word before the "
                     "partner has added into it: data races, and elements never reach s[0].",
                 .reference = "Bug playground; compare with variant 3 (sequential)",
                 .step_rule =
                     "Threads tid < stride add s[tid + stride] into s[tid], but nobody waits: "
                     "all strides happen in one step.",
                 .broken_on_purpose =
                     "races on the loop's line; the emulator runs each thread's whole "
                     "loop in turn, so its result is one possible outcome (a GPU's "
                     "depends on timing)",
                 .stored_value = "its element (or 0 if past n)"},
      .behaviour = {.timing_dependent = true},
      .lab = {.hazards = true, .lost = true}};
  template <typename T, typename Probe>
  static auto kernel(unsigned) {
    return &reduce_bug_no_loop_sync<T, Probe>;
  }
};

}  // namespace stridescope::kernels
