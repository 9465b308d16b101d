// Exercise "histogram": counts in shared memory with atomics, then one atomicAdd per bin.
#include "exercises/catalog/catalog.h"
#include "exercises/catalog/inputs.h"

namespace stridescope {

namespace {

constexpr const char* kStarter =
    R"(// Exercise histogram: bins[v] += how many of data[0..n-1] equal v (0..255).
// Check it: stridescope exercise check histogram histogram.cu

__global__ void histogram(const unsigned char* data, unsigned* bins, int n) {
  __shared__ unsigned temp[256];
  // TODO: zero temp[threadIdx.x]; wait; count data[i] (grid-stride) into temp with atomicAdd;
  // wait; add temp[threadIdx.x] to bins[threadIdx.x] with atomicAdd.
}
)";

constexpr const char* kSolution =
    R"(// Exercise histogram: bins[v] += how many of data[0..n-1] equal v (0..255).

__global__ void histogram(const unsigned char* data, unsigned* bins, int n) {
  __shared__ unsigned temp[256];
  temp[threadIdx.x] = 0;
  __syncthreads();
  for (int i = threadIdx.x + blockIdx.x * blockDim.x; i < n; i += blockDim.x * gridDim.x)
    atomicAdd(&temp[data[i]], 1u);
  __syncthreads();
  atomicAdd(&bins[threadIdx.x], temp[threadIdx.x]);
}
)";

constexpr const char* kHarness = R"(
#include <stridescope/exercise_harness.h>
int main(int argc, char** argv) {
  namespace ex = stridescope_exercise;
  const int n = int(ex::arg(argc, argv, 1));
  std::vector<unsigned char> data(n);
  for (int i = 0; i < n; i++) data[i] = (unsigned char)(ex::mix(i, 13) % 256u);
  unsigned char* d_data = ex::to_device(data, "data");
  unsigned* d_bins = ex::zeros_on_device<unsigned>(256, "bins");
  histogram<<<8, 256>>>(d_data, d_bins, n);
  cudaDeviceSynchronize();
  ex::expect_read("data", d_data, data.size());
  ex::report("bins", d_bins, 256);
  return 0;
}
)";

}  // namespace

Exercise exercise_histogram() {
  Exercise e;
  e.name = "histogram";
  e.title = "A shared-memory histogram";
  e.statement =
      R"(Write `histogram` as chapter 9 of CUDA by Example does: the 256 bins of each block
live in shared memory; the block zeroes them, each thread counts its bytes (a grid-stride loop
over data[0..n-1]) into them with atomicAdd, and after a __syncthreads() each thread adds one bin
to bins[] in global memory with atomicAdd.

Threads count into the same bins at once: a plain `temp[b]++` loses counts. Launch:
histogram<<<8, 256>>>(data, bins, n). Checked at n = 1000 and n = 100000.)";
  e.starter = kStarter;
  e.solution = kSolution;
  e.hints = {
      "Shared memory is not zeroed for you: each thread zeroes one bin, then "
      "__syncthreads().",
      "atomicAdd(&temp[data[i]], 1u) counts one byte without losing another thread's "
      "count.",
      "After the counting, __syncthreads(), then each thread adds its one bin to bins[]."};
  e.harness = kHarness;
  e.cases = {{"size 1000", {1000}, 0, 0}, {"size 100000", {100000}, 0, 5}};
  e.reference = [](const std::vector<long>& args) {
    std::vector<double> bins(256, 0.0);
    for (long i = 0; i < args[0]; ++i)
      bins[stridescope_exercise::mix(std::uint32_t(i), 13) % 256u] += 1;
    return std::vector<ExpectedArray>{exercise_inputs::exact("bins", bins)};
  };
  return e;
}

}  // namespace stridescope
