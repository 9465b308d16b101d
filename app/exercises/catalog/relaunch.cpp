// Exercise "relaunch": block sums launched again on the block sums until one value is left.
#include "exercises/catalog/catalog.h"
#include "exercises/catalog/inputs.h"

namespace stridescope {

namespace {

constexpr const char* kStatement =
    R"(Write the kernel `reduce_pass` (block b of 256 threads writes the sum of
in[b * 256 ..], below n, to out[b], as in many-blocks) and the host function `reduce_all`, which
launches it on the input, then on the block sums, then on their block sums ... until one value is
left, and returns it.

`reduce_all(d_in, d_tmp, n)` gets the input on the device and a device array d_tmp of
(n + 255) / 256 ints it may use; it may overwrite d_in. Checked at n = 1000 (two launches) and
n = 70000 (three launches), the trace of block 0 of the second launch.)";

constexpr const char* kHarness = R"(
#include <stridescope/exercise_harness.h>
int main(int argc, char** argv) {
  namespace ex = stridescope_exercise;
  const int n = int(ex::arg(argc, argv, 1));
  std::vector<int> in(n);
  for (int i = 0; i < n; i++) in[i] = ex::digit(i, 9);
  int* d_in = ex::to_device(in, "d_in");
  int* d_tmp = ex::zeros_on_device<int>((n + 255) / 256, "d_tmp");
  const int sum = reduce_all(d_in, d_tmp, n);
  ex::expect_read("d_in", d_in, in.size());
  ex::report_returned("sum", sum);
  return 0;
}
)";

constexpr const char* kStarter =
    R"(// Exercise relaunch: reduce_pass makes block sums; reduce_all relaunches it until one is left.
// Check it: stridescope exercise check relaunch relaunch.cu

__global__ void reduce_pass(const int* in, int* out, int n) {
  __shared__ int s[256];
  // TODO: block b sums in[b * 256 ..] (below n) into out[b].
}

int reduce_all(int* d_in, int* d_tmp, int n) {
  // TODO: launch reduce_pass on (d_in, d_tmp, n); then on the block sums; ... until n == 1;
  // copy the last value to the host and return it.
  return 0;
}
)";

constexpr const char* kSolution =
    R"(// Exercise relaunch: reduce_pass makes block sums; reduce_all relaunches it until one is left.

__global__ void reduce_pass(const int* in, int* out, int n) {
  __shared__ int s[256];
  const int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
  s[t] = i < n ? in[i] : 0;
  __syncthreads();
  for (int stride = blockDim.x / 2; stride > 0; stride /= 2) {
    if (t < stride) s[t] += s[t + stride];
    __syncthreads();
  }
  if (t == 0) out[blockIdx.x] = s[0];
}

int reduce_all(int* d_in, int* d_tmp, int n) {
  int* from = d_in;
  int* to = d_tmp;
  while (n > 1) {
    const int blocks = (n + 255) / 256;
    reduce_pass<<<blocks, 256>>>(from, to, n);
    n = blocks;
    int* swap = from;
    from = to;
    to = swap;
  }
  int result = 0;
  cudaMemcpy(&result, from, sizeof(int), cudaMemcpyDeviceToHost);
  return result;
}
)";

}  // namespace

Exercise exercise_relaunch() {
  Exercise e;
  e.name = "relaunch";
  e.title = "Relaunching until one block remains";
  e.statement = kStatement;
  e.starter = kStarter;
  e.solution = kSolution;
  e.hints = {"After a pass over n values there are (n + 255) / 256 block sums: the next pass's n.",
             "Swap the roles of the two arrays each pass: read from one, write to the other.",
             "Stop when n == 1; the value is where the last pass wrote it."};
  e.harness = kHarness;
  e.cases = {{"size 1000", {1000}, 1, 0, 2}, {"size 70000", {70000}, 1, 0, 3}};
  e.reference = [](const std::vector<long>& args) {
    double total = 0;
    for (double v : exercise_inputs::digits(std::size_t(args[0]), 9)) total += v;
    return std::vector<ExpectedArray>{exercise_inputs::scalar("sum", total)};
  };
  e.block_sum = true;
  return e;
}

}  // namespace stridescope
