// A launch that repeats an earlier one, inputs unchanged, is not run again (repeat_launch.h):
// a benchmark's timed loop of one kernel costs one launch; any launch whose result could differ
// (it reads what it writes, a copy changed its input, it reads __constant__, __device__ or managed
// memory, it prints) runs every time, and the program prints what a GPU prints.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "cli/run_command.h"
#include "program/own_program.h"
#include "run_command.h"

namespace stridescope {
namespace {

namespace fs = std::filesystem;
using test_support::have_clang_tools;

const std::string kProgram = R"(#include <cstdio>
__constant__ int factor;
__device__ int counter;
__global__ void twice(const int* in, int* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = 2 * in[i];
}
__global__ void add(const int* in, int* acc, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) acc[i] += in[i];
}
__global__ void scaled(const int* in, int* out) { out[threadIdx.x] = factor * in[threadIdx.x]; }
__global__ void count(int* out) { out[0] = ++counter; }
__global__ void say(int* out) { out[threadIdx.x] = 1; if (threadIdx.x == 0) printf("said\n"); }
long sum(const int* d, int n) {
  static int h[1000];
  cudaMemcpy(h, d, n * sizeof(int), cudaMemcpyDeviceToHost);
  long s = 0;
  for (int i = 0; i < n; ++i) s += h[i];
  return s;
}
int main() {
  const int n = 1000;
  int h[n];
  for (int i = 0; i < n; ++i) h[i] = i;
  int *in, *out, *out2, *acc, *m;
  cudaMalloc(&in, n * sizeof(int));
  cudaMalloc(&out, n * sizeof(int));
  cudaMalloc(&out2, n * sizeof(int));
  cudaMalloc(&acc, n * sizeof(int));
  cudaMallocManaged(&m, 2 * sizeof(int));
  cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
  cudaMemset(acc, 0, n * sizeof(int));
  for (int r = 0; r < 50; ++r) twice<<<4, 256>>>(in, out, n);
  printf("twice %ld\n", sum(out, n));
  for (int r = 0; r < 10; ++r) {  // two launches taking turns
    twice<<<4, 256>>>(in, out, n);
    twice<<<4, 256>>>(out, out2, n);
  }
  printf("four times %ld\n", sum(out2, n));
  for (int r = 0; r < 3; ++r) add<<<4, 256>>>(in, acc, n);
  printf("add %ld\n", sum(acc, n));
  h[0] = 1000000;
  cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
  twice<<<4, 256>>>(in, out, n);
  printf("twice again %ld\n", sum(out, n));
  int f = 2;
  cudaMemcpyToSymbol(factor, &f, sizeof f);
  scaled<<<1, 4>>>(in, out);
  printf("scaled %ld", sum(out, 4));
  f = 3;
  cudaMemcpyToSymbol(factor, &f, sizeof f);
  scaled<<<1, 4>>>(in, out);
  printf(" %ld\n", sum(out, 4));
  for (int r = 0; r < 3; ++r) count<<<1, 1>>>(out);
  printf("count %ld\n", sum(out, 1));
  for (int r = 0; r < 2; ++r) say<<<1, 2>>>(out);
  m[0] = 5;
  twice<<<1, 1>>>(m, m + 1, 1);
  cudaDeviceSynchronize();
  printf("managed %d", m[1]);
  m[0] = 7;
  twice<<<1, 1>>>(m, m + 1, 1);
  cudaDeviceSynchronize();
  printf(" %d\n", m[1]);
}
)";

TEST(RepeatLaunch, OnlyALaunchWhoseInputsAreUnchangedStandsOnAnEarlierOne) {
  if (!have_clang_tools()) GTEST_SKIP() << "clang++-14 / llvm-symbolizer-14 not installed";
  OwnRunOptions options;
  options.file = (fs::path(STRIDESCOPE_TEST_TMP) / "repeat_launch.cu").string();
  std::ofstream(options.file) << kProgram;
  std::ostringstream out, err;
  ASSERT_EQ(command_run(options, "", true, out, err), 0) << err.str();
  // What nvcc's build prints on a GPU: sum(2i) = 999000, then 3 x 499500, then 2 x 1000000 more.
  EXPECT_EQ(out.str().substr(0, out.str().find("traced")),
            "twice 999000\nfour times 1998000\nadd 1498500\ntwice again 2999000\nscaled 2000012 "
            "3000018\ncount 3\nsaid\nsaid\n"
            "managed 10 14\n");
  // The 49 repeats of the first loop, 19 of the second (its first launch repeats the first loop's),
  // and nothing else.
  EXPECT_NE(out.str().find("(68 launches repeated an earlier one, inputs unchanged: not run "
                           "again)"),
            std::string::npos)
      << out.str();
}

}  // namespace
}  // namespace stridescope
