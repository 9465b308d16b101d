// Exercise "grid-stride": a fixed grid that covers any n with a loop.
#include "exercises/catalog/catalog.h"
#include "exercises/catalog/inputs.h"

namespace stridescope {

namespace {

constexpr const char* kStatement =
    R"(Write the kernel `scale`: out[i] = 3 * in[i] + 1 for every i < n.

Launch: scale<<<8, 64>>>(in, out, n): always 8 blocks of 64 threads (512 threads), whatever n is.
Each thread handles elements i, i + 512, i + 1024, ... while they are below n.

Checked at n = 1, 100, 513 and 5000; in[i] are digits 0..9. Goals: each element read once, and each
block reads only its share (a stride shorter than the grid makes blocks repeat each other's work,
which the output does not show).)";

constexpr const char* kHarness = R"(
#include <stridescope/exercise_harness.h>
int main(int argc, char** argv) {
  namespace ex = stridescope_exercise;
  const int n = int(ex::arg(argc, argv, 1));
  std::vector<int> in(n);
  for (int i = 0; i < n; i++) in[i] = ex::digit(i, 2);
  int* d_in = ex::to_device(in, "in");
  int* d_out = ex::zeros_on_device<int>(n, "out");
  scale<<<8, 64>>>(d_in, d_out, n);
  cudaDeviceSynchronize();
  ex::expect_read("in", d_in, in.size());
  ex::report("out", d_out, n);
  return 0;
}
)";

}  // namespace

Exercise exercise_grid_stride() {
  Exercise e;
  e.name = "grid-stride";
  e.title = "Any n with a fixed grid: the grid-stride loop";
  e.statement = kStatement;
  e.starter =
      R"(// Exercise grid-stride: out[i] = 3 * in[i] + 1 for every i < n, with 8 blocks of 64 threads.
// Check it: stridescope exercise check grid-stride grid-stride.cu

__global__ void scale(const int* in, int* out, int n) {
  // TODO: start at this thread's index; step by the number of threads in the grid.
}
)";
  e.solution =
      R"(// Exercise grid-stride: out[i] = 3 * in[i] + 1 for every i < n, with 8 blocks of 64 threads.

__global__ void scale(const int* in, int* out, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
    out[i] = 3 * in[i] + 1;
}
)";
  e.hints = {"The grid has gridDim.x * blockDim.x threads.",
             "for (int i = first; i < n; i += stride) visits every element exactly once when "
             "each thread starts at its own index.",
             "first = blockIdx.x * blockDim.x + threadIdx.x; stride = gridDim.x * blockDim.x."};
  e.harness = kHarness;
  e.cases = {{"size 1", {1}, 0, 0},
             {"size 100", {100}, 0, 0},
             {"size 513", {513}, 0, 0},
             {"size 5000", {5000}, 0, 7}};
  e.reference = [](const std::vector<long>& args) {
    std::vector<double> out = exercise_inputs::digits(std::size_t(args[0]), 2);
    for (double& v : out) v = 3 * v + 1;
    return std::vector<ExpectedArray>{exercise_inputs::exact("out", out)};
  };
  e.goals = {ExerciseGoal::InputReadOnce, ExerciseGoal::ShareOfInput};
  return e;
}

}  // namespace stridescope
