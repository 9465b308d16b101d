// The halving sum of examples/sum4.cu on a block of 6 threads, a size that is not a power of two:
// the first stride is 3 (6 / 2), the second 1 (3 / 2), and the partial sum left in cache[2] is
// never added. Prints the kernel's sum, 10, beside the true sum of 3 1 4 1 5 9, 23.
// Plain CUDA C++: builds with nvcc as it is, and runs step by step with `stridescope run`.
#include <cstdio>

#define N 6

__global__ void sum(const int* in, int* out) {
  __shared__ int cache[N];
  int tid = threadIdx.x;
  cache[tid] = in[tid];
  __syncthreads();
  for (int i = blockDim.x / 2; i != 0; i /= 2) {
    if (tid < i) cache[tid] += cache[tid + i];
    __syncthreads();
  }
  if (tid == 0) out[blockIdx.x] = cache[0];
}

int main() {
  int host_in[N] = {3, 1, 4, 1, 5, 9};
  int host_out = 0, expected = 0;
  for (int i = 0; i < N; i++) expected += host_in[i];
  int *dev_in, *dev_out;
  cudaMalloc((void**)&dev_in, N * sizeof(int));
  cudaMalloc((void**)&dev_out, sizeof(int));
  cudaMemcpy(dev_in, host_in, N * sizeof(int), cudaMemcpyHostToDevice);
  sum<<<1, N>>>(dev_in, dev_out);
  cudaMemcpy(&host_out, dev_out, sizeof(int), cudaMemcpyDeviceToHost);
  printf("sum = %d with %d threads (the true sum is %d)\n", host_out, N, expected);
  cudaFree(dev_in);
  cudaFree(dev_out);
  return 0;
}
