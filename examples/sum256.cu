// The halving-loop sum of examples/sum4.cu on one block of 256 threads, input 0, 1, ..., 255
// (sum 32640): the size the figures in docs/own-programs.md are measured on.
#include <cstdio>

#define N 256

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
  int host_in[N];
  for (int i = 0; i < N; ++i) host_in[i] = i;
  int host_out = 0;
  int *dev_in, *dev_out;
  cudaMalloc((void**)&dev_in, N * sizeof(int));
  cudaMalloc((void**)&dev_out, sizeof(int));
  cudaMemcpy(dev_in, host_in, N * sizeof(int), cudaMemcpyHostToDevice);
  sum<<<1, N>>>(dev_in, dev_out);
  cudaMemcpy(&host_out, dev_out, sizeof(int), cudaMemcpyDeviceToHost);
  printf("sum = %d\n", host_out);
  cudaFree(dev_in);
  cudaFree(dev_out);
  return 0;
}
