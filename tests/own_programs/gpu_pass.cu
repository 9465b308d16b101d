// What nvcc's device pass and a GPU's scheduling give, for tests/test_own_semantics.cpp:
// __CUDA_ARCH__ in device code and its absence in host code, labeled and binary partitions, a tile
// of four warps reduced through block_tile_memory, printf in the order a GPU's warps print it
// (across blocks and barriers), a kernel that waits for clock64() to pass a count, the device's
// properties, a float sum of products rounded as nvcc's FMA rounds it, and launches from several
// host threads at once.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cstdio>
#include <thread>
#include <vector>

namespace cg = cooperative_groups;

__global__ void arch(int* out) {
#if __CUDA_ARCH__ >= 700
  out[0] = __CUDA_ARCH__ / 100;
#else
  out[0] = -1;
#endif
}

int host_pass() {
#ifndef __CUDA_ARCH__
  return 1;
#else
  return 0;
#endif
}

__global__ void partitions(int* out) {
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(cg::this_thread_block());
  const int v = int(threadIdx.x);
  cg::coalesced_group same = cg::labeled_partition(warp, v % 3);
  const int sum = cg::reduce(same, v, cg::plus<int>());
  cg::coalesced_group odd_even = cg::binary_partition(warp, v & 1);
  const int biggest = cg::reduce(odd_even, v, cg::greater<int>());
  cg::sync(warp);
  if (same.thread_rank() == 0) out[v % 3] = sum * 100 + int(same.size());
  if (odd_even.thread_rank() == 0) out[3 + (v & 1)] = biggest;
}

__global__ void four_warps(int* out) {
  __shared__ cg::block_tile_memory<256> scratch;
  cg::thread_block block = cg::this_thread_block(scratch);
  cg::thread_block_tile<128> tile = cg::tiled_partition<128>(block);
  const int sum = cg::reduce(tile, int(threadIdx.x), cg::plus<int>());
  if (tile.thread_rank() == 0) out[tile.meta_group_rank()] = sum;
}

__global__ void talk() {
  printf("block %d thread %d: before\n", blockIdx.x, threadIdx.x);
  if (threadIdx.x == 0) printf("block %d: thread 0 again\n", blockIdx.x);
  __syncthreads();
  printf("block %d thread %d: after\n", blockIdx.x, threadIdx.x);
}

__global__ void wait_clock(long long* out, long long cycles) {
  const long long start = clock64();
  long long now = start;
  while (now - start < cycles) now = clock64();
  out[0] = now - start >= cycles;
}

__global__ void dot(const float* a, const float* b, int n, float* out) {
  float sum = 0;
  for (int i = 0; i < n; i++) sum += a[i] * b[i];
  *out = sum;
}

__global__ void add_one(int* x, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] += 1;
}

int main() {
  int* d;
  int h[8] = {0};
  cudaMalloc(&d, sizeof h);

  arch<<<1, 1>>>(d);
  cudaMemcpy(h, d, sizeof(int), cudaMemcpyDeviceToHost);
  printf("device pass: compute capability %d.x code; host pass: %d\n", h[0], host_pass());

  cudaMemset(d, 0, sizeof h);
  partitions<<<1, 32>>>(d);
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  printf("labels: %d %d %d; odd/even max: %d %d\n", h[0], h[1], h[2], h[3], h[4]);

  four_warps<<<1, 256>>>(d);
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  printf("tiles of 128: %d %d\n", h[0], h[1]);

  talk<<<2, 3>>>();
  cudaDeviceSynchronize();

  long long* c;
  long long waited = 0;
  cudaMalloc(&c, sizeof waited);
  wait_clock<<<1, 1>>>(c, 1000000);
  cudaMemcpy(&waited, c, sizeof waited, cudaMemcpyDeviceToHost);
  printf("waited for the clock: %lld\n", waited);

  cudaDeviceProp p;
  cudaGetDeviceProperties(&p, 0);
  int blocks = 0;
  cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, add_one, 32, 0);
  printf("%d multiprocessors, compute capability %d.%d, %d blocks of 32 threads each\n",
         p.multiProcessorCount, p.major, p.minor, blocks);

  const int n = 1000;
  std::vector<float> a(n), b(n);
  for (int i = 0; i < n; i++) {
    a[i] = 1.0f + i * 0.001f;
    b[i] = 1.0f / (i + 1);
  }
  float *da, *db, *dsum, sum = 0;
  cudaMalloc(&da, n * sizeof(float));
  cudaMalloc(&db, n * sizeof(float));
  cudaMalloc(&dsum, sizeof(float));
  cudaMemcpy(da, a.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(db, b.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  dot<<<1, 1>>>(da, db, n, dsum);
  cudaMemcpy(&sum, dsum, sizeof sum, cudaMemcpyDeviceToHost);
  printf("sum of products: %.9g\n", sum);

  const int per = 1000, threads = 4;
  std::vector<int*> xs(threads);
  std::vector<std::thread> host;
  for (int t = 0; t < threads; t++)
    host.emplace_back([&, t] {
      cudaMalloc(&xs[t], per * sizeof(int));
      cudaMemset(xs[t], 0, per * sizeof(int));
      for (int k = 0; k < 5; k++) add_one<<<(per + 127) / 128, 128>>>(xs[t], per);
      cudaDeviceSynchronize();
    });
  for (std::thread& t : host) t.join();
  long total = 0;
  for (int t = 0; t < threads; t++) {
    std::vector<int> back(per);
    cudaMemcpy(back.data(), xs[t], per * sizeof(int), cudaMemcpyDeviceToHost);
    for (int v : back) total += v;
  }
  printf("launches from %d host threads: %ld\n", threads, total);
  return 0;
}
