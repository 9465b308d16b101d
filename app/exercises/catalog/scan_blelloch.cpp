// Exercise "scan-blelloch": a work-efficient exclusive scan (up-sweep, then down-sweep).
#include "exercises/catalog/catalog.h"
#include "exercises/catalog/inputs.h"

namespace stridescope {

namespace {

constexpr const char* kStatement =
    R"(Write `exclusive_scan`: one block of B threads scans 2B elements:
out[i] = in[0] + ... + in[i - 1] (out[0] = 0), with about 2 * 2B additions instead of Hillis and
Steele's 2B * log2(2B).

Up-sweep: for d = 1, 2, 4, ... < 2B, thread t (while t < 2B / (2d)) adds s[d * (2t + 1) - 1]
into s[d * (2t + 2) - 1]: a tree of sums, the total ending in s[2B - 1]. Then s[2B - 1] = 0, and
the down-sweep walks the tree back (d = B, B/2, ... 1): the left child takes its parent's value,
the parent becomes parent + left. A __syncthreads() between levels. Launch:
exclusive_scan<<<1, B, 2 * B * sizeof(int)>>>(in, out) for 2B elements. Checked at B = 32 and
B = 256.)";

constexpr const char* kHarness = R"(
#include <stridescope/exercise_harness.h>
int main(int argc, char** argv) {
  namespace ex = stridescope_exercise;
  const int block = int(ex::arg(argc, argv, 1)), n = 2 * block;
  std::vector<int> in(n);
  for (int i = 0; i < n; i++) in[i] = ex::digit(i, 15);
  int* d_in = ex::to_device(in, "in");
  int* d_out = ex::zeros_on_device<int>(n, "out");
  exclusive_scan<<<1, block, n * sizeof(int)>>>(d_in, d_out);
  cudaDeviceSynchronize();
  ex::expect_read("in", d_in, in.size());
  ex::report("out", d_out, n);
  return 0;
}
)";

constexpr const char* kStarter =
    R"(// Exercise scan-blelloch: out[i] = in[0] + ... + in[i - 1] over the 2 * blockDim.x elements.
// Check it: stridescope exercise check scan-blelloch scan-blelloch.cu

__global__ void exclusive_scan(const int* in, int* out) {
  extern __shared__ int s[];  // 2 * blockDim.x words
  const int t = threadIdx.x, n = 2 * blockDim.x;
  s[2 * t] = in[2 * t];
  s[2 * t + 1] = in[2 * t + 1];
  // TODO: the up-sweep; s[n - 1] = 0; the down-sweep; each level after a __syncthreads().
  __syncthreads();
  out[2 * t] = s[2 * t];
  out[2 * t + 1] = s[2 * t + 1];
}
)";

constexpr const char* kSolution =
    R"(// Exercise scan-blelloch: out[i] = in[0] + ... + in[i - 1] over the 2 * blockDim.x elements.

__global__ void exclusive_scan(const int* in, int* out) {
  extern __shared__ int s[];  // 2 * blockDim.x words
  const int t = threadIdx.x, n = 2 * blockDim.x;
  s[2 * t] = in[2 * t];
  s[2 * t + 1] = in[2 * t + 1];
  for (int d = 1; d < n; d *= 2) {  // up-sweep
    __syncthreads();
    if (t < n / (2 * d)) s[d * (2 * t + 2) - 1] += s[d * (2 * t + 1) - 1];
  }
  if (t == 0) s[n - 1] = 0;
  for (int d = n / 2; d >= 1; d /= 2) {  // down-sweep
    __syncthreads();
    if (t < n / (2 * d)) {
      const int left = d * (2 * t + 1) - 1, right = d * (2 * t + 2) - 1;
      const int value = s[left];
      s[left] = s[right];
      s[right] += value;
    }
  }
  __syncthreads();
  out[2 * t] = s[2 * t];
  out[2 * t + 1] = s[2 * t + 1];
}
)";

}  // namespace

Exercise exercise_scan_blelloch() {
  Exercise e;
  e.name = "scan-blelloch";
  e.title = "A work-efficient scan (Blelloch)";
  e.statement = kStatement;
  e.starter = kStarter;
  e.solution = kSolution;
  e.hints = {
      "Up-sweep: for (int d = 1; d < n; d *= 2) { __syncthreads(); if (t < n / (2 * d)) "
      "s[d * (2 * t + 2) - 1] += s[d * (2 * t + 1) - 1]; }",
      "One thread clears the root: if (t == 0) s[n - 1] = 0;",
      "Down-sweep, d from n / 2 down to 1: left = d * (2t + 1) - 1, right = d * (2t + 2) "
      "- 1; swap in the parent's value and add."};
  e.harness = kHarness;
  e.cases = {{"B = 32 (64 elements)", {32}, 0, 0}, {"B = 256 (512 elements)", {256}, 0, 0}};
  e.reference = [](const std::vector<long>& args) {
    const std::vector<double> in = exercise_inputs::digits(std::size_t(2 * args[0]), 15);
    std::vector<double> out(in.size(), 0.0);
    for (std::size_t i = 1; i < in.size(); ++i) out[i] = out[i - 1] + in[i - 1];
    return std::vector<ExpectedArray>{exercise_inputs::exact("out", out)};
  };
  return e;
}

}  // namespace stridescope
