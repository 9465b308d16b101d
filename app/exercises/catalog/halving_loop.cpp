// Exercise "halving-loop": a block's sum in shared memory, the stride halving each step.
#include "exercises/catalog/catalog.h"
#include "exercises/catalog/inputs.h"

namespace stridescope {

namespace {

constexpr const char* kHarness = R"(
#include <stridescope/exercise_harness.h>
int main(int argc, char** argv) {
  namespace ex = stridescope_exercise;
  const int block = int(ex::arg(argc, argv, 1)), blocks = 3, n = block * blocks;
  std::vector<int> in(n);
  for (int i = 0; i < n; i++) in[i] = ex::digit(i, 3);
  int* d_in = ex::to_device(in, "in");
  int* d_out = ex::zeros_on_device<int>(blocks, "out");
  block_sum<<<blocks, block, block * sizeof(int)>>>(d_in, d_out);
  cudaDeviceSynchronize();
  ex::expect_read("in", d_in, in.size());
  ex::report("out", d_out, blocks);
  return 0;
}
)";

}  // namespace

Exercise exercise_halving_loop() {
  Exercise e;
  e.name = "halving-loop";
  e.title = "The halving loop";
  e.statement =
      R"(Write the kernel `block_sum`: each block of B threads (B a power of two) adds the B
elements in[blockIdx.x * B .. blockIdx.x * B + B - 1] and writes the sum to out[blockIdx.x].

Each thread copies its element into the shared array s[] (B words, given by the launch); then the
active half of the threads add the other half into theirs: stride B/2, then B/4, ... 1, with a
__syncthreads() after each step. Thread 0 writes s[0].

Launch: block_sum<<<3, B, B * sizeof(int)>>>(in, out). Checked at B = 64, 128 and 256 (the trace
of block 1). Goal: at most log2(B) + 1 __syncthreads().)";
  e.starter =
      R"(// Exercise halving-loop: each block of B threads sums its B elements into out[blockIdx.x].
// Check it: stridescope exercise check halving-loop halving-loop.cu

__global__ void block_sum(const int* in, int* out) {
  extern __shared__ int s[];
  const unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * blockDim.x + t];
  __syncthreads();
  // TODO: for stride = blockDim.x / 2, blockDim.x / 4, ..., 1: the threads below the stride add
  // s[t + stride] into s[t]; every thread waits at a __syncthreads() after each step.
  if (t == 0) out[blockIdx.x] = s[0];
}
)";
  e.solution =
      R"(// Exercise halving-loop: each block of B threads sums its B elements into out[blockIdx.x].

__global__ void block_sum(const int* in, int* out) {
  extern __shared__ int s[];
  const unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * blockDim.x + t];
  __syncthreads();
  for (unsigned stride = blockDim.x / 2; stride > 0; stride /= 2) {
    if (t < stride) s[t] += s[t + stride];
    __syncthreads();
  }
  if (t == 0) out[blockIdx.x] = s[0];
}
)";
  e.hints = {"for (unsigned stride = blockDim.x / 2; stride > 0; stride /= 2) { ... }",
             "Inside: if (t < stride) s[t] += s[t + stride];",
             "The __syncthreads() goes inside the loop but outside the `if`: every thread of the "
             "block must reach it."};
  e.harness = kHarness;
  e.cases = {{"B = 64", {64}, 0, 1}, {"B = 128", {128}, 0, 1}, {"B = 256", {256}, 0, 1}};
  e.reference = [](const std::vector<long>& args) {
    const std::size_t block = std::size_t(args[0]);
    return std::vector<ExpectedArray>{exercise_inputs::exact(
        "out", exercise_inputs::slice_sums(exercise_inputs::digits(block * 3, 3), block))};
  };
  e.goals = {ExerciseGoal::FewBarriers};
  e.block_sum = true;
  return e;
}

}  // namespace stridescope
