// Headers where nvcc finds them, for tests/test_own_semantics.cpp: one beside the file (quoted),
// one in a folder given with -I, a macro given with -D, and a kernel launched from a header.
// nvcc -I lib -D SCALE=3 main.cu   (the window reads these options from this comment)
#include <cstdio>

#include "beside.h"
#include "launcher.cuh"
#include <from_include_dir.h>

#ifndef SCALE
#define SCALE 1
#endif

int main() {
  int* d;
  int h[4];
  cudaMalloc(&d, sizeof h);
  fill_in_header(d, 4);  // launches fill<<<1, 4>>>, written in launcher.cuh
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  printf("%s %s: %d %d %d %d, scaled %d\n", BESIDE, FROM_INCLUDE_DIR, h[0], h[1], h[2], h[3],
         h[3] * SCALE);
  return 0;
}
