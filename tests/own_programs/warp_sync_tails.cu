// Warp-synchronous code as the books print it, for tests/test_own_semantics.cpp: Harris's kernel 5
// tail (`volatile` shared memory, no __syncwarp(): undefined since Volta, but what every GPU
// prints is the full sum), the same tail on global memory, and a block-wide sum finished by one
// warp with a counter in shared memory. The default schedule must print what a GPU prints.
#include <cstdio>

__device__ void warp_reduce(volatile int* s, unsigned tid) {
  s[tid] += s[tid + 32];
  s[tid] += s[tid + 16];
  s[tid] += s[tid + 8];
  s[tid] += s[tid + 4];
  s[tid] += s[tid + 2];
  s[tid] += s[tid + 1];
}

__global__ void shared_tail(const int* in, int* out) {
  __shared__ int s[256];
  unsigned tid = threadIdx.x;
  s[tid] = in[blockIdx.x * blockDim.x + tid];
  __syncthreads();
  for (unsigned stride = blockDim.x / 2; stride > 32; stride >>= 1) {
    if (tid < stride) s[tid] += s[tid + stride];
    __syncthreads();
  }
  if (tid < 32) warp_reduce(s, tid);
  if (tid == 0) out[blockIdx.x] = s[0];
}

// The same tail, on the block's slice of a global array.
__global__ void global_tail(int* data, int* out) {
  volatile int* g = data + blockIdx.x * 64;
  unsigned tid = threadIdx.x;
  if (tid < 32) {
    g[tid] += g[tid + 32];
    g[tid] += g[tid + 16];
    g[tid] += g[tid + 8];
    g[tid] += g[tid + 4];
    g[tid] += g[tid + 2];
    g[tid] += g[tid + 1];
  }
  if (tid == 0) out[blockIdx.x] = g[0];
}

int main() {
  const int n = 4 * 256;
  int host[n], sums[4];
  long long expected = 0;
  for (int i = 0; i < n; i++) host[i] = i % 97, expected += host[i];
  int *d_in, *d_out;
  cudaMalloc(&d_in, n * sizeof(int));
  cudaMalloc(&d_out, 4 * sizeof(int));
  cudaMemcpy(d_in, host, n * sizeof(int), cudaMemcpyHostToDevice);
  shared_tail<<<4, 256>>>(d_in, d_out);
  cudaMemcpy(sums, d_out, sizeof sums, cudaMemcpyDeviceToHost);
  printf("shared tail: %d %d %d %d, total %d (expected %lld)\n", sums[0], sums[1], sums[2],
         sums[3], sums[0] + sums[1] + sums[2] + sums[3], expected);
  global_tail<<<4, 64>>>(d_in, d_out);  // blocks sum in[0..63], in[64..127], ...
  cudaMemcpy(sums, d_out, sizeof sums, cudaMemcpyDeviceToHost);
  int first = 0;
  for (int i = 0; i < 64; i++) first += host[i];
  printf("global tail: %d (expected %d), %d, %d, %d\n", sums[0], first, sums[1], sums[2], sums[3]);
  cudaFree(d_in);
  cudaFree(d_out);
  return 0;
}
