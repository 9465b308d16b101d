// Exercise "scan-hillis-steele": an inclusive scan in one block, double-buffered.
#include "exercises/catalog/catalog.h"
#include "exercises/catalog/inputs.h"

namespace stridescope {

namespace {

constexpr const char* kHarness = R"(
#include <stridescope/exercise_harness.h>
int main(int argc, char** argv) {
  namespace ex = stridescope_exercise;
  const int n = int(ex::arg(argc, argv, 1));
  std::vector<int> in(n);
  for (int i = 0; i < n; i++) in[i] = ex::digit(i, 14);
  int* d_in = ex::to_device(in, "in");
  int* d_out = ex::zeros_on_device<int>(n, "out");
  inclusive_scan<<<1, 512>>>(d_in, d_out, n);
  cudaDeviceSynchronize();
  ex::expect_read("in", d_in, in.size());
  ex::report("out", d_out, n);
  return 0;
}
)";

}  // namespace

Exercise exercise_scan_hillis_steele() {
  Exercise e;
  e.name = "scan-hillis-steele";
  e.title = "An inclusive scan (Hillis and Steele)";
  e.statement =
      R"(Write `inclusive_scan`: one block of 512 threads computes out[i] = in[0] + ... + in[i]
for i < n (n <= 512).

Hillis and Steele: at step d = 1, 2, 4, ... each element adds the one d places to its left (if
there is one), all at once. "All at once" means a thread must not read a word another thread has
already updated in this step: keep two buffers, read from one and write the other, and swap them
after each __syncthreads(). Launch: inclusive_scan<<<1, 512>>>(in, out, n). Checked at n = 8, 300
and 512.)";
  e.starter =
      R"(// Exercise scan-hillis-steele: out[i] = in[0] + ... + in[i] for i < n, one block of 512.
// Check it: stridescope exercise check scan-hillis-steele scan-hillis-steele.cu

__global__ void inclusive_scan(const int* in, int* out, int n) {
  __shared__ int buffer[2][512];
  const int t = threadIdx.x;
  int from = 0;
  buffer[from][t] = t < n ? in[t] : 0;
  __syncthreads();
  // TODO: for d = 1, 2, 4, ... < n: buffer[1 - from][t] = buffer[from][t] plus
  // buffer[from][t - d] where t >= d; __syncthreads(); from = 1 - from.
  if (t < n) out[t] = buffer[from][t];
}
)";
  e.solution =
      R"(// Exercise scan-hillis-steele: out[i] = in[0] + ... + in[i] for i < n, one block of 512.

__global__ void inclusive_scan(const int* in, int* out, int n) {
  __shared__ int buffer[2][512];
  const int t = threadIdx.x;
  int from = 0;
  buffer[from][t] = t < n ? in[t] : 0;
  __syncthreads();
  for (int d = 1; d < n; d *= 2) {
    buffer[1 - from][t] = buffer[from][t] + (t >= d ? buffer[from][t - d] : 0);
    __syncthreads();
    from = 1 - from;
  }
  if (t < n) out[t] = buffer[from][t];
}
)";
  e.hints = {"for (int d = 1; d < n; d *= 2) { ... }",
             "Write only to the other buffer: buffer[1 - from][t] = buffer[from][t] + (t >= d ? "
             "buffer[from][t - d] : 0);",
             "__syncthreads() before swapping: every thread must finish reading the old buffer."};
  e.harness = kHarness;
  e.cases = {{"size 8", {8}, 0, 0}, {"size 300", {300}, 0, 0}, {"size 512", {512}, 0, 0}};
  e.reference = [](const std::vector<long>& args) {
    std::vector<double> out = exercise_inputs::digits(std::size_t(args[0]), 14);
    for (std::size_t i = 1; i < out.size(); ++i) out[i] += out[i - 1];
    return std::vector<ExpectedArray>{exercise_inputs::exact("out", out)};
  };
  return e;
}

}  // namespace stridescope
