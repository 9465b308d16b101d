// A launch CUDA refuses (2048 threads per block; at most 1024): `stridescope run --backend cuda`
// prints the launch as failed and ends with one error line, status 2 (tests/test_cuda_backend.cpp).
#include <cstdio>

__global__ void fill(int* out) { out[threadIdx.x] = threadIdx.x; }

int main() {
  int* out;
  cudaMalloc((void**)&out, 2048 * sizeof(int));
  fill<<<1, 2048>>>(out);
  printf("launched (the program does not check)\n");
  cudaFree(out);
  return 0;
}
