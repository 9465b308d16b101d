// Exercise "odd-block": the halving loop for a block whose size is not a power of two.
#include "exercises/catalog/catalog.h"
#include "exercises/catalog/inputs.h"

namespace stridescope {

namespace {

constexpr const char* kStatement =
    R"(Write `block_sum` again, now for any block size B from 1 to 1024: each block adds
its B elements in[blockIdx.x * B ..] and writes the sum to out[blockIdx.x].

Halving B = 96 gives 48, 24, 12, 6, 3, then 1: the element s[2] of the last odd step is never
added. Start the loop at the largest power of two below B and let the threads below it add the
word one stride up only where that word exists (t + stride < B).

Launch: block_sum<<<2, B, B * sizeof(int)>>>(in, out). Checked at B = 96, 100 and 255, and at
B = 64.)";

constexpr const char* kHarness = R"(
#include <stridescope/exercise_harness.h>
int main(int argc, char** argv) {
  namespace ex = stridescope_exercise;
  const int block = int(ex::arg(argc, argv, 1)), blocks = 2, n = block * blocks;
  std::vector<int> in(n);
  for (int i = 0; i < n; i++) in[i] = ex::digit(i, 4);
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

Exercise exercise_odd_block() {
  Exercise e;
  e.name = "odd-block";
  e.title = "A block size that is not a power of two";
  e.statement = kStatement;
  e.starter =
      R"(// Exercise odd-block: each block of any B threads sums its B elements into out[blockIdx.x].
// Check it: stridescope exercise check odd-block odd-block.cu

__global__ void block_sum(const int* in, int* out) {
  extern __shared__ int s[];
  const unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * blockDim.x + t];
  __syncthreads();
  // TODO: a halving loop that adds every one of the blockDim.x words into s[0], whatever
  // blockDim.x is.
  if (t == 0) out[blockIdx.x] = s[0];
}
)";
  e.solution =
      R"(// Exercise odd-block: each block of any B threads sums its B elements into out[blockIdx.x].

__global__ void block_sum(const int* in, int* out) {
  extern __shared__ int s[];
  const unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * blockDim.x + t];
  __syncthreads();
  unsigned start = 1;
  while (start * 2 < blockDim.x) start *= 2;  // the largest power of two below blockDim.x
  for (unsigned stride = start; stride > 0; stride /= 2) {
    if (t < stride && t + stride < blockDim.x) s[t] += s[t + stride];
    __syncthreads();
  }
  if (t == 0) out[blockIdx.x] = s[0];
}
)";
  e.hints = {
      "With B = 96: strides 64, 32, 16, 8, 4, 2, 1 reach every word; 48, 24, 12, 6, 3, 1 "
      "do not.",
      "The largest power of two below B: start at 1 and double while twice it is below B.",
      "Guard the addition: if (t < stride && t + stride < blockDim.x)."};
  e.harness = kHarness;
  e.cases = {{"B = 96", {96}, 0, 0},
             {"B = 100", {100}, 0, 1},
             {"B = 255", {255}, 0, 0},
             {"B = 64", {64}, 0, 1}};
  e.reference = [](const std::vector<long>& args) {
    const std::size_t block = std::size_t(args[0]);
    return std::vector<ExpectedArray>{exercise_inputs::exact(
        "out", exercise_inputs::slice_sums(exercise_inputs::digits(block * 2, 4), block))};
  };
  e.block_sum = true;
  return e;
}

}  // namespace stridescope
