// Variant 3, sequential addressing: the halving loop of CUDA by Example ch. 5 (Harris, kernel 3).
#pragma once

#include "shared.h"

namespace stridescope::kernels {

template <typename T, typename Probe>
__global__ void reduce_sequential(const T* in, T* block_sums, unsigned n) {
  Shared<T, Probe> s;  // blockDim.x words of shared memory
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  s[tid] = (i < n) ? in[i] : T(0);
  __syncthreads();

  for (unsigned stride = blockDim.x / 2; stride > 0; stride >>= 1) {
    if (tid < stride) s[tid] += s[tid + stride];
    __syncthreads();
  }

  if (tid == 0) block_sums[blockIdx.x] = s[0];
}

}  // namespace stridescope::kernels

// ---- catalog entry: how StrideScope lists and launches this kernel (not shown as source) ----
#include "variant_info.h"

namespace stridescope::kernels {

struct SequentialVariant {
  static constexpr VariantDescription description{
      .id = "sequential",
      .source_file = "sequential.cuh",
      .lesson = {.title = "3. Sequential addressing (halving loop)",
                 .teaches =
                     "The stride halves from blockDim.x/2: threads 0..stride-1 add the upper half "
                     "into the lower half. No divergence inside busy warps, no bank conflicts.",
                 .reference =
                     "Harris, slides 13-16 (kernel 3); Sanders & Kandrot, CUDA by Example, ch. "
                     "5.3",
                 .step_rule =
                     "Threads tid < stride add s[tid + stride] into s[tid]; the stride halves "
                     "every step.",
                 .stored_value = "its element (or 0 if past n)"},
      .ladder = {.family = BenchFamily::Harris, .rung = 3, .harris_name = "sequential"}};
  template <typename T, typename Probe>
  static auto kernel(unsigned) {
    return &reduce_sequential<T, Probe>;
  }
};

}  // namespace stridescope::kernels
