// STRIDESCOPE-ONLY (nvcc 13 refuses the mask-less shuffles for sm_70 and later): the shuffles CUDA
// 9 removed, as Professional CUDA C Programming prints them. stridescope run runs them as their
// full-mask _sync forms, with one warning line for each. For tests/test_own_semantics.cpp.
#include <cstdio>

__global__ void legacy(int* out) {
  int v = int(threadIdx.x);
  for (int offset = 16; offset > 0; offset /= 2) v += __shfl_xor(v, offset);
  const int first = __shfl(v, 0);
  const int down = __shfl_down(int(threadIdx.x), 1), up = __shfl_up(int(threadIdx.x), 1);
  if (threadIdx.x == 0) out[0] = v + first + down + up;
}

int main() {
  int* d;
  int h = 0;
  cudaMalloc(&d, sizeof h);
  legacy<<<1, 32>>>(d);
  cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost);
  printf("legacy butterfly: %d\n", h);
  return 0;
}
