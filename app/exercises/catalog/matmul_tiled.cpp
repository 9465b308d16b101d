// Exercise "matmul-tiled": C = A * B with 16 x 16 tiles staged in shared memory.
#include "exercises/catalog/catalog.h"
#include "exercises/catalog/inputs.h"

namespace stridescope {

namespace {

constexpr const char* kHarness = R"(
#include <stridescope/exercise_harness.h>
int main(int argc, char** argv) {
  namespace ex = stridescope_exercise;
  const int n = int(ex::arg(argc, argv, 1));
  std::vector<float> a(n * n), b(n * n);
  for (int i = 0; i < n * n; i++) {
    a[i] = ex::unit_float(i, 17);
    b[i] = ex::unit_float(i, 18);
  }
  float* d_a = ex::to_device(a, "A");
  float* d_b = ex::to_device(b, "B");
  float* d_c = ex::zeros_on_device<float>(n * n, "C");
  matmul<<<dim3(n / 16, n / 16), dim3(16, 16)>>>(d_a, d_b, d_c, n);
  cudaDeviceSynchronize();
  ex::expect_read("A", d_a, a.size());
  ex::expect_read("B", d_b, b.size());
  ex::report("C", d_c, n * n);
  return 0;
}
)";

constexpr const char* kStatement =
    R"(Write `matmul`: C = A * B for n x n matrices of floats (row-major), n a multiple of
16. Blocks of 16 x 16 threads compute 16 x 16 tiles of C; thread (tx, ty) computes
C[row][col] with row = blockIdx.y * 16 + ty, col = blockIdx.x * 16 + tx.

For each of the n / 16 tiles along the sum, the block loads a tile of A and a tile of B into
shared memory (one element per thread each), waits, adds the 16 products of its row and column,
and waits again before the next tile overwrites them. Launch: matmul<<<dim3(n / 16, n / 16),
dim3(16, 16)>>>(A, B, C, n). Checked at n = 32 and 48 against a float64 reference, within 1e-5
relative.)";

constexpr const char* kStarter =
    R"(// Exercise matmul-tiled: C = A * B (n x n, row-major), 16 x 16 tiles in shared memory.
// Check it: stridescope exercise check matmul-tiled matmul-tiled.cu

const int T = 16;

__global__ void matmul(const float* A, const float* B, float* C, int n) {
  __shared__ float As[T][T];
  __shared__ float Bs[T][T];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row = blockIdx.y * T + ty, col = blockIdx.x * T + tx;
  float sum = 0;
  // TODO: for each tile k: As[ty][tx] = A[row][k * T + tx]; Bs[ty][tx] = B[k * T + ty][col];
  // wait; add As[ty][j] * Bs[j][tx] for j < T; wait.
  C[row * n + col] = sum;
}
)";

constexpr const char* kSolution =
    R"(// Exercise matmul-tiled: C = A * B (n x n, row-major), 16 x 16 tiles in shared memory.

const int T = 16;

__global__ void matmul(const float* A, const float* B, float* C, int n) {
  __shared__ float As[T][T];
  __shared__ float Bs[T][T];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row = blockIdx.y * T + ty, col = blockIdx.x * T + tx;
  float sum = 0;
  for (int k = 0; k < n / T; k++) {
    As[ty][tx] = A[row * n + k * T + tx];
    Bs[ty][tx] = B[(k * T + ty) * n + col];
    __syncthreads();
    for (int j = 0; j < T; j++) sum += As[ty][j] * Bs[j][tx];
    __syncthreads();
  }
  C[row * n + col] = sum;
}
)";

}  // namespace

Exercise exercise_matmul_tiled() {
  Exercise e;
  e.name = "matmul-tiled";
  e.title = "A tiled matrix multiply";
  e.statement = kStatement;
  e.starter = kStarter;
  e.solution = kSolution;
  e.hints = {"for (int k = 0; k < n / T; k++) { load both tiles; ...; }",
             "The first __syncthreads(): every element of both tiles is loaded before anyone "
             "multiplies.",
             "The second: nobody loads the next tile while another thread still multiplies this "
             "one."};
  e.harness = kHarness;
  e.cases = {{"n = 32", {32}, 0, 3}, {"n = 48", {48}, 0, 4}};
  e.reference = [](const std::vector<long>& args) {
    const long n = args[0];
    std::vector<double> c(std::size_t(n * n), 0.0);
    for (long r = 0; r < n; ++r)
      for (long col = 0; col < n; ++col)
        for (long k = 0; k < n; ++k)
          c[std::size_t(r * n + col)] +=
              double(exercise_inputs::unit_float(std::uint32_t(r * n + k), 17)) *
              double(exercise_inputs::unit_float(std::uint32_t(k * n + col), 18));
    return std::vector<ExpectedArray>{exercise_inputs::within("C", c, 1e-5)};
  };
  return e;
}

}  // namespace stridescope
