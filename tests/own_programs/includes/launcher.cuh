// A header that launches a kernel (as the cuda-samples' *_kernel.cuh files do).
#pragma once

__global__ void fill(int* out) {
  out[threadIdx.x] = int(threadIdx.x) * 10;
}

inline void fill_in_header(int* out, int n) {
  fill<<<1, n>>>(out);
}
