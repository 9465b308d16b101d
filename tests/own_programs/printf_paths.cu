// The order a GPU's warp prints in where its lanes take different paths: then before else, loop
// iterations before the line after the loop, helpers and lambdas in the order the kernel calls
// them. One warp per launch: the order of two warps' lines is not the same from run to run on an
// H200 (warp 1's lines came first in one of two runs).
#include <cstdio>

__device__ __noinline__ void say(const char* what, int t) {
  printf("%s %d\n", what, t);
}

template <typename F>
__device__ void invoke(F f) {
  f();
}

__global__ void header_then_all() {
  int t = threadIdx.x;
  if (t == 0) printf("header\n");
  printf("all %d\n", t);
}

__global__ void if_else() {
  int t = threadIdx.x;
  if (t % 2)
    printf("odd %d\n", t);
  else
    printf("even %d\n", t);
  printf("after %d\n", t);
}

__global__ void like_ugo() {
  int t = threadIdx.x;
  if (t == 0) printf("A %d\n", t);
  if (t > 0 && t < 5) invoke([t]() { printf("B %d\n", t); });
  if (t == 0) say("C", t);
  if (t == 1) printf("D %d\n", t);
  if (t == 0) printf("E %d\n", t);
}

__global__ void loop_then_end() {
  int t = threadIdx.x;
  for (int i = 0; i < t % 3; ++i) printf("iter %d of %d\n", i, t);
  printf("end %d\n", t);
}

__global__ void early_return() {
  int t = threadIdx.x;
  if (t < 3) {
    printf("early %d\n", t);
    return;
  }
  if (t < 6) printf("late %d\n", t);
}

__global__ void helper_twice() {
  int t = threadIdx.x;
  if (t < 2) say("first", t);
  if (t >= 2 && t < 4) say("second", t);
  if (t < 4) say("third", t);
}

__global__ void same_format_twice() {
  int t = threadIdx.x;
  if (t >= 2) printf("v %d\n", t);
  if (t < 2) printf("v %d\n", t);
}

int main() {
  printf("-- header_then_all\n");
  header_then_all<<<1, 8>>>();
  cudaDeviceSynchronize();
  printf("-- if_else\n");
  if_else<<<1, 6>>>();
  cudaDeviceSynchronize();
  printf("-- like_ugo\n");
  like_ugo<<<1, 8>>>();
  cudaDeviceSynchronize();
  printf("-- loop_then_end\n");
  loop_then_end<<<1, 6>>>();
  cudaDeviceSynchronize();
  printf("-- early_return\n");
  early_return<<<1, 8>>>();
  cudaDeviceSynchronize();
  printf("-- helper_twice\n");
  helper_twice<<<1, 6>>>();
  cudaDeviceSynchronize();
  printf("-- same_format_twice\n");
  same_format_twice<<<1, 4>>>();
  cudaDeviceSynchronize();
  return 0;
}
