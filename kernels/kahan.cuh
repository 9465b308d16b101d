// Kahan (compensated) summation: each thread sums its share of the input in a grid-stride loop,
// carrying the low bits each addition drops; then the halving tree adds the threads' sums.
#pragma once

#include "shared.h"

namespace stridescope::kernels {

template <typename T, typename Probe>
__global__ void reduce_kahan(const T* in, T* block_sums, unsigned n) {
  Shared<T, Probe> s;  // blockDim.x words of shared memory
  unsigned tid = threadIdx.x;
  T sum = T(0), compensation = T(0);
  for (unsigned i = blockIdx.x * blockDim.x + tid; i < n; i += blockDim.x * gridDim.x) {
    T y = in[i] - compensation;    // the element, corrected by what the last addition lost
    T t = sum + y;                 // low bits of y are lost here...
    compensation = (t - sum) - y;  // ...and recovered here (algebraically 0)
    sum = t;
  }
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

struct KahanVariant {
  static constexpr VariantDescription description{
      .id = "kahan",
      .source_file = "kahan.cuh",
      .lesson = {.title = "9. Kahan: compensated sums per thread, then the tree",
                 .teaches =
                     "Each thread sums its grid-stride share with Kahan's compensation, carrying "
                     "the low bits every float addition drops; the tree then adds only blockDim.x "
                     "sums. Compare its error with the others in the precision panel.",
                 .reference =
                     "Kahan, Further remarks on reducing truncation errors (CACM, 1965); Higham, "
                     "Accuracy and Stability of Numerical Algorithms, ch. 4",
                 .step_rule =
                     "Threads tid < stride add s[tid + stride] into s[tid]; the stride halves "
                     "every step.",
                 .stored_value = "its Kahan-compensated sum of its grid-stride share"},
      .launch = {.grid = GridPolicy::GridStride},
      .behaviour = {.compensated = true},
      .ladder = {.family = BenchFamily::Other, .rung = 16}};
  template <typename T, typename Probe>
  static auto kernel(unsigned) {
    return &reduce_kahan<T, Probe>;
  }
};

}  // namespace stridescope::kernels
