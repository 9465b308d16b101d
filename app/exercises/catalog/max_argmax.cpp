// Exercise "max-argmax": a block reduction of pairs (value, index), ties to the smaller index.
#include "exercises/catalog/catalog.h"
#include "exercises/catalog/inputs.h"

namespace stridescope {

namespace {

constexpr const char* kStatement =
    R"(Write `max_index`: one block of 256 threads finds the largest of in[0..n-1]
(integers, possibly all negative) and the smallest index where it occurs, and writes them to
result[0] and result[1].

Each thread walks its elements (i = t, t + 256, ...) keeping its best (value, index); the block
then reduces the pairs in two shared arrays, keeping the larger value, or on a tie the smaller
index. Launch: max_index<<<1, 256>>>(in, result, n). Checked at n = 5, 1000 and 5000, on 1000
digits from 0 to 9 (the maximum at many indices, in many threads: the tie rule matters), on 300
negative values and on 600 equal ones.)";

constexpr const char* kHarness = R"(
#include <stridescope/exercise_harness.h>
int main(int argc, char** argv) {
  namespace ex = stridescope_exercise;
  const int n = int(ex::arg(argc, argv, 1)), mode = int(ex::arg(argc, argv, 2));
  std::vector<int> in(n);
  for (int i = 0; i < n; i++) in[i] = ex::max_input(i, mode);
  int* d_in = ex::to_device(in, "in");
  int* d_result = ex::zeros_on_device<int>(2, "result");
  max_index<<<1, 256>>>(d_in, d_result, n);
  cudaDeviceSynchronize();
  ex::expect_read("in", d_in, in.size());
  ex::report("result", d_result, 2);
  return 0;
}
)";

constexpr const char* kStarter =
    R"(// Exercise max-argmax: result[0] = the largest in[i], result[1] = its smallest index i.
// Check it: stridescope exercise check max-argmax max-argmax.cu

__global__ void max_index(const int* in, int* result, int n) {
  __shared__ int best[256];
  __shared__ int where[256];
  const int t = threadIdx.x;
  // TODO: this thread's best pair over i = t, t + 256, ... (below n); then the halving loop on
  // the pairs: larger value wins, a tie goes to the smaller index; thread 0 writes the winner.
}
)";

constexpr const char* kSolution =
    R"(// Exercise max-argmax: result[0] = the largest in[i], result[1] = its smallest index i.

__global__ void max_index(const int* in, int* result, int n) {
  __shared__ int best[256];
  __shared__ int where[256];
  const int t = threadIdx.x;
  int value = -2147483647 - 1, index = n;
  for (int i = t; i < n; i += blockDim.x) {
    if (in[i] > value) {  // i only grows: a tie keeps the earlier index
      value = in[i];
      index = i;
    }
  }
  best[t] = value;
  where[t] = index;
  __syncthreads();
  for (int stride = blockDim.x / 2; stride > 0; stride /= 2) {
    if (t < stride) {
      const int v = best[t + stride], w = where[t + stride];
      if (v > best[t] || (v == best[t] && w < where[t])) {
        best[t] = v;
        where[t] = w;
      }
    }
    __syncthreads();
  }
  if (t == 0) {
    result[0] = best[0];
    result[1] = where[0];
  }
}
)";

}  // namespace

Exercise exercise_max_argmax() {
  Exercise e;
  e.name = "max-argmax";
  e.title = "Max and argmax";
  e.statement = kStatement;
  e.starter = kStarter;
  e.solution = kSolution;
  e.hints = {
      "Start each thread with the smallest int and index n: a thread with no element "
      "never wins.",
      "In a thread's own loop the indices grow: only a strictly larger value replaces the "
      "best.",
      "In the tree, compare pairs: take the other one if its value is larger, or equal "
      "with a smaller index."};
  e.harness = kHarness;
  e.cases = {{"size 5", {5, 0}, 0, 0},
             {"size 1000", {1000, 0}, 0, 0},
             {"size 300, all negative", {300, 1}, 0, 0},
             {"size 600, all equal", {600, 2}, 0, 0},
             {"size 1000, digits 0 to 9", {1000, 3}, 0, 0},
             {"size 5000", {5000, 0}, 0, 0}};
  e.reference = [](const std::vector<long>& args) {
    double best = -1e9, where = 0;
    for (long i = 0; i < args[0]; ++i) {
      const double v = stridescope_exercise::max_input(std::uint32_t(i), int(args[1]));
      if (v > best) {
        best = v;
        where = double(i);
      }
    }
    return std::vector<ExpectedArray>{exercise_inputs::exact("result", {best, where})};
  };
  return e;
}

}  // namespace stridescope
