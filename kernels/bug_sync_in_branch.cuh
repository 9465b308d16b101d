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
