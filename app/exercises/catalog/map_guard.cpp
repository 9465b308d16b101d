// Exercise "map-guard": one thread per element, and a guard for the threads past the end.
#include "exercises/catalog/catalog.h"
#include "exercises/catalog/inputs.h"

namespace stridescope {

namespace {

constexpr const char* kStatement =
    R"(Write the kernel `square`: out[i] = in[i] * in[i] for every i < n.

Launch: square<<<(n + B - 1) / B, B>>>(in, out, n): one thread per element, blocks of B threads.
The last block is only partly needed when n is not a multiple of B, and its other threads must
not touch memory past the end of the arrays.

Checked at n = 1 (B = 256), n = 300 (B = 128) and n = 1000 (B = 256); in[i] are digits 0..9.)";

constexpr const char* kStarter = R"(// Exercise map-guard: out[i] = in[i] * in[i] for every i < n.
// Check it: stridescope exercise check map-guard map-guard.cu

__global__ void square(const int* in, int* out, int n) {
  // TODO: which element is this thread's? Square it, if it is one of the n.
}
)";

constexpr const char* kSolution = R"(// Exercise map-guard: out[i] = in[i] * in[i] for every i < n.

__global__ void square(const int* in, int* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = in[i] * in[i];
}
)";

constexpr const char* kHarness = R"(
#include <stridescope/exercise_harness.h>
int main(int argc, char** argv) {
  namespace ex = stridescope_exercise;
  const int n = int(ex::arg(argc, argv, 1)), block = int(ex::arg(argc, argv, 2));
  std::vector<int> in(n);
  for (int i = 0; i < n; i++) in[i] = ex::digit(i, 1);
  int* d_in = ex::to_device(in, "in");
  int* d_out = ex::zeros_on_device<int>(n, "out");
  square<<<(n + block - 1) / block, block>>>(d_in, d_out, n);
  cudaDeviceSynchronize();
  ex::expect_read("in", d_in, in.size());
  ex::report("out", d_out, n);
  return 0;
}
)";

}  // namespace

Exercise exercise_map_guard() {
  Exercise e;
  e.name = "map-guard";
  e.title = "Square every element, with a guard";
  e.statement = kStatement;
  e.starter = kStarter;
  e.solution = kSolution;
  e.hints = {"A thread's element: blockIdx.x * blockDim.x + threadIdx.x.",
             "The grid has a multiple of B threads; n need not be one: some threads have no "
             "element.",
             "Wrap the work in `if (i < n)`."};
  e.harness = kHarness;
  e.cases = {{"size 1, B = 256", {1, 256}, 0, 0},
             {"size 300, B = 128", {300, 128}, 0, 2},
             {"size 1000, B = 256", {1000, 256}, 0, 3}};
  e.reference = [](const std::vector<long>& args) {
    std::vector<double> out = exercise_inputs::digits(std::size_t(args[0]), 1);
    for (double& v : out) v *= v;
    return std::vector<ExpectedArray>{exercise_inputs::exact("out", out)};
  };
  return e;
}

}  // namespace stridescope
