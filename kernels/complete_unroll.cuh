// Variant 6, completely unrolled (Harris, kernel 6): the block size is a template parameter, so
// each `if (BlockSize >= ...)` is decided by the compiler and no loop is left.
#pragma once

#include "shared.h"

namespace stridescope::kernels {

template <typename T, typename Probe, unsigned BlockSize>
__global__ void reduce_complete_unroll(const T* in, T* block_sums, unsigned n) {
  Shared<T, Probe> s;  // BlockSize words of shared memory; BlockSize >= 64
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * (2 * BlockSize) + threadIdx.x;
  T sum = (i < n) ? in[i] : T(0);
  if (i + BlockSize < n) sum += in[i + BlockSize];
  s[tid] = sum;
  __syncthreads();

  if (BlockSize >= 1024) {
    if (tid < 512) s[tid] += s[tid + 512];
    __syncthreads();
  }
  if (BlockSize >= 512) {
    if (tid < 256) s[tid] += s[tid + 256];
    __syncthreads();
  }
  if (BlockSize >= 256) {
    if (tid < 128) s[tid] += s[tid + 128];
    __syncthreads();
  }
  if (BlockSize >= 128) {
    if (tid < 64) s[tid] += s[tid + 64];
    __syncthreads();
  }
  if (tid < 32) {  // the last warp, race-free; six fixed rounds that nvcc unrolls
    T v = s[tid];
    for (unsigned offset = 32; offset > 0; offset >>= 1) {
      v += s[tid + offset];
      __syncwarp();  // every lane has read before any lane writes
      s[tid] = v;
      __syncwarp();  // every lane has written before any lane reads again
    }
  }

  if (tid == 0) block_sums[blockIdx.x] = s[0];
}

// The host picks the instance for the launch's block size (a power of two, 64..1024).
template <typename T, typename Probe>
auto complete_unroll_for(unsigned block) -> void (*)(const T*, T*, unsigned) {
  switch (block) {
    case 1024:
      return reduce_complete_unroll<T, Probe, 1024>;
    case 512:
      return reduce_complete_unroll<T, Probe, 512>;
    case 256:
      return reduce_complete_unroll<T, Probe, 256>;
    case 128:
      return reduce_complete_unroll<T, Probe, 128>;
    case 64:
      return reduce_complete_unroll<T, Probe, 64>;
    default:
      return nullptr;
  }
}

}  // namespace stridescope::kernels

// ---- catalog entry: how StrideScope lists and launches this kernel (not shown as source) ----
#include "variant_info.h"

namespace stridescope::kernels {

struct CompleteUnrollVariant {
  static constexpr VariantDescription description{
      .id = "complete-unroll",
      .source_file = "complete_unroll.cuh",
      .lesson = {.title = "6. Completely unrolled (block size as a template argument)",
                 .teaches =
                     "With the block size known at compile time, every `if (BlockSize >= ...)` "
                     "disappears and so does the loop: no loop counter, no branch on the stride, "
                     "the same steps as variant 5.",
                 .reference =
                     "Harris, Optimizing Parallel Reduction in CUDA, slides 24-26 (kernel 6)",
                 .step_rule =
                     "Threads tid < stride add s[tid + stride] into s[tid], one unrolled step "
                     "per stride; the last warp reads, syncs, writes, syncs.",
                 .stored_value = "the sum of its two elements, i and i + BlockSize"},
      .launch = {.grid = GridPolicy::TwoPerThread, .min_block = 64},
      .ladder = {.family = BenchFamily::Harris, .rung = 6, .harris_name = "complete unroll"}};
  template <typename T, typename Probe>
  static auto kernel(unsigned block) {
    return complete_unroll_for<T, Probe>(block);
  }
};

}  // namespace stridescope::kernels
