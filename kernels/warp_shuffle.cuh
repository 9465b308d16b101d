// Warp shuffles: each warp adds its 32 values in registers with __shfl_down_sync (five rounds, no
// shared memory and no barrier), lane 0 stores the warp's sum, and warp 0 adds those sums the
// same way. The canvas shows warp 0's registers at every round.
#pragma once

#include "shared.h"

namespace stridescope::kernels {

template <typename T, typename Probe>
__global__ void reduce_warp_shuffle(const T* in, T* block_sums, unsigned n) {
  Shared<T, Probe> s;  // one word per warp is used; blockDim.x is a multiple of 32
  unsigned tid = threadIdx.x, lane = tid % 32, warp = tid / 32;
  unsigned i = blockIdx.x * blockDim.x + tid;
  T value = (i < n) ? in[i] : T(0);
  for (unsigned offset = 16; offset > 0; offset >>= 1) {
    value += __shfl_down_sync(0xffffffffu, value, offset);  // lane l gets lane l + offset's value
  }
  if (lane == 0) s[warp] = value;  // lane 0 holds its warp's sum
  __syncthreads();

  if (warp == 0) {
    unsigned warps = blockDim.x / 32;
    value = lane < warps ? T(s[lane]) : T(0);
    for (unsigned offset = 16; offset > 0; offset >>= 1) {
      value += __shfl_down_sync(0xffffffffu, value, offset);
    }
    if (lane == 0) {
      s[0] = value;
      block_sums[blockIdx.x] = value;
    }
  }
}

}  // namespace stridescope::kernels

// ---- catalog entry: how StrideScope lists and launches this kernel (not shown as source) ----
#include "variant_info.h"

namespace stridescope::kernels {

struct WarpShuffleVariant {
  static constexpr VariantDescription description{
      .id = "warp-shuffle",
      .source_file = "warp_shuffle.cuh",
      .lesson = {.title = "Warp shuffles (__shfl_down_sync), then one word per warp",
                 .teaches =
                     "Inside a warp, lanes hand values to each other in registers: five rounds of "
                     "__shfl_down_sync with offsets 16, 8, 4, 2, 1 sum 32 values with no shared "
                     "memory and no barrier. Shared memory only carries one sum per warp.",
                 .reference =
                     "NVIDIA Developer Blog, Faster Parallel Reductions on Kepler (Luitjens, "
                     "2014); CUDA Programming Guide, warp shuffle functions",
                 .step_rule =
                     "Each lane l adds the value of lane l + offset; lane 0 ends with the warp's "
                     "sum.",
                 .stored_value = "its warp's sum"},
      .launch = {.min_block = 32},
      .behaviour = {.result_in_word0 = false},
      .ladder = {.family = BenchFamily::Shuffle, .rung = 12}};
  template <typename T, typename Probe>
  static auto kernel(unsigned) {
    return &reduce_warp_shuffle<T, Probe>;
  }
};

}  // namespace stridescope::kernels
