// The variant registry's rows; the emulator entry points instantiate each kernel with the CPU
// probe.
#include "registry.h"

#include <algorithm>

#include "first_add.cuh"
#include "interleaved_divergent.cuh"
#include "interleaved_strided.cuh"
#include "sequential.cuh"
#include "tuned.cuh"

namespace stridescope {
namespace {

#define SS_EMULATED(kernel)                                                                      \
  [](const int* in, int* out, unsigned n) { kernel<int, EmulatorProbe>(in, out, n); },           \
      [](const float* in, float* out, unsigned n) { kernel<float, EmulatorProbe>(in, out, n); }, \
      [](const double* in, double* out, unsigned n) { kernel<double, EmulatorProbe>(in, out, n); }

const VariantInfo kCatalog[] = {
    {"interleaved-divergent", "1. Interleaved addressing, divergent branch",
     "Threads whose index is a multiple of 2*stride work: every warp stays busy with few active "
     "lanes, so the branch diverges at every step.",
     "Harris, Optimizing Parallel Reduction in CUDA, slides 7-8 (kernel 1)",
     "interleaved_divergent.cuh",
     "If tid is a multiple of 2*stride, thread tid adds s[tid + stride] into s[tid].",
     SS_EMULATED(kernels::reduce_interleaved_divergent)},
    {"interleaved-strided", "2. Interleaved addressing, strided index",
     "Consecutive threads do the work, so whole warps retire; but the index 2*stride*tid makes "
     "lanes of a warp hit the same bank: bank conflicts.",
     "Harris, Optimizing Parallel Reduction in CUDA, slides 10-12 (kernel 2)",
     "interleaved_strided.cuh",
     "Thread tid adds s[2*stride*tid + stride] into s[2*stride*tid] while that index is in the "
     "block.",
     SS_EMULATED(kernels::reduce_interleaved_strided)},
    {"sequential", "3. Sequential addressing (halving loop)",
     "The stride halves from blockDim.x/2: threads 0..stride-1 add the upper half into the lower "
     "half. No divergence inside busy warps, no bank conflicts.",
     "Harris, slides 13-16 (kernel 3); Sanders & Kandrot, CUDA by Example, ch. 5.3",
     "sequential.cuh",
     "Threads tid < stride add s[tid + stride] into s[tid]; the stride halves every step.",
     SS_EMULATED(kernels::reduce_sequential)},
    {"first-add", "4. First add during load",
     "Each thread adds two input elements while loading, so half as many blocks do the same work "
     "and no thread is idle in the first step; the rest is the halving loop.",
     "Harris, Optimizing Parallel Reduction in CUDA, slides 18-19 (kernel 4)", "first_add.cuh",
     "Threads tid < stride add s[tid + stride] into s[tid]; the stride halves every step.",
     SS_EMULATED(kernels::reduce_first_add), 2, two_per_thread, false},
    {"tuned", "5. Tuned: vector loads, shuffles, one pass",
     "Each thread sums many elements with 16-byte loads in a grid-stride loop, warps add in "
     "registers with __shfl_down_sync, one shared word per warp, and the last block to finish adds "
     "the block sums: one launch, memory-bound.",
     "Harris, slides 27-33 (multiple elements per thread); NVIDIA cuda-samples reduction "
     "(shuffles); "
     "the last-block pattern of the CUDA Programming Guide's __threadfence() example",
     "tuned.cuh",
     "Lane 0 of each warp stores its warp's sum; warp 0 adds the warp sums with shuffles.",
     SS_EMULATED(kernels::reduce_tuned), 32, grid_stride_blocks, true},
};

#undef SS_EMULATED

}  // namespace

unsigned one_block_per_chunk(std::uint64_t n, unsigned block) {
  return static_cast<unsigned>((n + block - 1) / block);
}

unsigned two_per_thread(std::uint64_t n, unsigned block) {
  return static_cast<unsigned>((n + 2ull * block - 1) / (2ull * block));
}

unsigned grid_stride_blocks(std::uint64_t n, unsigned block) {
  std::uint64_t blocks = (n + 16ull * block - 1) / (16ull * block);
  return static_cast<unsigned>(std::clamp<std::uint64_t>(blocks, 1, 1024));
}

std::span<const VariantInfo> variant_catalog() {
  return kCatalog;
}

const VariantInfo* find_variant(std::string_view id) {
  auto it = std::find_if(std::begin(kCatalog), std::end(kCatalog),
                         [&](const VariantInfo& v) { return v.id == id; });
  return it == std::end(kCatalog) ? nullptr : &*it;
}

}  // namespace stridescope
