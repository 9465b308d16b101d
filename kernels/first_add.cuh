// Variant 5, first add during load (Harris, kernel 4): each thread adds two elements as it loads,
// so half the blocks do the same work and no thread idles in the first step.
#pragma once

#include "shared.h"

namespace stridescope::kernels {

template <typename T, typename Probe>
__global__ void reduce_first_add(const T* in, T* block_sums, unsigned n) {
  Shared<T, Probe> s;  // blockDim.x words of shared memory
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * (2 * blockDim.x) + threadIdx.x;
  T sum = (i < n) ? in[i] : T(0);
  if (i + blockDim.x < n) sum += in[i + blockDim.x];
  s[tid] = sum;
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

struct FirstAddVariant {
  static constexpr VariantDescription description{
      .id = "first-add",
      .source_file = "first_add.cuh",
      .lesson = {.title = "4. First add during load",
                 .teaches =
                     "Each thread adds two input elements while loading, so half as many blocks do "
                     "the same work and no thread is idle in the first step; the rest is the "
                     "halving loop.",
                 .reference =
                     "Harris, Optimizing Parallel Reduction in CUDA, slides 18-19 (kernel 4)",
                 .step_rule =
                     "Threads tid < stride add s[tid + stride] into s[tid]; the stride halves "
                     "every step.",
                 .stored_value = "the sum of its two elements, i and i + blockDim.x"},
      .launch = {.grid = GridPolicy::TwoPerThread},
      .ladder = {.family = BenchFamily::Harris, .rung = 4, .harris_name = "first add"}};
  template <typename T, typename Probe>
  static auto kernel(unsigned) {
    return &reduce_first_add<T, Probe>;
  }
};

// The same kernel relaunched on its own block sums: the lesson of kernel decomposition.
struct RepeatedLaunchesVariant {
  static constexpr VariantDescription description{
      .id = "repeated-launches",
      .source_file = "first_add.cuh",
      .lesson = {.title = "4b. First add during load, relaunched until one block is left (double)",
                 .teaches =
                     "Beyond one block: the kernel's block sums are a new, shorter input, and the "
                     "same kernel runs again on them, pass after pass, until one block holds the "
                     "result. Watch the passes in the Grid tab.",
                 .reference = "Harris, Optimizing Parallel Reduction in CUDA, slides 5-6 (kernel "
                              "decomposition: recursive launches)",
                 .step_rule =
                     "Threads tid < stride add s[tid + stride] into s[tid]; the stride halves "
                     "every step.",
                 .stored_value = "the sum of its two elements, i and i + blockDim.x"},
      .launch = {.grid = GridPolicy::TwoPerThread, .second_stage = SecondStage::Relaunch},
      .gui = {.suggested_type = ElementType::Double},
      .ladder = {.family = BenchFamily::Other, .rung = 10}};
  template <typename T, typename Probe>
  static auto kernel(unsigned) {
    return &reduce_first_add<T, Probe>;
  }
};

}  // namespace stridescope::kernels
