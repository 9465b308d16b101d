// Variant 7, multiple elements per thread (Harris, kernel 7): a grid-stride loop adds many pairs
// of elements per thread before the completely unrolled tree, so fewer blocks do all the work.
#pragma once

#include "shared.h"

namespace stridescope::kernels {

template <typename T, typename Probe, unsigned BlockSize>
__global__ void reduce_multi_element(const T* in, T* block_sums, unsigned n) {
  Shared<T, Probe> s;  // BlockSize words of shared memory; BlockSize >= 64
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * (2 * BlockSize) + threadIdx.x;
  unsigned grid_size = 2 * BlockSize * gridDim.x;
  T sum = T(0);
  while (i < n) {  // each thread walks the whole input, a grid's width at a time
    sum += in[i];
    if (i + BlockSize < n) sum += in[i + BlockSize];
    i += grid_size;
  }
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
auto multi_element_for(unsigned block) -> void (*)(const T*, T*, unsigned) {
  switch (block) {
    case 1024:
      return reduce_multi_element<T, Probe, 1024>;
    case 512:
      return reduce_multi_element<T, Probe, 512>;
    case 256:
      return reduce_multi_element<T, Probe, 256>;
    case 128:
      return reduce_multi_element<T, Probe, 128>;
    case 64:
      return reduce_multi_element<T, Probe, 64>;
    default:
      return nullptr;
  }
}

}  // namespace stridescope::kernels

// ---- catalog entry: how StrideScope lists and launches this kernel (not shown as source) ----
#include "variant_info.h"

namespace stridescope::kernels {

struct MultiElementVariant {
  static constexpr VariantDescription description{
      .id = "multi-element",
      .source_file = "multi_element.cuh",
      .lesson = {.title = "7. Multiple elements per thread (grid-stride loop)",
                 .teaches =
                     "Each thread first adds many pairs of elements in a grid-stride loop, in "
                     "registers, so a few blocks cover any n: the tree's cost is paid once per "
                     "block, not once per 2 x blockDim.x elements (Brent's theorem).",
                 .reference =
                     "Harris, Optimizing Parallel Reduction in CUDA, slides 27-31 (kernel 7)",
                 .step_rule =
                     "Each thread stores the sum of its grid-stride share; then the unrolled "
                     "tree.",
                 .stored_value = "the sum of its grid-stride share of the elements"},
      .launch = {.grid = GridPolicy::GridStridePairs, .min_block = 64},
      .ladder = {.family = BenchFamily::Harris, .rung = 7, .harris_name = "multi-element"}};
  template <typename T, typename Probe>
  static auto kernel(unsigned block) {
    return multi_element_for<T, Probe>(block);
  }
};

}  // namespace stridescope::kernels
