// The halving loop finished with atomicAdd: thread 0 of every block adds its block's sum straight
// into the result in global memory, so one launch reduces the whole grid (in whatever order the
// blocks finish: float results may differ in the last bits from run to run).
#pragma once

#include "shared.h"

namespace stridescope::kernels {

// block_sums has gridDim.x + 2 slots: [blockIdx.x] each block's sum (for the trace), [gridDim.x]
// the total (zero before the launch).
template <typename T, typename Probe>
__global__ void reduce_atomic_add(const T* in, T* block_sums, unsigned n) {
  Shared<T, Probe> s;  // blockDim.x words of shared memory
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  s[tid] = (i < n) ? in[i] : T(0);
  __syncthreads();

  for (unsigned stride = blockDim.x / 2; stride > 0; stride >>= 1) {
    if (tid < stride) s[tid] += s[tid + stride];
    __syncthreads();
  }

  if (tid == 0) {
    T block_sum = s[0];
    block_sums[blockIdx.x] = block_sum;
    atomicAdd(&block_sums[gridDim.x], block_sum);  // one hardware add, no lock
  }
}

}  // namespace stridescope::kernels

// ---- catalog entry: how StrideScope lists and launches this kernel (not shown as source) ----
#include "variant_info.h"

namespace stridescope::kernels {

struct AtomicAddVariant {
  static constexpr VariantDescription description{
      .id = "atomic-add",
      .source_file = "atomic_add.cuh",
      .lesson = {.title = "3b. Halving loop, blocks finish with atomicAdd",
                 .teaches =
                     "Beyond one block without a second launch: thread 0 of each block adds its "
                     "sum into the result with atomicAdd. One instruction, no lock, but the blocks "
                     "add in the order they finish, so float results can change in the last bits.",
                 .reference =
                     "CUDA Programming Guide, atomic functions (atomicAdd); Harris, slide 4 "
                     "(global synchronization)",
                 .step_rule =
                     "Threads tid < stride add s[tid + stride] into s[tid]; the stride halves "
                     "every step.",
                 .stored_value = "its element (or 0 if past n)"},
      .launch = {.second_stage = SecondStage::AtomicAdd},
      .ladder = {.family = BenchFamily::Other, .rung = 9}};
  template <typename T, typename Probe>
  static auto kernel(unsigned) {
    return &reduce_atomic_add<T, Probe>;
  }
};

}  // namespace stridescope::kernels
