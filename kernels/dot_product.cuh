// CUDA by Example, chapter 5.3.1: the dot product as the book writes it. Each thread accumulates
// a[i] * b[i] in a grid-stride loop, the block halves its shared `cache`, thread 0 writes the
// block's partial, and the host adds the partials. a and b arrive back to back in one buffer.
#pragma once

#include "shared.h"

namespace stridescope::kernels {

template <typename T, typename Probe>
__global__ void dot(const T* in, T* c, unsigned n) {
  const T* a = in;
  const T* b = in + n;
  Shared<T, Probe> cache;  // the book's __shared__ float cache[threadsPerBlock]
  unsigned tid = threadIdx.x + blockIdx.x * blockDim.x;
  unsigned cacheIndex = threadIdx.x;

  T temp = T(0);
  while (tid < n) {
    temp += a[tid] * b[tid];
    tid += blockDim.x * gridDim.x;
  }
  cache[cacheIndex] = temp;  // set the cache values
  __syncthreads();           // synchronize threads in this block

  // for reductions, threadsPerBlock must be a power of 2 because of the following code
  unsigned i = blockDim.x / 2;
  while (i != 0) {
    if (cacheIndex < i) cache[cacheIndex] += cache[cacheIndex + i];
    __syncthreads();
    i /= 2;
  }

  if (cacheIndex == 0) c[blockIdx.x] = cache[0];
}

}  // namespace stridescope::kernels

// ---- catalog entry: how StrideScope lists and launches this kernel (not shown as source) ----
#include "variant_info.h"

namespace stridescope::kernels {

struct DotProductVariant {
  static constexpr VariantDescription description{
      .id = "dot-product",
      .source_file = "dot_product.cuh",
      .lesson = {.title = "CUDA by Example: dot product (host adds the partials)",
                 .teaches =
                     "The book's first reduction: 256 threads per block, at most 32 blocks, each "
                     "thread sums a[i] * b[i] in a grid-stride loop, the block halves its shared "
                     "cache, thread 0 writes the block's partial and the CPU adds the partials.",
                 .reference = "Sanders & Kandrot, CUDA by Example, ch. 5.3.1 (dot product)",
                 .step_rule =
                     "Threads cacheIndex < i add cache[cacheIndex + i] into cache[cacheIndex]; "
                     "i halves every step.",
                 .stored_value = "temp (its grid-stride sum of a[i] * b[i])",
                 .shared_array = "cache",
                 .thread_index = "cacheIndex"},
      .launch = {.grid = GridPolicy::BookDot, .inputs = 2, .op = Operator::Dot},
      .ladder = {.family = BenchFamily::Other, .rung = 17}};
  template <typename T, typename Probe>
  static auto kernel(unsigned) {
    return &dot<T, Probe>;
  }
};

}  // namespace stridescope::kernels
