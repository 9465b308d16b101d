// The baseline: every thread stores its element, then thread 0 alone adds them all. blockDim.x - 1
// additions one after another: the depth a tree cuts to log2(blockDim.x).
#pragma once

#include "shared.h"

namespace stridescope::kernels {

template <typename T, typename Probe>
__global__ void reduce_serial_thread0(const T* in, T* block_sums, unsigned n) {
  Shared<T, Probe> s;  // blockDim.x words of shared memory
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  s[tid] = (i < n) ? in[i] : T(0);
  __syncthreads();

  if (tid == 0) {  // everyone else is idle from here on
    T sum = s[0];
    for (unsigned k = 1; k < blockDim.x; ++k) sum += s[k];
    s[0] = sum;
    block_sums[blockIdx.x] = s[0];
  }
}

}  // namespace stridescope::kernels

// ---- catalog entry: how StrideScope lists and launches this kernel (not shown as source) ----
#include "variant_info.h"

namespace stridescope::kernels {

struct SerialVariant {
  static constexpr VariantDescription description{
      .id = "serial",
      .source_file = "serial_thread0.cuh",
      .lesson = {.title = "0. Serial: thread 0 adds everything",
                 .teaches =
                     "The baseline: every thread stores its element, then one thread adds them one "
                     "after another. blockDim.x - 1 additions deep, while a tree needs "
                     "log2(blockDim.x) steps.",
                 .reference =
                     "The starting point of Harris, slide 3 (tree-based approach); Sanders & "
                     "Kandrot, CUDA by Example, ch. 5.3",
                 .step_rule =
                     "Thread 0 reads every word and adds it into its sum; the others are idle.",
                 .stored_value = "its element (or 0 if past n)"},
      .ladder = {.family = BenchFamily::Other, .rung = 8}};
  template <typename T, typename Probe>
  static auto kernel(unsigned) {
    return &reduce_serial_thread0<T, Probe>;
  }
};

}  // namespace stridescope::kernels
