// Harris's reduction kernels 1-3 ("Optimizing Parallel Reduction in CUDA") as plain CUDA C++,
// written like the catalog's kernels/interleaved_divergent.cuh, interleaved_strided.cuh and
// sequential.cuh, with `extern __shared__ int s[]` sized by the launch. The cross-check test runs
// it with `stridescope run` and compares each launch's trace with the catalog variant's.
#include <cstdio>

__global__ void kernel1(const int* in, int* block_sums, unsigned n) {
  extern __shared__ int s[];
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  s[tid] = (i < n) ? in[i] : 0;
  __syncthreads();
  for (unsigned stride = 1; stride < blockDim.x; stride *= 2) {
    if (tid % (2 * stride) == 0) s[tid] += s[tid + stride];
    __syncthreads();
  }
  if (tid == 0) block_sums[blockIdx.x] = s[0];
}

__global__ void kernel2(const int* in, int* block_sums, unsigned n) {
  extern __shared__ int s[];
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  s[tid] = (i < n) ? in[i] : 0;
  __syncthreads();
  for (unsigned stride = 1; stride < blockDim.x; stride *= 2) {
    unsigned index = 2 * stride * tid;
    if (index < blockDim.x) s[index] += s[index + stride];
    __syncthreads();
  }
  if (tid == 0) block_sums[blockIdx.x] = s[0];
}

__global__ void kernel3(const int* in, int* block_sums, unsigned n) {
  extern __shared__ int s[];
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  s[tid] = (i < n) ? in[i] : 0;
  __syncthreads();
  for (unsigned stride = blockDim.x / 2; stride > 0; stride >>= 1) {
    if (tid < stride) s[tid] += s[tid + stride];
    __syncthreads();
  }
  if (tid == 0) block_sums[blockIdx.x] = s[0];
}

int main() {
  const unsigned n = 1024, block = 256, grid = n / block;
  int host[n], sums[grid];
  for (unsigned i = 0; i < n; i++) host[i] = i;
  int *in, *out;
  cudaMalloc((void**)&in, n * sizeof(int));
  cudaMalloc((void**)&out, grid * sizeof(int));
  cudaMemcpy(in, host, n * sizeof(int), cudaMemcpyHostToDevice);
  for (int k = 1; k <= 3; k++) {
    if (k == 1) kernel1<<<grid, block, block * sizeof(int)>>>(in, out, n);
    if (k == 2) kernel2<<<grid, block, block * sizeof(int)>>>(in, out, n);
    if (k == 3) kernel3<<<grid, block, block * sizeof(int)>>>(in, out, n);
    cudaMemcpy(sums, out, grid * sizeof(int), cudaMemcpyDeviceToHost);
    int total = 0;
    for (unsigned b = 0; b < grid; b++) total += sums[b];
    printf("kernel %d: %d\n", k, total);
  }
  cudaFree(in);
  cudaFree(out);
  return 0;
}
