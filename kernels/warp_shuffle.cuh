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
