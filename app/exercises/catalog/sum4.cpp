// Exercise "sum4": the smallest block sum, four threads and four words of shared memory.
#include "exercises/catalog/catalog.h"
#include "exercises/catalog/inputs.h"

namespace stridescope {

namespace {

constexpr const char* kStatement =
    R"(Write the kernel `sum4`: one block of 4 threads adds in[0..3] and writes the
sum to out[0].

Each thread copies its value into the shared array s[4]; then, in two steps, thread 0 adds
s[2] into s[0] while thread 1 adds s[3] into s[1], and thread 0 adds s[1] into s[0]. Threads
must not read a word another thread is still to write: a __syncthreads() between the steps.

Launch: sum4<<<1, 4>>>(in, out). Checked on 3, 1, 4, 2 (sum 10) and on four other digits.
Goal: at most log2(4) + 1 = 3 __syncthreads().)";

constexpr const char* kStarter =
    R"(// Exercise sum4: one block of 4 threads adds in[0..3] into out[0].
// Check it: stridescope exercise check sum4 sum4.cu

__global__ void sum4(const int* in, int* out) {
  __shared__ int s[4];
  const int t = threadIdx.x;
  s[t] = in[t];
  // TODO: add the four words into s[0] in two steps (strides 2 and 1), each step after a
  // __syncthreads(); then thread 0 writes s[0] to out[0].
}
)";

constexpr const char* kSolution =
    R"(// Exercise sum4: one block of 4 threads adds in[0..3] into out[0].

__global__ void sum4(const int* in, int* out) {
  __shared__ int s[4];
  const int t = threadIdx.x;
  s[t] = in[t];
  __syncthreads();
  if (t < 2) s[t] += s[t + 2];
  __syncthreads();
  if (t == 0) {
    s[0] += s[1];
    out[0] = s[0];
  }
}
)";

constexpr const char* kHarness = R"(
#include <stridescope/exercise_harness.h>
int main(int argc, char** argv) {
  namespace ex = stridescope_exercise;
  const int seed = int(ex::arg(argc, argv, 1));
  std::vector<int> in{3, 1, 4, 2};
  if (seed != 0)
    for (int i = 0; i < 4; i++) in[i] = ex::digit(i, seed);
  int* d_in = ex::to_device(in, "in");
  int* d_out = ex::zeros_on_device<int>(1, "out");
  sum4<<<1, 4>>>(d_in, d_out);
  cudaDeviceSynchronize();
  ex::expect_read("in", d_in, in.size());
  ex::report("sum", d_out, 1);
  return 0;
}
)";

}  // namespace

Exercise exercise_sum4() {
  Exercise e;
  e.name = "sum4";
  e.title = "Four values, one block: 3, 1, 4, 2 -> 10";
  e.statement = kStatement;
  e.starter = kStarter;
  e.solution = kSolution;
  e.hints = {"Stride 2: threads 0 and 1 add the word two places to their right into their own.",
             "Before a thread reads s[t + 2], thread t + 2 must have written it: __syncthreads() "
             "after the copy.",
             "Then stride 1: thread 0 adds s[1], after another __syncthreads()."};
  e.harness = kHarness;
  e.cases = {{"3, 1, 4, 2", {0}, 0, 0}, {"four other digits", {7}, 0, 0}};
  e.reference = [](const std::vector<long>& args) {
    const std::vector<double> in = args[0] == 0
                                       ? std::vector<double>{3, 1, 4, 2}
                                       : exercise_inputs::digits(4, std::uint32_t(args[0]));
    return std::vector<ExpectedArray>{
        exercise_inputs::scalar("sum", in[0] + in[1] + in[2] + in[3])};
  };
  e.goals = {ExerciseGoal::FewBarriers};
  e.block_sum = true;
  return e;
}

}  // namespace stridescope
