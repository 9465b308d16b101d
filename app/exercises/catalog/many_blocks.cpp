// Exercise "many-blocks": block sums of any n, the last block only partly full.
#include "exercises/catalog/catalog.h"
#include "exercises/catalog/inputs.h"

namespace stridescope {

namespace {

constexpr const char* kStatement =
    R"(Write `partial_sums`: blocks of 256 threads; block b adds the elements
in[b * 256 .. b * 256 + 255] that exist (those below n) and writes the sum to partial[b]. The host
adds the partial sums.

n need not be a multiple of 256: the last block's threads past the end must not read in[], and
must still take part in every __syncthreads() (a thread that returns early leaves the others
waiting: barrier divergence). A missing element counts as 0.

Launch: partial_sums<<<(n + 255) / 256, 256>>>(in, partial, n). Checked at n = 1, 255, 257,
1000 (4 blocks) and 70000 (274 blocks), the trace of the last block. Goal: at most log2(256) + 1 = 9
__syncthreads().)";

constexpr const char* kStarter =
    R"(// Exercise many-blocks: block b sums in[b * 256 ..] (up to n) into partial[b].
// Check it: stridescope exercise check many-blocks many-blocks.cu

__global__ void partial_sums(const int* in, int* partial, int n) {
  __shared__ int s[256];
  const int t = threadIdx.x;
  const int i = blockIdx.x * blockDim.x + t;
  // TODO: s[t] = the element i if it exists, else 0; then the halving loop; then partial.
}
)";

constexpr const char* kSolution =
    R"(// Exercise many-blocks: block b sums in[b * 256 ..] (up to n) into partial[b].

__global__ void partial_sums(const int* in, int* partial, int n) {
  __shared__ int s[256];
  const int t = threadIdx.x;
  const int i = blockIdx.x * blockDim.x + t;
  s[t] = i < n ? in[i] : 0;
  __syncthreads();
  for (int stride = blockDim.x / 2; stride > 0; stride /= 2) {
    if (t < stride) s[t] += s[t + stride];
    __syncthreads();
  }
  if (t == 0) partial[blockIdx.x] = s[0];
}
)";

constexpr const char* kHarness = R"(
#include <stridescope/exercise_harness.h>
int main(int argc, char** argv) {
  namespace ex = stridescope_exercise;
  const int n = int(ex::arg(argc, argv, 1)), blocks = (n + 255) / 256;
  std::vector<int> in(n);
  for (int i = 0; i < n; i++) in[i] = ex::digit(i, 5);
  int* d_in = ex::to_device(in, "in");
  int* d_partial = ex::zeros_on_device<int>(blocks, "partial");
  partial_sums<<<blocks, 256>>>(d_in, d_partial, n);
  cudaDeviceSynchronize();
  ex::expect_read("in", d_in, in.size());
  ex::report("partial", d_partial, blocks);
  return 0;
}
)";

}  // namespace

Exercise exercise_many_blocks() {
  Exercise e;
  e.name = "many-blocks";
  e.title = "Any n over many blocks";
  e.statement = kStatement;
  e.starter = kStarter;
  e.solution = kSolution;
  e.hints = {"s[t] = i < n ? in[i] : 0; — every thread writes its word, the ones past the end a 0.",
             "Do not `return` early for i >= n: those threads must still reach each "
             "__syncthreads().",
             "The rest is the halving loop of halving-loop."};
  e.harness = kHarness;
  e.cases = {{"size 1", {1}, 0, 0},
             {"size 255", {255}, 0, 0},
             {"size 257", {257}, 0, 1},
             {"size 1000", {1000}, 0, 3},
             {"size 70000", {70000}, 0, 273}};
  e.reference = [](const std::vector<long>& args) {
    return std::vector<ExpectedArray>{exercise_inputs::exact(
        "partial",
        exercise_inputs::slice_sums(exercise_inputs::digits(std::size_t(args[0]), 5), 256))};
  };
  e.goals = {ExerciseGoal::FewBarriers};
  e.block_sum = true;
  return e;
}

}  // namespace stridescope
