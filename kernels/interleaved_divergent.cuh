// Variant 1, interleaved addressing with a divergent branch (Harris, "Optimizing Parallel
// Reduction", kernel 1).
#pragma once

#include "shared.h"

namespace stridescope::kernels {

template <typename T, typename Probe>
__global__ void reduce_interleaved_divergent(const T* in, T* block_sums, unsigned n) {
  Shared<T, Probe> s;  // blockDim.x words of shared memory
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  s[tid] = (i < n) ? in[i] : T(0);
  __syncthreads();

  for (unsigned stride = 1; stride < blockDim.x; stride *= 2) {
    if (tid % (2 * stride) == 0) s[tid] += s[tid + stride];
    __syncthreads();
  }

  if (tid == 0) block_sums[blockIdx.x] = s[0];
}

}  // namespace stridescope::kernels

// ---- catalog entry: how StrideScope lists and launches this kernel (not shown as source) ----
#include "variant_info.h"

namespace stridescope::kernels {

struct InterleavedDivergentVariant {
  static constexpr VariantDescription description{
      .id = "interleaved-divergent",
      .source_file = "interleaved_divergent.cuh",
      .lesson = {.title = "1. Interleaved addressing, divergent branch",
                 .teaches =
                     "Threads whose index is a multiple of 2*stride work: every warp stays busy "
                     "with few active lanes, so the branch diverges at every step.",
                 .reference =
                     "Harris, Optimizing Parallel Reduction in CUDA, slides 7-8 (kernel 1)",
                 .step_rule =
                     "If tid is a multiple of 2*stride, thread tid adds s[tid + stride] into "
                     "s[tid].",
                 .stored_value = "its element (or 0 if past n)"},
      .ladder = {.family = BenchFamily::Harris, .rung = 1, .harris_name = "divergent"}};
  template <typename T, typename Probe>
  static auto kernel(unsigned) {
    return &reduce_interleaved_divergent<T, Probe>;
  }
};

}  // namespace stridescope::kernels
