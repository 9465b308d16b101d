// Cooperative groups: the block is split into 32-thread tiles, cg::reduce adds each tile's values
// (the library picks the instructions: shuffles, or redux.sync for int), tile leaders store one
// word each, and the first tile reduces those words the same way.
#pragma once

#include "shared.h"

namespace stridescope::kernels {

namespace cg = cooperative_groups;

template <typename T, typename Probe>
__global__ void reduce_cooperative_groups(const T* in, T* block_sums, unsigned n) {
  Shared<T, Probe> s;  // one word per tile is used; blockDim.x is a multiple of 32
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
  unsigned i = blockIdx.x * blockDim.x + block.thread_rank();
  T value = (i < n) ? in[i] : T(0);

  T tile_sum = cg::reduce(tile, value, cg::plus<T>());  // every lane of the tile gets the sum
  if (tile.thread_rank() == 0) s[tile.meta_group_rank()] = tile_sum;
  __syncthreads();

  if (tile.meta_group_rank() == 0) {
    unsigned tiles = tile.meta_group_size();
    value = tile.thread_rank() < tiles ? T(s[tile.thread_rank()]) : T(0);
    T total = cg::reduce(tile, value, cg::plus<T>());
    if (tile.thread_rank() == 0) {
      s[0] = total;
      block_sums[blockIdx.x] = total;
    }
  }
}

}  // namespace stridescope::kernels

// ---- catalog entry: how StrideScope lists and launches this kernel (not shown as source) ----
#include "variant_info.h"

namespace stridescope::kernels {

struct CooperativeGroupsVariant {
  static constexpr VariantDescription description{
      .id = "cooperative-groups",
      .source_file = "cooperative_groups.cuh",
      .lesson = {.title = "Cooperative groups: cg::reduce over 32-thread tiles",
                 .teaches =
                     "The same two-level shape as the warp-shuffle variant, written with "
                     "cooperative groups: tiled_partition<32> names the warps, cg::reduce adds a "
                     "tile's values and hands the sum to every lane; the library picks the "
                     "instructions.",
                 .reference = "CUDA Programming Guide, Cooperative Groups (group partitioning, "
                              "cg::reduce)",
                 .step_rule =
                     "Each tile adds its 32 values with cg::reduce; tile leaders store one word "
                     "each.",
                 .stored_value = "its tile's sum"},
      .launch = {.min_block = 32},
      .behaviour = {.result_in_word0 = false},
      .ladder = {.family = BenchFamily::Shuffle, .rung = 13}};
  template <typename T, typename Probe>
  static auto kernel(unsigned) {
    return &reduce_cooperative_groups<T, Probe>;
  }
};

}  // namespace stridescope::kernels
