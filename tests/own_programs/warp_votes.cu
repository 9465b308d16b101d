// Warp votes, matches, reductions and shuffles of every kind, for tests/test_own_semantics.cpp.
// One block of 64 threads (two warps); every value printed is what CUDA defines.
#include <cstdio>

__global__ void votes(int* out) {
  const unsigned lane = threadIdx.x % 32, warp = threadIdx.x / 32;
  const int odd = lane % 2;
  const unsigned ballot = __ballot_sync(0xffffffff, odd);
  const int all = __all_sync(0xffffffff, lane < 32), any = __any_sync(0xffffffff, lane == 31);
  const unsigned same = __match_any_sync(0xffffffff, lane / 8);  // lanes with the same lane / 8
  int pred = 0;
  const unsigned all_same = __match_all_sync(0xffffffff, warp, &pred);
  const unsigned sum = __reduce_add_sync(0xffffffff, lane);
  const int lo = __reduce_min_sync(0xffffffff, int(lane) - 10);
  const unsigned hi = __reduce_max_sync(0xffffffff, lane * 3);
  const unsigned bits = __reduce_or_sync(0xffffffff, 1u << (lane % 4));
  int v = int(lane) + 100 * int(warp);
  const int from0 = __shfl_sync(0xffffffff, v, 0);
  const int up = __shfl_up_sync(0xffffffff, v, 1);
  const int down8 = __shfl_down_sync(0xffffffff, v, 3, 8);  // in segments of 8 lanes
  const int swapped = __shfl_xor_sync(0xffffffff, v, 1);
  unsigned active = 0;
  if (lane < 5) active = __activemask();  // the lanes that took this branch together
  if (lane == 3) {
    out[warp * 16 + 0] = int(ballot);
    out[warp * 16 + 1] = all;
    out[warp * 16 + 2] = any;
    out[warp * 16 + 3] = int(same);
    out[warp * 16 + 4] = int(all_same) == -1 && pred;
    out[warp * 16 + 5] = int(sum);
    out[warp * 16 + 6] = lo;
    out[warp * 16 + 7] = int(hi);
    out[warp * 16 + 8] = int(bits);
    out[warp * 16 + 9] = from0;
    out[warp * 16 + 10] = up;
    out[warp * 16 + 11] = down8;
    out[warp * 16 + 12] = swapped;
    out[warp * 16 + 13] = int(active);
  }
  if (lane == 6) out[warp * 16 + 14] = down8;  // 6 + 3 is past its segment: its own value
}

int main() {
  int* d;
  int h[32];
  cudaMalloc(&d, sizeof h);
  cudaMemset(d, 0, sizeof h);
  votes<<<1, 64>>>(d);
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  for (int w = 0; w < 2; w++) {
    const int* o = h + w * 16;
    printf("warp %d: ballot %08x all %d any %d match_any %08x match_all %d\n", w, o[0], o[1], o[2],
           o[3], o[4]);
    printf("  reduce add %d min %d max %d or %x\n", o[5], o[6], o[7], o[8]);
    printf("  shfl %d up %d down8 %d xor %d activemask %08x; lane 6 down8 %d\n", o[9], o[10], o[11],
           o[12], o[13], o[14]);
  }
  return 0;
}
