// The halving loop with another operator: max or min instead of +. The same tree works for any
// associative, commutative operator that has an identity (what out-of-range threads load).
#pragma once

#include "shared.h"

namespace stridescope::kernels {

template <typename T>
struct Limits;
template <>
struct Limits<int> {
  static constexpr int lowest = -2147483647 - 1, highest = 2147483647;
};
template <>
struct Limits<float> {
  static constexpr float lowest = -3.40282347e+38f, highest = 3.40282347e+38f;
};
template <>
struct Limits<double> {
  static constexpr double lowest = -1.7976931348623157e+308, highest = 1.7976931348623157e+308;
};

struct MaxOp {
  template <typename T>
  static __device__ T identity() {
    return Limits<T>::lowest;
  }
  template <typename T>
  static __device__ T combine(T a, T b) {
    return a < b ? b : a;
  }
};

struct MinOp {
  template <typename T>
  static __device__ T identity() {
    return Limits<T>::highest;
  }
  template <typename T>
  static __device__ T combine(T a, T b) {
    return b < a ? b : a;
  }
};

template <typename T, typename Probe, typename Op>
__device__ void halving_with(const T* in, T* block_sums, unsigned n) {
  Shared<T, Probe> s;  // blockDim.x words of shared memory
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  s[tid] = (i < n) ? in[i] : Op::template identity<T>();
  __syncthreads();

  for (unsigned stride = blockDim.x / 2; stride > 0; stride >>= 1) {
    if (tid < stride) {
      T mine = s[tid];
      T other = s[tid + stride];
      s[tid] = Op::combine(mine, other);
    }
    __syncthreads();
  }

  if (tid == 0) block_sums[blockIdx.x] = s[0];
}

template <typename T, typename Probe>
__global__ void reduce_max(const T* in, T* block_results, unsigned n) {
  halving_with<T, Probe, MaxOp>(in, block_results, n);
}

template <typename T, typename Probe>
__global__ void reduce_min(const T* in, T* block_results, unsigned n) {
  halving_with<T, Probe, MinOp>(in, block_results, n);
}

}  // namespace stridescope::kernels

// ---- catalog entry: how StrideScope lists and launches this kernel (not shown as source) ----
#include "variant_info.h"

namespace stridescope::kernels {

struct MaxVariant {
  static constexpr VariantDescription description{
      .id = "max",
      .source_file = "halving_operator.cuh",
      .lesson = {.title = "Maximum: the halving loop with max instead of +",
                 .teaches =
                     "A reduction is any associative, commutative operator: the same tree finds "
                     "the largest element. Threads past the end load the identity, the lowest "
                     "value.",
                 .reference =
                     "Harris, slide 2 (reductions in general); Programming Massively Parallel "
                     "Processors (Kirk & Hwu), ch. 10",
                 .step_rule =
                     "Threads tid < stride keep the larger of s[tid] and s[tid + stride] in "
                     "s[tid].",
                 .stored_value = "its element (or the lowest value if past n)"},
      .launch = {.op = Operator::Max},
      .ladder = {.family = BenchFamily::Other, .rung = 14}};
  template <typename T, typename Probe>
  static auto kernel(unsigned) {
    return &reduce_max<T, Probe>;
  }
};

struct MinVariant {
  static constexpr VariantDescription description{
      .id = "min",
      .source_file = "halving_operator.cuh",
      .lesson = {.title = "Minimum: the halving loop with min instead of +",
                 .teaches =
                     "The same tree with min: threads past the end load the identity, the highest "
                     "value, so they never win.",
                 .reference =
                     "Harris, slide 2 (reductions in general); Programming Massively Parallel "
                     "Processors (Kirk & Hwu), ch. 10",
                 .step_rule =
                     "Threads tid < stride keep the smaller of s[tid] and s[tid + stride] in "
                     "s[tid].",
                 .stored_value = "its element (or the highest value if past n)"},
      .launch = {.op = Operator::Min},
      .ladder = {.family = BenchFamily::Other, .rung = 15}};
  template <typename T, typename Probe>
  static auto kernel(unsigned) {
    return &reduce_min<T, Probe>;
  }
};

}  // namespace stridescope::kernels
