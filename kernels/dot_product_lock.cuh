// CUDA by Example, appendix A.1: the dot product that finishes on the GPU. After the block's
// halving loop, thread 0 takes a lock built from atomicCAS and adds the block's sum into c[0]
// (here the slot after the partials), so one launch gives the whole result.
#pragma once

#include "shared.h"

namespace stridescope::kernels {

// The book's Lock: a mutex in global memory, 0 = free.
struct Lock {
  int* mutex;
  __device__ void lock() {
    while (atomicCAS(mutex, 0, 1) != 0) {
    }
  }
  __device__ void unlock() { atomicExch(mutex, 0); }
};

// c has gridDim.x + 2 slots: c[blockIdx.x] gets each block's sum (for the trace), c[gridDim.x]
// the total, and the last slot holds the mutex (zero before the launch).
template <typename T, typename Probe>
__global__ void dot_lock(const T* in, T* c, unsigned n) {
  const T* a = in;
  const T* b = in + n;
  Lock lock{reinterpret_cast<int*>(c + gridDim.x + 1)};
  Shared<T, Probe> cache;
  unsigned tid = threadIdx.x + blockIdx.x * blockDim.x;
  unsigned cacheIndex = threadIdx.x;

  T temp = T(0);
  while (tid < n) {
    temp += a[tid] * b[tid];
    tid += blockDim.x * gridDim.x;
  }
  cache[cacheIndex] = temp;
  __syncthreads();

  unsigned i = blockDim.x / 2;
  while (i != 0) {
    if (cacheIndex < i) cache[cacheIndex] += cache[cacheIndex + i];
    __syncthreads();
    i /= 2;
  }

  if (cacheIndex == 0) {
    T block_sum = cache[0];
    c[blockIdx.x] = block_sum;
    lock.lock();
    c[gridDim.x] += block_sum;  // one block at a time: the lock orders the additions
    __threadfence();  // not in the book: makes the sum visible before the next block locks
    lock.unlock();
  }
}

}  // namespace stridescope::kernels

// ---- catalog entry: how StrideScope lists and launches this kernel (not shown as source) ----
#include "variant_info.h"

namespace stridescope::kernels {

struct DotProductLockVariant {
  static constexpr VariantDescription description{
      .id = "dot-product-lock",
      .source_file = "dot_product_lock.cuh",
      .lesson = {.title = "CUDA by Example: dot product finished on the GPU (atomic lock)",
                 .teaches =
                     "The appendix version: thread 0 of each block takes a lock made from "
                     "atomicCAS and adds its block's sum into the result, so no partials go back "
                     "to the CPU. The lock makes the blocks add one at a time, in whatever order "
                     "they finish.",
                 .reference = "Sanders & Kandrot, CUDA by Example, appendix A.1 (atomic locks)",
                 .step_rule =
                     "Threads cacheIndex < i add cache[cacheIndex + i] into cache[cacheIndex]; "
                     "i halves every step.",
                 .stored_value = "temp (its grid-stride sum of a[i] * b[i])",
                 .shared_array = "cache",
                 .thread_index = "cacheIndex"},
      .launch = {.grid = GridPolicy::BookDot,
                 .inputs = 2,
                 .op = Operator::Dot,
                 .second_stage = SecondStage::AtomicLock},
      .ladder = {.family = BenchFamily::Other, .rung = 18}};
  template <typename T, typename Probe>
  static auto kernel(unsigned) {
    return &dot_lock<T, Probe>;
  }
};

}  // namespace stridescope::kernels
