// Cooperative groups, for tests/test_own_semantics.cpp: the block, static and dynamic tiles, a
// tile's shuffles and votes, cg::reduce with plus and greater, inclusive_scan, and a coalesced
// group made inside a branch. One block of 64 threads.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
#include <cstdio>

namespace cg = cooperative_groups;

__global__ void groups(int* out) {
  cg::thread_block block = cg::this_thread_block();
  __shared__ int ranks[64];
  ranks[block.thread_rank()] = int(block.thread_rank());
  block.sync();
  cg::thread_block_tile<16> tile = cg::tiled_partition<16>(block);
  const int v = ranks[block.thread_rank()];
  const int sum = cg::reduce(tile, v, cg::plus<int>());
  const int biggest = cg::reduce(tile, v, cg::greater<int>());
  const int prefix = cg::inclusive_scan(tile, 1);
  const int next = tile.shfl_down(v, 1);
  const unsigned votes = tile.ballot(v % 3 == 0);
  cg::thread_group four = cg::tiled_partition(block, 4);
  four.sync();
  if (block.thread_rank() % 16 == 5) {
    const int t = int(tile.meta_group_rank());
    out[t * 8 + 0] = sum;
    out[t * 8 + 1] = biggest;
    out[t * 8 + 2] = prefix;
    out[t * 8 + 3] = next;
    out[t * 8 + 4] = int(votes);
    out[t * 8 + 5] = int(tile.size()) * 100 + int(tile.thread_rank());
    out[t * 8 + 6] = int(four.size()) * 100 + int(four.thread_rank());
  }
  if (block.thread_rank() < 64 && block.thread_rank() % 3 == 0) {  // a branch: who came together
    cg::coalesced_group active = cg::coalesced_threads();
    const int first = active.shfl(int(block.thread_rank()), 0);
    if (active.thread_rank() == 1 && block.thread_rank() < 32)
      out[32] = int(active.size()) * 1000 + first;
  }
}

int main() {
  int* d;
  int h[33];
  cudaMalloc(&d, sizeof h);
  cudaMemset(d, 0, sizeof h);
  groups<<<1, 64>>>(d);
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  for (int t = 0; t < 4; t++)
    printf("tile %d: sum %d max %d scan %d next %d ballot %04x size/rank %d four %d\n", t,
           h[t * 8], h[t * 8 + 1], h[t * 8 + 2], h[t * 8 + 3], h[t * 8 + 4], h[t * 8 + 5],
           h[t * 8 + 6]);
  printf("coalesced: %d threads, first rank %d\n", h[32] / 1000, h[32] % 1000);
  return 0;
}
