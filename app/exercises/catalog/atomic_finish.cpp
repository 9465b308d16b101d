// Exercise "atomic-finish": block sums finished by one atomicAdd per block.
#include "exercises/catalog/catalog.h"
#include "exercises/catalog/inputs.h"

namespace stridescope {

namespace {

constexpr const char* kStarter =
    R"(// Exercise atomic-finish: one launch adds every in[i] (i < n) into *total.
// Check it: stridescope exercise check atomic-finish atomic-finish.cu

__global__ void sum_all(const int* in, int* total, int n) {
  __shared__ int s[256];
  // TODO: this block's sum in s[0] (as in many-blocks); thread 0 adds it to *total with an atomic.
}
)";

constexpr const char* kSolution =
    R"(// Exercise atomic-finish: one launch adds every in[i] (i < n) into *total.

__global__ void sum_all(const int* in, int* total, int n) {
  __shared__ int s[256];
  const int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
  s[t] = i < n ? in[i] : 0;
  __syncthreads();
  for (int stride = blockDim.x / 2; stride > 0; stride /= 2) {
    if (t < stride) s[t] += s[t + stride];
    __syncthreads();
  }
  if (t == 0) atomicAdd(total, s[0]);
}
)";

constexpr const char* kHarness = R"(
#include <stridescope/exercise_harness.h>
int main(int argc, char** argv) {
  namespace ex = stridescope_exercise;
  const int n = int(ex::arg(argc, argv, 1));
  std::vector<int> in(n);
  for (int i = 0; i < n; i++) in[i] = ex::digit(i, 10);
  int* d_in = ex::to_device(in, "in");
  int* d_total = ex::zeros_on_device<int>(1, "total");
  sum_all<<<(n + 255) / 256, 256>>>(d_in, d_total, n);
  cudaDeviceSynchronize();
  ex::expect_read("in", d_in, in.size());
  ex::report("total", d_total, 1);
  return 0;
}
)";

}  // namespace

Exercise exercise_atomic_finish() {
  Exercise e;
  e.name = "atomic-finish";
  e.title = "Finishing with atomicAdd";
  e.statement =
      R"(Write `sum_all`: blocks of 256 threads each sum their elements of in[] (below n) in
shared memory, and thread 0 of each block adds the block's sum to *total with atomicAdd, so that
one launch gives the whole sum. (*total starts at 0.)

Many blocks add to the same word at once on a GPU: a plain `*total += s[0]` loses updates, an
atomicAdd does not. Launch: sum_all<<<(n + 255) / 256, 256>>>(in, total, n). Checked at
n = 1, 257, 1000 and 70000; a plain update of *total from two blocks is a race, found whatever
the order the blocks ran in. Goal: every write of the block to *total is an atomic.)";
  e.starter = kStarter;
  e.solution = kSolution;
  e.hints = {"The block's sum first, as in many-blocks.",
             "One thread per block adds: if (t == 0) ...",
             "atomicAdd(total, s[0]) reads, adds and writes *total as one step no other block can "
             "come between."};
  e.harness = kHarness;
  e.cases = {{"size 1", {1}, 0, 0},
             {"size 257", {257}, 0, 1},
             {"size 1000", {1000}, 0, 3},
             {"size 70000", {70000}, 0, 0}};
  e.reference = [](const std::vector<long>& args) {
    double total = 0;
    for (double v : exercise_inputs::digits(std::size_t(args[0]), 10)) total += v;
    return std::vector<ExpectedArray>{exercise_inputs::scalar("total", total)};
  };
  e.goals = {ExerciseGoal::AtomicResult};
  e.block_sum = true;
  return e;
}

}  // namespace stridescope
