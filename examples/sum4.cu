// A one-block sum reduction with the halving loop, on the four values 3, 1, 4, 2.
// Plain CUDA C++: builds with nvcc as it is, and runs step by step with `stridescope run`.
#include <cstdio>

#define N 4

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
  int host_in[N] = {3, 1, 4, 2};
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
