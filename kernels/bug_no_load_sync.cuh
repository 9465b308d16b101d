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
