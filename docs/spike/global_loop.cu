// Spike: cost of recording global memory (docs/own-programs.md, figures). One block of 256
// threads; each does ITERS rounds of one global load and one global store, no barrier, so the
// traced block's one step records 2 * 256 * ITERS accesses, each thread's far apart (a new range
// per access until the threads after it fill the gaps): the runtime's slow path.
#include <cstdio>

#ifndef ITERS
#define ITERS 2048
#endif

__global__ void churn(const int* in, int* out) {
  int tid = threadIdx.x, acc = 0;
  for (int k = 0; k < ITERS; ++k) {
    acc += in[k * 256 + tid];
    out[k * 256 + tid] = acc;
  }
}

int main() {
  int *dev_in, *dev_out, host = 0;
  cudaMalloc((void**)&dev_in, 256 * ITERS * sizeof(int));
  cudaMalloc((void**)&dev_out, 256 * ITERS * sizeof(int));
  cudaMemset(dev_in, 0, 256 * ITERS * sizeof(int));
  churn<<<1, 256>>>(dev_in, dev_out);
  cudaMemcpy(&host, dev_out, sizeof(int), cudaMemcpyDeviceToHost);
  printf("out[0] = %d\n", host);
  cudaFree(dev_in);
  cudaFree(dev_out);
  return 0;
}
