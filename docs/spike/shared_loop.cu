// Spike: cost per instrumented shared access. One block of 256 threads; each thread does
// ITERS rounds of one shared load and one shared store (2 * 256 * ITERS accesses in all), with a
// __syncthreads() per round. Built three ways in docs/own-programs.md: instrumented and traced,
// instrumented but not traced (STRIDESCOPE_TRACED_BLOCK=1: the callback only tests the address),
// and not instrumented.
#include <cstdio>

#ifndef ITERS
#define ITERS 1024
#endif

__global__ void churn(int* out) {
  __shared__ int cache[256];
  int tid = threadIdx.x;
  cache[tid] = tid;
  __syncthreads();
  int acc = 0;
  for (int k = 0; k < ITERS; ++k) {
    acc += cache[(tid + k) % 256];
    cache[tid] = acc;
    __syncthreads();
  }
  if (tid == 0) out[0] = cache[0];
}

int main() {
  int* dev_out;
  int host_out = 0;
  cudaMalloc((void**)&dev_out, sizeof(int));
  churn<<<1, 256>>>(dev_out);
  cudaMemcpy(&host_out, dev_out, sizeof(int), cudaMemcpyDeviceToHost);
  printf("out = %d\n", host_out);
  cudaFree(dev_out);
  return 0;
}
