// The variant registry's rows; the emulator entry points instantiate each kernel with the CPU
// probe.
#include "registry.h"

#include <algorithm>

#include "atomic_add.cuh"
#include "bug_no_load_sync.cuh"
#include "bug_no_loop_sync.cuh"
#include "bug_odd_block.cuh"
#include "bug_sync_in_branch.cuh"
#include "bug_warp_tail_syncwarp_after.cuh"
#include "bug_warp_tail_unsafe.cuh"
#include "complete_unroll.cuh"
#include "cooperative_groups.cuh"
#include "dot_product.cuh"
#include "dot_product_lock.cuh"
#include "first_add.cuh"
#include "halving_operator.cuh"
#include "interleaved_divergent.cuh"
#include "interleaved_strided.cuh"
#include "kahan.cuh"
#include "multi_element.cuh"
#include "sequential.cuh"
#include "serial_thread0.cuh"
#include "tuned.cuh"
#include "unroll_last_warp.cuh"
#include "warp_shuffle.cuh"

namespace stridescope {
namespace {

#define SS_EMULATED(kernel)                                                                      \
  [](const int* in, int* out, unsigned n) { kernel<int, EmulatorProbe>(in, out, n); },           \
      [](const float* in, float* out, unsigned n) { kernel<float, EmulatorProbe>(in, out, n); }, \
      [](const double* in, double* out, unsigned n) { kernel<double, EmulatorProbe>(in, out, n); }

// Kernels whose block size is a template parameter: the emulated thread picks the instance for
// its launch's blockDim.x, as the host does before a CUDA launch.
#define SS_EMULATED_BY_BLOCK(chooser)                                    \
  [](const int* in, int* out, unsigned n) {                              \
    kernels::chooser<int, EmulatorProbe>(blockDim.x)(in, out, n);        \
  },                                                                     \
      [](const float* in, float* out, unsigned n) {                      \
        kernels::chooser<float, EmulatorProbe>(blockDim.x)(in, out, n);  \
      },                                                                 \
      [](const double* in, double* out, unsigned n) {                    \
        kernels::chooser<double, EmulatorProbe>(blockDim.x)(in, out, n); \
      }

const VariantInfo kCatalog[] = {
    {.id = "serial",
     .title = "0. Serial: thread 0 adds everything",
     .teaches = "The baseline: every thread stores its element, then one thread adds them one "
                "after another. blockDim.x - 1 additions deep, while a tree needs log2(blockDim.x) "
                "steps.",
     .reference = "The starting point of Harris, slide 3 (tree-based approach); Sanders & Kandrot, "
                  "CUDA by Example, ch. 5.3",
     .source_file = "serial_thread0.cuh",
     .step_rule = "Thread 0 reads every word and adds it into its sum; the others are idle.",
     .emulate = {SS_EMULATED(kernels::reduce_serial_thread0)}},
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
    {.id = "first-add",
     .title = "4. First add during load",
     .teaches = "Each thread adds two input elements while loading, so half as many blocks do the "
                "same work and no thread is idle in the first step; the rest is the halving loop.",
     .reference = "Harris, Optimizing Parallel Reduction in CUDA, slides 18-19 (kernel 4)",
     .source_file = "first_add.cuh",
     .step_rule = "Threads tid < stride add s[tid + stride] into s[tid]; the stride halves every "
                  "step.",
     .emulate = {SS_EMULATED(kernels::reduce_first_add)},
     .grid = two_per_thread},
    {.id = "repeated-launches",
     .title = "4b. First add during load, relaunched until one block is left (double)",
     .teaches = "Beyond one block: the kernel's block sums are a new, shorter input, and the same "
                "kernel runs again on them, pass after pass, until one block holds the result. "
                "Watch the passes in the Grid tab.",
     .reference = "Harris, Optimizing Parallel Reduction in CUDA, slides 5-6 (kernel "
                  "decomposition: recursive launches)",
     .source_file = "first_add.cuh",
     .step_rule = "Threads tid < stride add s[tid + stride] into s[tid]; the stride halves every "
                  "step.",
     .emulate = {SS_EMULATED(kernels::reduce_first_add)},
     .grid = two_per_thread,
     .second_stage = "relaunch",
     .suggested_type = "double"},
    {.id = "atomic-add",
     .title = "3b. Halving loop, blocks finish with atomicAdd",
     .teaches = "Beyond one block without a second launch: thread 0 of each block adds its sum "
                "into the result with atomicAdd. One instruction, no lock, but the blocks add in "
                "the order they finish, so float results can change in the last bits.",
     .reference = "CUDA Programming Guide, atomic functions (atomicAdd); Harris, slide 4 (global "
                  "synchronization)",
     .source_file = "atomic_add.cuh",
     .step_rule = "Threads tid < stride add s[tid + stride] into s[tid]; the stride halves every "
                  "step.",
     .emulate = {SS_EMULATED(kernels::reduce_atomic_add)},
     .writes_grid_total = true,
     .second_stage = "atomicAdd"},
    {.id = "unroll-last-warp",
     .title = "5. Unroll the last warp (race-free)",
     .teaches = "Once 32 threads or fewer are left, they are one warp: __syncwarp() is enough "
                "between steps. Every lane reads into a register, the warp syncs, every lane "
                "writes, the warp syncs again.",
     .reference = "Harris, Optimizing Parallel Reduction in CUDA, slides 21-22 (kernel 5), "
                  "in the form the CUDA Programming Guide asks for since Volta (__syncwarp)",
     .source_file = "unroll_last_warp.cuh",
     .step_rule = "Threads tid < stride add s[tid + stride] into s[tid]; in the last warp each "
                  "lane reads, waits at __syncwarp(), writes, waits again.",
     .emulate = {SS_EMULATED(kernels::reduce_unroll_last_warp)},
     .min_block = 64,
     .grid = two_per_thread},
    {.id = "complete-unroll",
     .title = "6. Completely unrolled (block size as a template argument)",
     .teaches = "With the block size known at compile time, every `if (BlockSize >= ...)` "
                "disappears and so does the loop: no loop counter, no branch on the stride, the "
                "same steps as variant 5.",
     .reference = "Harris, Optimizing Parallel Reduction in CUDA, slides 24-26 (kernel 6)",
     .source_file = "complete_unroll.cuh",
     .step_rule = "Threads tid < stride add s[tid + stride] into s[tid], one unrolled step per "
                  "stride; the last warp reads, syncs, writes, syncs.",
     .emulate = {SS_EMULATED_BY_BLOCK(complete_unroll_for)},
     .min_block = 64,
     .grid = two_per_thread},
    {.id = "multi-element",
     .title = "7. Multiple elements per thread (grid-stride loop)",
     .teaches = "Each thread first adds many pairs of elements in a grid-stride loop, in "
                "registers, so a few blocks cover any n: the tree's cost is paid once per block, "
                "not once per 2 x blockDim.x elements (Brent's theorem).",
     .reference = "Harris, Optimizing Parallel Reduction in CUDA, slides 27-31 (kernel 7)",
     .source_file = "multi_element.cuh",
     .step_rule = "Each thread stores the sum of its grid-stride share; then the unrolled tree.",
     .emulate = {SS_EMULATED_BY_BLOCK(multi_element_for)},
     .min_block = 64,
     .grid = grid_stride_blocks},
    {.id = "tuned",
     .title = "8. Tuned: vector loads, shuffles, one pass",
     .teaches =
         "Each thread sums many elements with 16-byte loads in a grid-stride loop, warps add "
         "in registers with __shfl_down_sync, one shared word per warp, and the last block "
         "to finish adds the block sums: one launch, memory-bound.",
     .reference = "Harris, slides 27-33 (multiple elements per thread); NVIDIA cuda-samples "
                  "reduction (shuffles); the last-block pattern of the CUDA Programming Guide's "
                  "__threadfence() example",
     .source_file = "tuned.cuh",
     .step_rule = "Lane 0 of each warp stores its warp's sum; warp 0 adds the warp sums with "
                  "shuffles.",
     .emulate = {SS_EMULATED(kernels::reduce_tuned)},
     .min_block = 32,
     .grid = grid_stride_blocks,
     .writes_grid_total = true,
     .result_in_word0 = false,
     .second_stage = "last block"},
    {.id = "warp-shuffle",
     .title = "Warp shuffles (__shfl_down_sync), then one word per warp",
     .teaches = "Inside a warp, lanes hand values to each other in registers: five rounds of "
                "__shfl_down_sync with offsets 16, 8, 4, 2, 1 sum 32 values with no shared "
                "memory and no barrier. Shared memory only carries one sum per warp.",
     .reference = "NVIDIA Developer Blog, Faster Parallel Reductions on Kepler (Luitjens, 2014); "
                  "CUDA Programming Guide, warp shuffle functions",
     .source_file = "warp_shuffle.cuh",
     .step_rule = "Each lane l adds the value of lane l + offset; lane 0 ends with the warp's sum.",
     .emulate = {SS_EMULATED(kernels::reduce_warp_shuffle)},
     .min_block = 32,
     .result_in_word0 = false},
    {.id = "cooperative-groups",
     .title = "Cooperative groups: cg::reduce over 32-thread tiles",
     .teaches = "The same two-level shape as the warp-shuffle variant, written with cooperative "
                "groups: tiled_partition<32> names the warps, cg::reduce adds a tile's values and "
                "hands the sum to every lane; the library picks the instructions.",
     .reference = "CUDA Programming Guide, Cooperative Groups (group partitioning, cg::reduce)",
     .source_file = "cooperative_groups.cuh",
     .step_rule = "Each tile adds its 32 values with cg::reduce; tile leaders store one word each.",
     .emulate = {SS_EMULATED(kernels::reduce_cooperative_groups)},
     .min_block = 32,
     .result_in_word0 = false},
    {.id = "max",
     .title = "Maximum: the halving loop with max instead of +",
     .teaches = "A reduction is any associative, commutative operator: the same tree finds the "
                "largest element. Threads past the end load the identity, the lowest value.",
     .reference = "Harris, slide 2 (reductions in general); Programming Massively Parallel "
                  "Processors (Kirk & Hwu), ch. 10",
     .source_file = "halving_operator.cuh",
     .step_rule = "Threads tid < stride keep the larger of s[tid] and s[tid + stride] in s[tid].",
     .emulate = {SS_EMULATED(kernels::reduce_max)},
     .op = "max"},
    {.id = "min",
     .title = "Minimum: the halving loop with min instead of +",
     .teaches = "The same tree with min: threads past the end load the identity, the highest "
                "value, so they never win.",
     .reference = "Harris, slide 2 (reductions in general); Programming Massively Parallel "
                  "Processors (Kirk & Hwu), ch. 10",
     .source_file = "halving_operator.cuh",
     .step_rule = "Threads tid < stride keep the smaller of s[tid] and s[tid + stride] in s[tid].",
     .emulate = {SS_EMULATED(kernels::reduce_min)},
     .op = "min"},
    {.id = "kahan",
     .title = "9. Kahan: compensated sums per thread, then the tree",
     .teaches = "Each thread sums its grid-stride share with Kahan's compensation, carrying the "
                "low bits every float addition drops; the tree then adds only blockDim.x sums. "
                "Compare its error with the others in the precision panel.",
     .reference = "Kahan, Further remarks on reducing truncation errors (CACM, 1965); Higham, "
                  "Accuracy and Stability of Numerical Algorithms, ch. 4",
     .source_file = "kahan.cuh",
     .step_rule = "Threads tid < stride add s[tid + stride] into s[tid]; the stride halves every "
                  "step.",
     .emulate = {SS_EMULATED(kernels::reduce_kahan)},
     .grid = grid_stride_blocks},
    {.id = "dot-product",
     .title = "CUDA by Example: dot product (host adds the partials)",
     .teaches = "The book's first reduction: 256 threads per block, at most 32 blocks, each "
                "thread sums a[i] * b[i] in a grid-stride loop, the block halves its shared "
                "cache, thread 0 writes the block's partial and the CPU adds the partials.",
     .reference = "Sanders & Kandrot, CUDA by Example, ch. 5.3.1 (dot product)",
     .source_file = "dot_product.cuh",
     .step_rule = "Threads cacheIndex < i add cache[cacheIndex + i] into cache[cacheIndex]; i "
                  "halves every step.",
     .emulate = {SS_EMULATED(kernels::dot)},
     .grid = book_dot_blocks,
     .inputs = 2,
     .op = "dot"},
    {.id = "dot-product-lock",
     .title = "CUDA by Example: dot product finished on the GPU (atomic lock)",
     .teaches = "The appendix version: thread 0 of each block takes a lock made from atomicCAS "
                "and adds its block's sum into the result, so no partials go back to the CPU. "
                "The lock makes the blocks add one at a time, in whatever order they finish.",
     .reference = "Sanders & Kandrot, CUDA by Example, appendix A.1 (atomic locks)",
     .source_file = "dot_product_lock.cuh",
     .step_rule = "Threads cacheIndex < i add cache[cacheIndex + i] into cache[cacheIndex]; i "
                  "halves every step.",
     .emulate = {SS_EMULATED(kernels::dot_lock)},
     .grid = book_dot_blocks,
     .writes_grid_total = true,
     .inputs = 2,
     .op = "dot",
     .second_stage = "atomic lock"},
    {.id = "bug-no-loop-sync",
     .title = "Bug: halving loop without its __syncthreads()",
     .teaches = "Without a barrier in the loop, a thread reads its partner's word before the "
                "partner has added into it: data races, and elements never reach s[0].",
     .reference = "Bug playground; compare with variant 3 (sequential)",
     .source_file = "bug_no_loop_sync.cuh",
     .step_rule = "Threads tid < stride add s[tid + stride] into s[tid], but nobody waits: all "
                  "strides happen in one step.",
     .emulate = {SS_EMULATED(kernels::reduce_bug_no_loop_sync)},
     .broken_on_purpose = "races on the loop's line; the emulator runs each thread's whole loop "
                          "in turn, so its result is one possible outcome (a GPU's depends on "
                          "timing)",
     .timing_dependent = true},
    {.id = "bug-no-load-sync",
     .title = "Bug: no __syncthreads() after the load",
     .teaches = "The first stride reads words that their threads have not stored yet: reads of "
                "uninitialized shared memory, and races between the load and the loop.",
     .reference = "Bug playground; compare with variant 3 (sequential)",
     .source_file = "bug_no_load_sync.cuh",
     .step_rule = "Threads store their element and at once add s[tid + stride] into s[tid].",
     .emulate = {SS_EMULATED(kernels::reduce_bug_no_load_sync)},
     .broken_on_purpose = "uninitialized reads and races in the first step; the emulator's "
                          "thread-by-thread order is one possible outcome",
     .timing_dependent = true},
    {.id = "bug-sync-in-branch",
     .title = "Bug: __syncthreads() inside if (tid < stride)",
     .teaches = "A barrier must be reached by every thread of the block. Inside the branch, the "
                "threads with tid >= stride skip it: barrier divergence.",
     .reference = "Bug playground; CUDA Programming Guide, __syncthreads() in conditional code",
     .source_file = "bug_sync_in_branch.cuh",
     .step_rule = "Threads tid < stride add s[tid + stride] into s[tid] and wait; the others "
                  "skip the barrier.",
     .emulate = {SS_EMULATED(kernels::reduce_bug_sync_in_branch)},
     .broken_on_purpose = "barrier divergence at the first stride: the run stops there. On a "
                          "GPU since Volta the skipping threads exit and the barrier stops "
                          "waiting for them, so it may even sum right; the Programming Guide "
                          "still forbids it, and a variant whose threads did not exit would hang",
     .stops_at_divergence = true},
    {.id = "bug-odd-block",
     .title = "Bug: halving loop with a block of 96",
     .teaches = "Halving a block size that is not a power of two rounds down: 96 -> 48, 24, 12, "
                "6, 3, 1, and the word s[2] is never added into s[0]. A third of the block is "
                "lost.",
     .reference = "Bug playground; compare with variant 3 (sequential)",
     .source_file = "bug_odd_block.cuh",
     .step_rule = "Threads tid < stride add s[tid + stride] into s[tid]; the stride halves, "
                  "rounding down.",
     .emulate = {SS_EMULATED(kernels::reduce_bug_odd_block)},
     .broken_on_purpose = "elements lost: the ones whose sums end in a word that no later stride "
                          "adds into s[0]",
     .any_block_size = true,
     .suggested_block = 96},
    {.id = "bug-warp-tail-unsafe",
     .title = "Bug: warp tail without volatile or __syncwarp()",
     .teaches = "The warp-synchronous tail of old slides assumes the 32 lanes move in lockstep. "
                "They do not (Volta and later): a lane can read a word before its neighbour has "
                "added into it.",
     .reference = "Bug playground; Harris slide 22 as written for pre-Volta GPUs; CUDA "
                  "Programming Guide, warp synchronization",
     .source_file = "bug_warp_tail_unsafe.cuh",
     .step_rule = "Threads tid < stride add s[tid + stride] into s[tid]; then lanes 0-31 run six "
                  "adds with no barrier at all.",
     .emulate = {SS_EMULATED(kernels::reduce_bug_warp_tail_unsafe)},
     .min_block = 64,
     .grid = two_per_thread,
     .broken_on_purpose = "races between lanes of warp 0 in the last step; the emulator runs "
                          "lane after lane, so elements go missing here (a GPU's outcome depends "
                          "on timing)",
     .timing_dependent = true},
    {.id = "bug-warp-tail-syncwarp-after",
     .title = "Bug: warp tail with __syncwarp() after each add",
     .teaches = "A __syncwarp() after each s[tid] += s[tid + k] is not enough: lane 0 reads "
                "s[16] while lane 16 writes it, between the same two warp barriers. Read, sync, "
                "write, sync is (variant unroll-last-warp).",
     .reference = "Bug playground; compare with variant 5 (unroll-last-warp)",
     .source_file = "bug_warp_tail_syncwarp_after.cuh",
     .step_rule = "Threads tid < stride add s[tid + stride] into s[tid]; then lanes 0-31 add and "
                  "wait at __syncwarp(), six times.",
     .emulate = {SS_EMULATED(kernels::reduce_bug_warp_tail_syncwarp_after)},
     .min_block = 64,
     .grid = two_per_thread,
     .broken_on_purpose = "write-after-read races between lanes of warp 0; in the emulator's "
                          "lane order the sum happens to come out right, and on an H100 a "
                          "converged warp does too (racecheck stays silent), but the Programming "
                          "Guide gives no such promise",
     .timing_dependent = true},
};

#undef SS_EMULATED_BY_BLOCK
#undef SS_EMULATED

}  // namespace

unsigned one_block_per_chunk(std::uint64_t n, unsigned block) {
  return static_cast<unsigned>((n + block - 1) / block);
}

unsigned two_per_thread(std::uint64_t n, unsigned block) {
  return static_cast<unsigned>((n + 2ull * block - 1) / (2ull * block));
}

unsigned book_dot_blocks(std::uint64_t n, unsigned block) {
  return static_cast<unsigned>(std::min<std::uint64_t>(32, (n + block - 1) / block));
}

unsigned grid_stride_blocks(std::uint64_t n, unsigned block) {
  std::uint64_t blocks = (n + 16ull * block - 1) / (16ull * block);
  return static_cast<unsigned>(std::clamp<std::uint64_t>(blocks, 1, 1024));
}

unsigned block_reading(const VariantInfo& variant, std::uint64_t element, unsigned block,
                       unsigned grid) {
  if (grid == 0) return 0;
  bool pairs = variant.grid == two_per_thread || variant.id == "multi-element";
  std::uint64_t chunk = pairs ? 2ull * block : block;
  std::uint64_t index = element / chunk;
  if (variant.grid == grid_stride_blocks || variant.grid == book_dot_blocks) index %= grid;
  return static_cast<unsigned>(std::min<std::uint64_t>(index, grid - 1));
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
