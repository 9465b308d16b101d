// assert() in a kernel, for tests/test_own_semantics.cpp: the threads whose assertion fails print
// CUDA's message (block, thread, expression), the launch ends, and every later call returns
// "device-side assert triggered", as on a GPU. Two blocks of 32 threads; threads 60-63 fail.
#include <cassert>
#include <cstdio>

__global__ void check(int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  assert(i < n);
}

int main() {
  check<<<2, 32>>>(60);
  const cudaError_t sync = cudaDeviceSynchronize();
  printf("after the launch: %s\n", cudaGetErrorString(sync));
  int* d = nullptr;
  const cudaError_t malloc_after = cudaMalloc(&d, 4);
  printf("cudaMalloc after it: %s\n", cudaGetErrorName(malloc_after));
  return sync == cudaErrorAssert ? 0 : 1;
}
