// CUDA features beyond __syncthreads(), for tests/test_own_program.cpp: a warp-shuffle sum
// (launch 0), a shared-memory histogram with atomicAdd (launch 1) and a warp tail ordered by
// __syncwarp() (launch 2), on 64 threads with the values 0..63.
#include <cstdio>

__global__ void shuffle_sum(const int* in, int* out) {
  int v = in[threadIdx.x];
  for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffff, v, offset);
  if (threadIdx.x % 32 == 0) atomicAdd(out, v);
}

__global__ void histogram(const int* in, int* bins) {
  __shared__ int counts[4];
  if (threadIdx.x < 4) counts[threadIdx.x] = 0;
  __syncthreads();
  atomicAdd(&counts[in[threadIdx.x] % 4], 1);
  __syncthreads();
  if (threadIdx.x < 4) bins[threadIdx.x] = counts[threadIdx.x];
}

__global__ void warp_tail(const int* in, int* out) {
  __shared__ int s[64];
  unsigned tid = threadIdx.x;
  s[tid] = in[tid];
  __syncthreads();
  if (tid < 32) {
    s[tid] += s[tid + 32];
    __syncwarp();
    for (unsigned stride = 16; stride > 0; stride /= 2) {
      int other = tid < stride ? s[tid + stride] : 0;
      __syncwarp();
      if (tid < stride) s[tid] += other;
      __syncwarp();
    }
  }
  if (tid == 0) *out = s[0];
}

int main() {
  int host[64], bins[4], sum = 0;
  for (int i = 0; i < 64; i++) host[i] = i;
  int *in, *out;
  cudaMalloc(&in, sizeof host);
  cudaMalloc(&out, 4 * sizeof(int));
  cudaMemcpy(in, host, sizeof host, cudaMemcpyHostToDevice);
  cudaMemset(out, 0, 4 * sizeof(int));
  shuffle_sum<<<1, 64>>>(in, out);
  cudaMemcpy(&sum, out, sizeof(int), cudaMemcpyDeviceToHost);
  printf("shuffle sum %d\n", sum);
  histogram<<<1, 64>>>(in, out);
  cudaMemcpy(bins, out, sizeof bins, cudaMemcpyDeviceToHost);
  printf("bins %d %d %d %d\n", bins[0], bins[1], bins[2], bins[3]);
  warp_tail<<<1, 64>>>(in, out);
  cudaMemcpy(&sum, out, sizeof(int), cudaMemcpyDeviceToHost);
  printf("warp tail sum %d\n", sum);
  return 0;
}
