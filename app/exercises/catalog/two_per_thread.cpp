// Exercise "two-per-thread": each thread loads two elements, 2 * blockDim.x shared words.
#include "exercises/catalog/catalog.h"
#include "exercises/catalog/inputs.h"

namespace stridescope {

namespace {

constexpr const char* kHarness = R"(
#include <stridescope/exercise_harness.h>
int main(int argc, char** argv) {
  namespace ex = stridescope_exercise;
  const int n = int(ex::arg(argc, argv, 1)), B = 128, blocks = (n + 2 * B - 1) / (2 * B);
  std::vector<int> in(n);
  for (int i = 0; i < n; i++) in[i] = ex::digit(i, 8);
  int* d_in = ex::to_device(in, "in");
  int* d_out = ex::zeros_on_device<int>(blocks, "out");
  sum_pairs<<<blocks, B, 2 * B * sizeof(int)>>>(d_in, d_out, n);
  cudaDeviceSynchronize();
  ex::expect_read("in", d_in, in.size());
  ex::report("out", d_out, blocks);
  return 0;
}
)";

}  // namespace

Exercise exercise_two_per_thread() {
  Exercise e;
  e.name = "two-per-thread";
  e.title = "Two elements per thread into 2 * blockDim.x shared words";
  e.statement =
      R"(Write `sum_pairs`: a block of B threads sums 2B elements. Block b's elements start at
b * 2B; thread t loads element t into s[t] and element t + B into s[t + B] (0 where the element is
at or past n), and the block adds the 2B words of s[] with the halving loop from stride B.
Thread 0 writes s[0] to out[b].

Launch: sum_pairs<<<(n + 2B - 1) / 2B, B, 2 * B * sizeof(int)>>>(in, out, n) with B = 128.
Checked at n = 1, 256, 513, 800, 1000 and 1280. Goal: each input element read once.)";
  e.starter =
      R"(// Exercise two-per-thread: block b sums in[b * 2B .. b * 2B + 2B - 1] (below n) into out[b].
// Check it: stridescope exercise check two-per-thread two-per-thread.cu

__global__ void sum_pairs(const int* in, int* out, int n) {
  extern __shared__ int s[];  // 2 * blockDim.x words
  const unsigned t = threadIdx.x, B = blockDim.x;
  const unsigned first = blockIdx.x * 2 * B;
  // TODO: s[t] and s[t + B] from in[first + t] and in[first + t + B] (0 past n); the halving loop
  // from stride B; thread 0 writes s[0].
}
)";
  e.solution =
      R"(// Exercise two-per-thread: block b sums in[b * 2B .. b * 2B + 2B - 1] (below n) into out[b].

__global__ void sum_pairs(const int* in, int* out, int n) {
  extern __shared__ int s[];  // 2 * blockDim.x words
  const unsigned t = threadIdx.x, B = blockDim.x;
  const unsigned first = blockIdx.x * 2 * B;
  s[t] = first + t < unsigned(n) ? in[first + t] : 0;
  s[t + B] = first + t + B < unsigned(n) ? in[first + t + B] : 0;
  __syncthreads();
  for (unsigned stride = B; stride > 0; stride /= 2) {
    if (t < stride) s[t] += s[t + stride];
    __syncthreads();
  }
  if (t == 0) out[blockIdx.x] = s[0];
}
)";
  e.hints = {"Two loads per thread, each with its own guard against n.",
             "The first stride is B: thread t adds s[t + B], the word it loaded second.",
             "for (unsigned stride = B; stride > 0; stride /= 2) { if (t < stride) s[t] += "
             "s[t + stride]; __syncthreads(); }"};
  e.harness = kHarness;
  e.cases = {{"size 1", {1}, 0, 0},       {"size 256", {256}, 0, 0},   {"size 513", {513}, 0, 1},
             {"size 800", {800}, 0, 1},   {"size 1000", {1000}, 0, 3}, {"size 1280", {1280}, 0, 4}};
  e.reference = [](const std::vector<long>& args) {
    return std::vector<ExpectedArray>{exercise_inputs::exact(
        "out", exercise_inputs::slice_sums(exercise_inputs::digits(std::size_t(args[0]), 8), 256))};
  };
  e.goals = {ExerciseGoal::InputReadOnce};
  e.block_sum = true;
  return e;
}

}  // namespace stridescope
