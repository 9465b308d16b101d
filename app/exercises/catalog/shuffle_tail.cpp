// Exercise "shuffle-tail": the last warp of a block sum in registers, with __shfl_down_sync.
#include "exercises/catalog/catalog.h"
#include "exercises/catalog/inputs.h"

namespace stridescope {

namespace {

constexpr const char* kStatement =
    R"(Write `block_sum` for blocks of 256 threads: the halving loop in shared memory
only down to 64 words; then warp 0 takes over in registers: lane t starts with s[t] + s[t + 32]
and adds the value of the lane 16, 8, 4, 2 and 1 above it with __shfl_down_sync(0xffffffff, v,
offset). Lane 0 writes the block's sum to out[blockIdx.x].

No shared memory and no __syncthreads() in the warp's part: the shuffle exchanges the 32 lanes'
values at once. Launch: block_sum<<<4, 256>>>(in, out). Checked with digits and with the numbers
0..1023. Goal: at most log2(256) + 1 = 9 __syncthreads().)";

constexpr const char* kHarness = R"(
#include <stridescope/exercise_harness.h>
int main(int argc, char** argv) {
  namespace ex = stridescope_exercise;
  const int kind = int(ex::arg(argc, argv, 1)), n = 1024;
  std::vector<int> in(n);
  for (int i = 0; i < n; i++) in[i] = kind == 0 ? ex::digit(i, 11) : i;
  int* d_in = ex::to_device(in, "in");
  int* d_out = ex::zeros_on_device<int>(4, "out");
  block_sum<<<4, 256>>>(d_in, d_out);
  cudaDeviceSynchronize();
  ex::expect_read("in", d_in, in.size());
  ex::report("out", d_out, 4);
  return 0;
}
)";

}  // namespace

Exercise exercise_shuffle_tail() {
  Exercise e;
  e.name = "shuffle-tail";
  e.title = "The last warp with __shfl_down_sync";
  e.statement = kStatement;
  e.starter =
      R"(// Exercise shuffle-tail: each block of 256 threads sums its 256 elements into out[blockIdx.x].
// Check it: stridescope exercise check shuffle-tail shuffle-tail.cu

__global__ void block_sum(const int* in, int* out) {
  __shared__ int s[256];
  const unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * 256 + t];
  __syncthreads();
  for (unsigned stride = 128; stride > 32; stride /= 2) {
    if (t < stride) s[t] += s[t + stride];
    __syncthreads();
  }
  // TODO: warp 0: v = s[t] + s[t + 32]; then v += __shfl_down_sync(0xffffffff, v, offset) for
  // offset 16, 8, 4, 2, 1; lane 0 writes v to out[blockIdx.x].
}
)";
  e.solution =
      R"(// Exercise shuffle-tail: each block of 256 threads sums its 256 elements into out[blockIdx.x].

__global__ void block_sum(const int* in, int* out) {
  __shared__ int s[256];
  const unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * 256 + t];
  __syncthreads();
  for (unsigned stride = 128; stride > 32; stride /= 2) {
    if (t < stride) s[t] += s[t + stride];
    __syncthreads();
  }
  if (t < 32) {
    int v = s[t] + s[t + 32];
    for (int offset = 16; offset > 0; offset /= 2) v += __shfl_down_sync(0xffffffffu, v, offset);
    if (t == 0) out[blockIdx.x] = v;
  }
}
)";
  e.hints = {"Only warp 0 works at the end: if (t < 32) { ... }.",
             "Lane t's value after the shuffles with offsets 16, 8, 4, 2, 1: lane 0 holds the sum "
             "of all 32.",
             "The mask 0xffffffff: all 32 lanes take part, so all 32 must call it."};
  e.harness = kHarness;
  e.cases = {{"digits", {0}, 0, 0}, {"0..1023", {1}, 0, 2}};
  e.reference = [](const std::vector<long>& args) {
    std::vector<double> in = exercise_inputs::digits(1024, 11);
    if (args[0] != 0)
      for (std::size_t i = 0; i < in.size(); ++i) in[i] = double(i);
    return std::vector<ExpectedArray>{
        exercise_inputs::exact("out", exercise_inputs::slice_sums(in, 256))};
  };
  e.goals = {ExerciseGoal::FewBarriers};
  return e;
}

}  // namespace stridescope
