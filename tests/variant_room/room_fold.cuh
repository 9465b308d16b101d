// Throw-away variant (tests/variant_room only, never in the app): the halving loop folding the
// upper half onto the lower half mirrored, s[tid] += s[2 * half - 1 - tid].
#pragma once

#include "shared.h"

namespace stridescope::kernels {

template <typename T, typename Probe>
__global__ void reduce_room_fold(const T* in, T* block_sums, unsigned n) {
  Shared<T, Probe> s;  // blockDim.x words of shared memory
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  s[tid] = (i < n) ? in[i] : T(0);
  __syncthreads();

  for (unsigned half = blockDim.x / 2; half > 0; half >>= 1) {
    if (tid < half) s[tid] += s[2 * half - 1 - tid];
    __syncthreads();
  }

  if (tid == 0) block_sums[blockIdx.x] = s[0];
}

}  // namespace stridescope::kernels

// ---- catalog entry: how StrideScope lists and launches this kernel (not shown as source) ----
#include "variant_info.h"

namespace stridescope::kernels {

struct RoomFoldVariant {
  static constexpr VariantDescription description{
      .id = "room-fold",
      .source_file = "room_fold.cuh",
      .lesson = {.title = "Room test: folding halves",
                 .teaches = "Each step folds the upper half onto the lower half, mirrored.",
                 .reference = "tests/variant_room (a throw-away variant)",
                 .step_rule = "Threads tid < half add s[2 half - 1 - tid] into s[tid]; the half "
                              "halves every step.",
                 .stored_value = "its element (or 0 if past n)"},
      .ladder = {.rung = 9}};  // atomic-add's rung: after it, in catalog order
  template <typename T, typename Probe>
  static auto kernel(unsigned) {
    return &reduce_room_fold<T, Probe>;
  }
};

}  // namespace stridescope::kernels
