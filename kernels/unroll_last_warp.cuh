// Variant 5, unroll the last warp (Harris, kernel 5) in its race-free form: once 32 threads are
// left they need no __syncthreads(); __syncwarp() separates every read from the next write.
#pragma once

#include "shared.h"

namespace stridescope::kernels {

template <typename T, typename Probe>
__global__ void reduce_unroll_last_warp(const T* in, T* block_sums, unsigned n) {
  Shared<T, Probe> s;  // blockDim.x words of shared memory; blockDim.x >= 64
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * (2 * blockDim.x) + threadIdx.x;
  T sum = (i < n) ? in[i] : T(0);
  if (i + blockDim.x < n) sum += in[i + blockDim.x];
  s[tid] = sum;
  __syncthreads();

  for (unsigned stride = blockDim.x / 2; stride > 32; stride >>= 1) {
    if (tid < stride) s[tid] += s[tid + stride];
    __syncthreads();
  }

  if (tid < 32) {  // the last warp: its lanes only wait for each other
    T v = s[tid];
    for (unsigned offset = 32; offset > 0; offset >>= 1) {  // six fixed steps: nvcc unrolls them
      v += s[tid + offset];
      __syncwarp();  // every lane has read before any lane writes
      s[tid] = v;
      __syncwarp();  // every lane has written before any lane reads again
    }
  }

  if (tid == 0) block_sums[blockIdx.x] = s[0];
}

}  // namespace stridescope::kernels

// ---- catalog entry: how StrideScope lists and launches this kernel (not shown as source) ----
#include "variant_info.h"

namespace stridescope::kernels {

struct UnrollLastWarpVariant {
  static constexpr VariantDescription description{
      .id = "unroll-last-warp",
      .source_file = "unroll_last_warp.cuh",
      .lesson = {.title = "5. Unroll the last warp (race-free)",
                 .teaches =
                     "Once 32 threads or fewer are left, they are one warp: __syncwarp() is enough "
                     "between steps. Every lane reads into a register, the warp syncs, every lane "
                     "writes, the warp syncs again.",
                 .reference =
                     "Harris, Optimizing Parallel Reduction in CUDA, slides 21-22 (kernel 5), in "
                     "the form the CUDA Programming Guide asks for since Volta (__syncwarp)",
                 .step_rule =
                     "Threads tid < stride add s[tid + stride] into s[tid]; in the last warp "
                     "each lane reads, waits at __syncwarp(), writes, waits again.",
                 .stored_value = "the sum of its two elements, i and i + blockDim.x"},
      .launch = {.grid = GridPolicy::TwoPerThread, .min_block = 64},
      .ladder = {.family = BenchFamily::Harris, .rung = 5, .harris_name = "unroll last warp"}};
  template <typename T, typename Probe>
  static auto kernel(unsigned) {
    return &reduce_unroll_last_warp<T, Probe>;
  }
};

}  // namespace stridescope::kernels
