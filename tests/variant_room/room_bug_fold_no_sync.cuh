// Throw-away bug variant (tests/variant_room only, never in the app): the folding loop without its
// __syncthreads(), so a thread reads a word its partner has not added into yet.
#pragma once

#include "shared.h"

namespace stridescope::kernels {

template <typename T, typename Probe>
__global__ void reduce_room_bug_fold_no_sync(const T* in, T* block_sums, unsigned n) {
  Shared<T, Probe> s;  // blockDim.x words of shared memory
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  s[tid] = (i < n) ? in[i] : T(0);
  __syncthreads();

  for (unsigned half = blockDim.x / 2; half > 0; half >>= 1) {
    if (tid < half) s[tid] += s[2 * half - 1 - tid];
    // BUG: no __syncthreads() here
  }

  if (tid == 0) block_sums[blockIdx.x] = s[0];
}

}  // namespace stridescope::kernels

// ---- catalog entry: how StrideScope lists and launches this kernel (not shown as source) ----
#include "variant_info.h"

namespace stridescope::kernels {

struct RoomBugFoldNoSyncVariant {
  static constexpr VariantDescription description{
      .id = "room-bug-fold-no-sync",
      .source_file = "room_bug_fold_no_sync.cuh",
      .lesson = {.title = "Room test: folding without a barrier",
                 .teaches = "Without a barrier in the loop, folds read words not summed yet.",
                 .reference = "tests/variant_room (a throw-away variant)",
                 .step_rule = "Threads tid < half add s[2 half - 1 - tid] into s[tid], but nobody "
                              "waits: all folds happen in one step.",
                 .broken_on_purpose = "races on the fold's line; elements go missing",
                 .stored_value = "its element (or 0 if past n)"},
      .behaviour = {.timing_dependent = true},
      .lab = {.hazards = true, .lost = true}};
  template <typename T, typename Probe>
  static auto kernel(unsigned) {
    return &reduce_room_bug_fold_no_sync<T, Probe>;
  }
};

}  // namespace stridescope::kernels
