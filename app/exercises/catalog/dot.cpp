// Exercise "dot": CUDA by Example's dot product (chapter 5), partial sums per block.
#include "exercises/catalog/catalog.h"
#include "exercises/catalog/inputs.h"

namespace stridescope {

namespace {

constexpr const char* kStatement =
    R"(Write `dot` as chapter 5 of CUDA by Example does: each thread adds a[i] * b[i]
over a grid-stride loop into a float `temp`, stores it in the shared array cache[256], the block
adds cache[] with the halving loop, and thread 0 writes cache[0] to partial[blockIdx.x]. The host
adds the partial sums in double.

Launch: dot<<<min(32, (n + 255) / 256), 256>>>(a, b, partial, n); a[i] and b[i] are floats in
[0, 1). Checked at n = 1000, 33792 (the book's N) and 100000 against a float64 reference,
within 1e-5 relative.)";

constexpr const char* kHarness = R"(
#include <stridescope/exercise_harness.h>
int main(int argc, char** argv) {
  namespace ex = stridescope_exercise;
  const int n = int(ex::arg(argc, argv, 1));
  const int blocks = (n + 255) / 256 < 32 ? (n + 255) / 256 : 32;
  std::vector<float> a(n), b(n);
  for (int i = 0; i < n; i++) {
    a[i] = ex::unit_float(i, 6);
    b[i] = ex::unit_float(i, 7);
  }
  float* d_a = ex::to_device(a, "a");
  float* d_b = ex::to_device(b, "b");
  float* d_partial = ex::zeros_on_device<float>(blocks, "partial");
  dot<<<blocks, 256>>>(d_a, d_b, d_partial, n);
  cudaDeviceSynchronize();
  ex::expect_read("a", d_a, a.size());
  ex::expect_read("b", d_b, b.size());
  ex::report_sum("dot", d_partial, blocks);
  return 0;
}
)";

constexpr const char* kStarter =
    R"(// Exercise dot: partial[blockIdx.x] = this block's share of the sum of a[i] * b[i].
// Check it: stridescope exercise check dot dot.cu

const int threadsPerBlock = 256;

__global__ void dot(const float* a, const float* b, float* partial, int n) {
  __shared__ float cache[threadsPerBlock];
  int tid = threadIdx.x + blockIdx.x * blockDim.x;
  int cacheIndex = threadIdx.x;
  float temp = 0;
  // TODO: the grid-stride loop adding a[tid] * b[tid]; cache[cacheIndex] = temp; the halving
  // loop; thread 0 writes cache[0] to partial[blockIdx.x].
}
)";

constexpr const char* kSolution =
    R"(// Exercise dot: partial[blockIdx.x] = this block's share of the sum of a[i] * b[i].

const int threadsPerBlock = 256;

__global__ void dot(const float* a, const float* b, float* partial, int n) {
  __shared__ float cache[threadsPerBlock];
  int tid = threadIdx.x + blockIdx.x * blockDim.x;
  int cacheIndex = threadIdx.x;
  float temp = 0;
  while (tid < n) {
    temp += a[tid] * b[tid];
    tid += blockDim.x * gridDim.x;
  }
  cache[cacheIndex] = temp;
  __syncthreads();
  int i = blockDim.x / 2;
  while (i != 0) {
    if (cacheIndex < i) cache[cacheIndex] += cache[cacheIndex + i];
    __syncthreads();
    i /= 2;
  }
  if (cacheIndex == 0) partial[blockIdx.x] = cache[0];
}
)";

}  // namespace

Exercise exercise_dot() {
  Exercise e;
  e.name = "dot";
  e.title = "CUDA by Example's dot product";
  e.statement = kStatement;
  e.starter = kStarter;
  e.solution = kSolution;
  e.hints = {
      "while (tid < n) { temp += a[tid] * b[tid]; tid += blockDim.x * gridDim.x; }",
      "Every thread stores its temp, then __syncthreads() before anyone reads a neighbour's.",
      "The book's loop: i = blockDim.x / 2; while (i != 0) { if (cacheIndex < i) ...; "
      "__syncthreads(); i /= 2; }"};
  e.harness = kHarness;
  e.cases = {
      {"size 1000", {1000}, 0, 3}, {"size 33792", {33792}, 0, 0}, {"size 100000", {100000}, 0, 31}};
  e.reference = [](const std::vector<long>& args) {
    double total = 0;
    for (long i = 0; i < args[0]; ++i)
      total += double(exercise_inputs::unit_float(std::uint32_t(i), 6)) *
               double(exercise_inputs::unit_float(std::uint32_t(i), 7));
    return std::vector<ExpectedArray>{exercise_inputs::scalar("dot", total, 1e-5)};
  };
  e.block_sum = true;
  return e;
}

}  // namespace stridescope
