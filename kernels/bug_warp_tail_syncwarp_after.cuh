// Bug playground (broken on purpose): the common "fix" that puts __syncwarp() after each line of
// the warp tail. Still racy: lane 0 reads s[16] while lane 16 writes s[16], between the same two
// warp barriers. The race-free form (variant unroll-last-warp) reads, syncs, writes, syncs.
#pragma once

#include "shared.h"

namespace stridescope::kernels {

template <typename T, typename Probe>
__global__ void reduce_bug_warp_tail_syncwarp_after(const T* in, T* block_sums, unsigned n) {
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

  if (tid < 32) {  // BUG: each line reads a word another lane writes before the same __syncwarp()
    s[tid] += s[tid + 32];
    __syncwarp();
    s[tid] += s[tid + 16];
    __syncwarp();
    s[tid] += s[tid + 8];
    __syncwarp();
    s[tid] += s[tid + 4];
    __syncwarp();
    s[tid] += s[tid + 2];
    __syncwarp();
    s[tid] += s[tid + 1];
    __syncwarp();
  }

  if (tid == 0) block_sums[blockIdx.x] = s[0];
}

}  // namespace stridescope::kernels
