// The catalog's two warp-level kernels as plain CUDA C++, written like kernels/unroll_last_warp.cuh
// (the last warp with __syncwarp() between its reads and writes) and kernels/warp_shuffle.cuh
// (five rounds of __shfl_down_sync per warp, then one word per warp), with `extern __shared__ int
// s[]` sized by the launch. The cross-check test traces each launch with `stridescope run` and
// compares it, warp round by warp round, with the catalog variant's trace.
#include <cstdio>

__global__ void unroll_last_warp(const int* in, int* block_sums, unsigned n) {
  extern __shared__ int s[];
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * (2 * blockDim.x) + threadIdx.x;
  int sum = (i < n) ? in[i] : 0;
  if (i + blockDim.x < n) sum += in[i + blockDim.x];
  s[tid] = sum;
  __syncthreads();
  for (unsigned stride = blockDim.x / 2; stride > 32; stride >>= 1) {
    if (tid < stride) s[tid] += s[tid + stride];
    __syncthreads();
  }
  if (tid < 32) {
    int v = s[tid];
    for (unsigned offset = 32; offset > 0; offset >>= 1) {
      v += s[tid + offset];
      __syncwarp();
      s[tid] = v;
      __syncwarp();
    }
  }
  if (tid == 0) block_sums[blockIdx.x] = s[0];
}

__global__ void warp_shuffle(const int* in, int* block_sums, unsigned n) {
  extern __shared__ int s[];
  unsigned tid = threadIdx.x, lane = tid % 32, warp = tid / 32;
  unsigned i = blockIdx.x * blockDim.x + tid;
  int value = (i < n) ? in[i] : 0;
  for (unsigned offset = 16; offset > 0; offset >>= 1) {
    value += __shfl_down_sync(0xffffffffu, value, offset);
  }
  if (lane == 0) s[warp] = value;
  __syncthreads();
  if (warp == 0) {
    unsigned warps = blockDim.x / 32;
    value = lane < warps ? s[lane] : 0;
    for (unsigned offset = 16; offset > 0; offset >>= 1) {
      value += __shfl_down_sync(0xffffffffu, value, offset);
    }
    if (lane == 0) {
      s[0] = value;
      block_sums[blockIdx.x] = value;
    }
  }
}

int main() {
  const unsigned n = 1024, block = 256;
  int host[n], sums[4];
  for (unsigned i = 0; i < n; i++) host[i] = i;
  int *in, *out;
  cudaMalloc((void**)&in, n * sizeof(int));
  cudaMalloc((void**)&out, 4 * sizeof(int));
  cudaMemcpy(in, host, n * sizeof(int), cudaMemcpyHostToDevice);
  for (int k = 0; k < 2; k++) {
    unsigned grid = k == 0 ? n / (2 * block) : n / block;  // the first adds two elements a thread
    if (k == 0) unroll_last_warp<<<grid, block, block * sizeof(int)>>>(in, out, n);
    if (k == 1) warp_shuffle<<<grid, block, block * sizeof(int)>>>(in, out, n);
    cudaMemcpy(sums, out, grid * sizeof(int), cudaMemcpyDeviceToHost);
    int total = 0;
    for (unsigned b = 0; b < grid; b++) total += sums[b];
    printf("%s: %d\n", k == 0 ? "unroll_last_warp" : "warp_shuffle", total);
  }
  cudaFree(in);
  cudaFree(out);
  return 0;
}
