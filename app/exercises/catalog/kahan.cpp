// Exercise "kahan": compensated summation per thread, so that a float sum keeps float precision.
#include "exercises/catalog/catalog.h"
#include "exercises/catalog/inputs.h"

namespace stridescope {

namespace {

constexpr const char* kHarness = R"(
#include <stridescope/exercise_harness.h>
int main(int argc, char** argv) {
  namespace ex = stridescope_exercise;
  const int n = int(ex::arg(argc, argv, 1));
  std::vector<float> in(n);
  for (int i = 0; i < n; i++) in[i] = 0.1f + ex::unit_float(i, 19) * 0.001f;
  float* d_in = ex::to_device(in, "in");
  float* d_out = ex::zeros_on_device<float>(1, "out");
  kahan_sum<<<1, 128>>>(d_in, d_out, n);
  cudaDeviceSynchronize();
  ex::expect_read("in", d_in, in.size());
  ex::report("sum", d_out, 1);
  return 0;
}
)";

constexpr const char* kStatement =
    R"(Write `kahan_sum`: one block of 128 threads adds n floats near 0.1 (n = 2^22: 32768 per
thread) and writes the sum to out[0], within 2e-7 of the float64 sum (relative).

A plain float loop loses the low bits of each small addend once the running sum is large, and
with addends this alike the losses do not cancel: its sum is off by about 5e-6. Kahan's loop
keeps the lost part in a second float c:
y = x - c; t = sum + y; c = (t - sum) - y; sum = t. Each thread sums its elements (i = t,
t + 128, ...) that way; the block then adds the 128 partial sums (a tree in shared memory is
enough). Launch: kahan_sum<<<1, 128>>>(in, out, n). Checked at n = 2^22 and 2^20 + 77.)";

constexpr const char* kStarter =
    R"(// Exercise kahan: out[0] = the sum of in[0..n-1], within 2e-7 relative, one block of 128.
// Check it: stridescope exercise check kahan kahan.cu

__global__ void kahan_sum(const float* in, float* out, int n) {
  __shared__ float partial[128];
  const int t = threadIdx.x;
  float sum = 0, c = 0;
  // TODO: for i = t, t + 128, ... < n: add in[i] to sum with Kahan's compensation c.
  partial[t] = sum;
  __syncthreads();
  for (int stride = 64; stride > 0; stride /= 2) {
    if (t < stride) partial[t] += partial[t + stride];
    __syncthreads();
  }
  if (t == 0) out[0] = partial[0];
}
)";

constexpr const char* kSolution =
    R"(// Exercise kahan: out[0] = the sum of in[0..n-1], within 2e-7 relative, one block of 128.

__global__ void kahan_sum(const float* in, float* out, int n) {
  __shared__ float partial[128];
  const int t = threadIdx.x;
  float sum = 0, c = 0;
  for (int i = t; i < n; i += blockDim.x) {
    const float y = in[i] - c;
    const float s = sum + y;
    c = (s - sum) - y;
    sum = s;
  }
  partial[t] = sum;
  __syncthreads();
  for (int stride = 64; stride > 0; stride /= 2) {
    if (t < stride) partial[t] += partial[t + stride];
    __syncthreads();
  }
  if (t == 0) out[0] = partial[0];
}
)";

}  // namespace

Exercise exercise_kahan() {
  Exercise e;
  e.name = "kahan";
  e.title = "Kahan-compensated sums";
  e.statement = kStatement;
  e.starter = kStarter;
  e.solution = kSolution;
  e.hints = {"The loop: for (int i = t; i < n; i += blockDim.x).",
             "y = in[i] - c: the correction left from the last step goes back in first.",
             "t = sum + y; c = (t - sum) - y; sum = t; — (t - sum) is what really got added; "
             "minus y, what was lost."};
  e.harness = kHarness;
  e.cases = {{"size 2^22", {1 << 22}, 0, 0}, {"size 2^20 + 77", {(1 << 20) + 77}, 0, 0}};
  e.reference = [](const std::vector<long>& args) {
    double total = 0;
    for (long i = 0; i < args[0]; ++i)
      total += double(0.1f + exercise_inputs::unit_float(std::uint32_t(i), 19) * 0.001f);
    return std::vector<ExpectedArray>{exercise_inputs::scalar("sum", total, 2e-7)};
  };
  return e;
}

}  // namespace stridescope
