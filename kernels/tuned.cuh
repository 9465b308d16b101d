// Variant 4, the finishing rung: 16-byte loads in a grid-stride loop, warp shuffles, one pass; the
// last block to finish adds the block sums (so one launch reduces to one value).
#pragma once

#include "shared.h"

namespace stridescope::kernels {

// Four words (two for double) in one 16-byte load.
template <typename T>
struct Vector16;
template <>
struct Vector16<float> {
  using type = float4;
  static __device__ __forceinline__ float sum(float4 v) { return (v.x + v.y) + (v.z + v.w); }
};
template <>
struct Vector16<int> {
  using type = int4;
  static __device__ __forceinline__ int sum(int4 v) { return (v.x + v.y) + (v.z + v.w); }
};
template <>
struct Vector16<double> {
  using type = double2;
  static __device__ __forceinline__ double sum(double2 v) { return v.x + v.y; }
};

// CUDA's warpSize is a run-time value to the compiler; a constant lets it unroll the shuffles and
// turn `% 32` into a mask.
constexpr unsigned kLanes = 32;

// Tree sum across the first `lanes` lanes of a warp (a power of two up to 32), in registers: lane
// 0 ends with the total.
template <typename T>
__device__ __forceinline__ T warp_sum(T value, unsigned lanes = kLanes) {
  for (unsigned offset = lanes / 2; offset > 0; offset >>= 1) {
    value += __shfl_down_sync(0xffffffffu, value, offset);
  }
  return value;
}

// Block sum through one shared word per warp; the result is valid in thread 0.
template <typename T, typename Probe>
__device__ T block_sum(T value, Shared<T, Probe>& s) {
  unsigned lane = threadIdx.x % kLanes, warp = threadIdx.x / kLanes;
  value = warp_sum(value);
  if (lane == 0) s[warp] = value;
  __syncthreads();
  if (warp == 0) {
    unsigned warps = blockDim.x / kLanes;  // a power of two: only that many lanes hold sums
    value = lane < warps ? T(s[lane]) : T(0);
    value = warp_sum(value, warps);
  }
  return value;
}

// Needs blockDim.x a multiple of 32, and block_sums with gridDim.x + 2 slots, the last one zero
// before the first launch: block_sums[gridDim.x] receives the total.
template <typename T, typename Probe>
__global__ void reduce_tuned(const T* __restrict__ in, T* block_sums, unsigned n) {
  Shared<T, Probe> s;
  using V = Vector16<T>;
  constexpr unsigned width = sizeof(typename V::type) / sizeof(T);
  unsigned tid = threadIdx.x;
  unsigned stride = blockDim.x * gridDim.x;
  unsigned vectors = n / width;
  const auto* in16 = reinterpret_cast<const typename V::type*>(in);

  // Tiles of 4 * blockDim.x vectors: a thread's four loads are in flight together, and a block
  // reads one contiguous 16 KiB stretch at a time (friendly to DRAM pages). blockDim.x is a power
  // of two, so the full tiles end at `vectors` rounded down to a multiple of the tile.
  T sum = T(0);
  unsigned tile = 4 * blockDim.x;
  unsigned full_tiles_end = vectors & ~(tile - 1);
  for (unsigned i = blockIdx.x * tile + tid; i < full_tiles_end; i += gridDim.x * tile) {
    sum += (V::sum(in16[i]) + V::sum(in16[i + blockDim.x])) +
           (V::sum(in16[i + 2 * blockDim.x]) + V::sum(in16[i + 3 * blockDim.x]));
  }
  for (unsigned i = full_tiles_end + blockIdx.x * blockDim.x + tid; i < vectors; i += stride) {
    sum += V::sum(in16[i]);
  }
  for (unsigned j = vectors * width + blockIdx.x * blockDim.x + tid; j < n; j += stride)
    sum += in[j];

  sum = block_sum(sum, s);
  if (gridDim.x == 1) {  // a single block is the whole grid: no counting needed
    if (tid == 0) block_sums[0] = block_sums[1] = sum;
    return;
  }
  unsigned* blocks_done = reinterpret_cast<unsigned*>(block_sums + gridDim.x + 1);
  if (tid == 0) {
    block_sums[blockIdx.x] = sum;
    __threadfence();  // the block sum is visible before the count says so
    unsigned done = atomicAdd(blocks_done, 1u);
    s[0] = (done == gridDim.x - 1) ? T(1) : T(0);  // am I the last block?
  }
  __syncthreads();
  if (s[0] == T(0)) return;

  T total = T(0);
  const volatile T* sums = block_sums;
  for (unsigned b = tid; b < gridDim.x; b += blockDim.x) total += sums[b];
  __syncthreads();
  total = block_sum(total, s);
  if (tid == 0) {
    block_sums[gridDim.x] = total;
    *blocks_done = 0;  // ready for the next launch
  }
}

}  // namespace stridescope::kernels

// ---- catalog entry: how StrideScope lists and launches this kernel (not shown as source) ----
#include "variant_info.h"

namespace stridescope::kernels {

struct TunedVariant {
  static constexpr VariantDescription description{
      .id = "tuned",
      .source_file = "tuned.cuh",
      .lesson = {.title = "8. Tuned: vector loads, shuffles, one pass",
                 .teaches =
                     "Each thread sums many elements with 16-byte loads in a grid-stride loop, "
                     "warps add in registers with __shfl_down_sync, one shared word per warp, and "
                     "the last block to finish adds the block sums: one launch, memory-bound.",
                 .reference =
                     "Harris, slides 27-33 (multiple elements per thread); NVIDIA cuda-samples "
                     "reduction (shuffles); the last-block pattern of the CUDA Programming "
                     "Guide's __threadfence() example",
                 .step_rule =
                     "Lane 0 of each warp stores its warp's sum; warp 0 adds the warp sums with "
                     "shuffles.",
                 .stored_value = "its warp's sum"},
      .launch = {.grid = GridPolicy::GridStride,
                 .min_block = 32,
                 .second_stage = SecondStage::LastBlock},
      .behaviour = {.result_in_word0 = false, .reference_rung = true},
      .ladder = {.family = BenchFamily::Shuffle, .rung = 11}};
  template <typename T, typename Probe>
  static auto kernel(unsigned) {
    return &reduce_tuned<T, Probe>;
  }
};

}  // namespace stridescope::kernels
