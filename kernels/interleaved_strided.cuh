// Variant 2, interleaved addressing with a strided index (Harris, kernel 2): no divergence, bank
// conflicts.
#pragma once

#include "shared.h"

namespace stridescope::kernels {

template <typename T, typename Probe>
__global__ void reduce_interleaved_strided(const T* in, T* block_sums, unsigned n) {
  Shared<T, Probe> s;  // blockDim.x words of shared memory
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  s[tid] = (i < n) ? in[i] : T(0);
  __syncthreads();

  for (unsigned stride = 1; stride < blockDim.x; stride *= 2) {
    unsigned index = 2 * stride * tid;
    if (index < blockDim.x) s[index] += s[index + stride];
    __syncthreads();
  }

  if (tid == 0) block_sums[blockIdx.x] = s[0];
}

}  // namespace stridescope::kernels

// ---- catalog entry: how StrideScope lists and launches this kernel (not shown as source) ----
#include "variant_info.h"

namespace stridescope::kernels {

struct InterleavedStridedVariant {
  static constexpr VariantDescription description{
      .id = "interleaved-strided",
      .source_file = "interleaved_strided.cuh",
      .lesson = {.title = "2. Interleaved addressing, strided index",
                 .teaches = "Consecutive threads do the work, so whole warps retire; but the index "
                            "2*stride*tid makes lanes of a warp hit the same bank: bank conflicts.",
                 .reference =
                     "Harris, Optimizing Parallel Reduction in CUDA, slides 10-12 (kernel 2)",
                 .step_rule =
                     "Thread tid adds s[2*stride*tid + stride] into s[2*stride*tid] while that "
                     "index is in the block.",
                 .stored_value = "its element (or 0 if past n)"},
      .ladder = {.family = BenchFamily::Harris, .rung = 2, .harris_name = "strided index"}};
  template <typename T, typename Probe>
  static auto kernel(unsigned) {
    return &reduce_interleaved_strided<T, Probe>;
  }
};

}  // namespace stridescope::kernels
