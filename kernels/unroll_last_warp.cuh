// Variant 5, unroll the last warp (Harris, kernel 5) in its race-free form: once 32 threads are
// left they need no __syncthreads(); __syncwarp() separates every read from the next write.
#pragma once

#include "shared.h"

namespace stridescope::kernels {

template <typename T, typename Probe>
__global__ void reduce_unroll_last_warp(const T* in, T* block_sums, unsigned n) {
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

  if (tid < 32) {  // the last warp: its lanes only wait for each other
    T v = s[tid];
    for (unsigned offset = 32; offset > 0; offset >>= 1) {  // six fixed steps: nvcc unrolls them
      v += s[tid + offset];
      __syncwarp();  // every lane has read before any lane writes
      s[tid] = v;
      __syncwarp();  // every lane has written before any lane reads again
    }
  }

  if (tid == 0) block_sums[blockIdx.x] = s[0];
}

}  // namespace stridescope::kernels
