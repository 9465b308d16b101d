// Bug playground (broken on purpose): the classic warp-synchronous tail with neither volatile nor
// __syncwarp(). Lanes of one warp are not in lockstep (Volta and later): a lane may read a word
// before its neighbour has added into it, or the compiler may keep s[tid] in a register.
#pragma once

#include "shared.h"

namespace stridescope::kernels {

template <typename T, typename Probe>
__global__ void reduce_bug_warp_tail_unsafe(const T* in, T* block_sums, unsigned n) {
  Shared<T, Probe> s;  // blockDim.x words of shared memory; blockDim.x >= 64
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * (2 * blockDim.x) + threadIdx.x;
  T sum = (i < n) ? in[i] : T(0);
  if (i + blockDim.x < n) sum += in[i + blockDim.x];
  s[tid] = sum;
  __syncthreads();

  for (unsigned stride = blockDim.x / 2; stride > 32; stride >>= 1) {
    if (tid < stride) s[tid] += s[tid + stride];
    __syncthreads();
  }

  if (tid < 32) {  // BUG: assumes the 32 lanes run in lockstep
    s[tid] += s[tid + 32];
    s[tid] += s[tid + 16];
    s[tid] += s[tid + 8];
    s[tid] += s[tid + 4];
    s[tid] += s[tid + 2];
    s[tid] += s[tid + 1];
  }

  if (tid == 0) block_sums[blockIdx.x] = s[0];
}

}  // namespace stridescope::kernels
