// The baseline: every thread stores its element, then thread 0 alone adds them all. blockDim.x - 1
// additions one after another: the depth a tree cuts to log2(blockDim.x).
#pragma once

#include "shared.h"

namespace stridescope::kernels {

template <typename T, typename Probe>
__global__ void reduce_serial_thread0(const T* in, T* block_sums, unsigned n) {
  Shared<T, Probe> s;  // blockDim.x words of shared memory
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  s[tid] = (i < n) ? in[i] : T(0);
  __syncthreads();

  if (tid == 0) {  // everyone else is idle from here on
    T sum = s[0];
    for (unsigned k = 1; k < blockDim.x; ++k) sum += s[k];
    s[0] = sum;
    block_sums[blockIdx.x] = s[0];
  }
}

}  // namespace stridescope::kernels
