// Kahan (compensated) summation: each thread sums its share of the input in a grid-stride loop,
// carrying the low bits each addition drops; then the halving tree adds the threads' sums.
#pragma once

#include "shared.h"

namespace stridescope::kernels {

template <typename T, typename Probe>
__global__ void reduce_kahan(const T* in, T* block_sums, unsigned n) {
  Shared<T, Probe> s;  // blockDim.x words of shared memory
  unsigned tid = threadIdx.x;
  T sum = T(0), compensation = T(0);
  for (unsigned i = blockIdx.x * blockDim.x + tid; i < n; i += blockDim.x * gridDim.x) {
    T y = in[i] - compensation;    // the element, corrected by what the last addition lost
    T t = sum + y;                 // low bits of y are lost here...
    compensation = (t - sum) - y;  // ...and recovered here (algebraically 0)
    sum = t;
  }
  s[tid] = sum;
  __syncthreads();

  for (unsigned stride = blockDim.x / 2; stride > 0; stride >>= 1) {
    if (tid < stride) s[tid] += s[tid + stride];
    __syncthreads();
  }

  if (tid == 0) block_sums[blockIdx.x] = s[0];
}

}  // namespace stridescope::kernels
