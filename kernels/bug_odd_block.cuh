// Bug playground (broken on purpose): the halving loop launched with a block size that is not a
// power of two (try 96 or 100). Halving rounds down, so some words are never added into s[0].
#pragma once

#include "shared.h"

namespace stridescope::kernels {

template <typename T, typename Probe>
__global__ void reduce_bug_odd_block(const T* in, T* block_sums, unsigned n) {
  Shared<T, Probe> s;  // blockDim.x words of shared memory
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  s[tid] = (i < n) ? in[i] : T(0);
  __syncthreads();

  // BUG: with blockDim.x = 96 the strides are 48, 24, 12, 6, 3, 1: after stride 3 the word s[2]
  // holds a third of the block's sum, and stride 1 only adds s[1] into s[0].
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

struct BugOddBlockVariant {
  static constexpr VariantDescription description{
      .id = "bug-odd-block",
      .source_file = "bug_odd_block.cuh",
      .lesson = {.title = "Bug: halving loop with a block of 96",
                 .teaches =
                     "Halving a block size that is not a power of two rounds down: 96 -> 48, 24, "
                     "12, 6, 3, 1, and the word s[2] is never added into s[0]. A third of the "
                     "block is lost.",
                 .reference = "Bug playground; compare with variant 3 (sequential)",
                 .step_rule =
                     "Threads tid < stride add s[tid + stride] into s[tid]; the stride halves, "
                     "rounding down.",
                 .broken_on_purpose =
                     "elements lost: the ones whose sums end in a word that no later "
                     "stride adds into s[0]",
                 .stored_value = "its element (or 0 if past n)"},
      .launch = {.any_block_size = true},
      .gui = {.suggested_block = 96},
      .lab = {.lost = true}};
  template <typename T, typename Probe>
  static auto kernel(unsigned) {
    return &reduce_bug_odd_block<T, Probe>;
  }
};

}  // namespace stridescope::kernels
