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
