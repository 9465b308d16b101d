// Exercise "transpose": a tiled transpose through shared memory, padded against bank conflicts.
#include "exercises/catalog/catalog.h"
#include "exercises/catalog/inputs.h"

namespace stridescope {

namespace {

constexpr const char* kStatement =
    R"(Write `transpose`: in holds height rows of width floats; out gets its transpose,
width rows of height floats: out[x * height + y] = in[y * width + x].

Blocks of 32 x 8 threads move 32 x 32 tiles: each thread reads four elements of a tile row by row
(coalesced) into the shared tile, and after a __syncthreads() writes four elements of the
transposed tile, again row by row. Reading the tile by columns makes the 32 lanes of a warp ask
one bank for 32 different words (a 32-way conflict) unless each row is padded by one word:
tile[32][33]. Launch: transpose<<<dim3(width / 32, height / 32), dim3(32, 8)>>>(in, out, width,
height). Checked at 64 x 64 and 96 x 32. Goal: no bank conflicts.)";

constexpr const char* kHarness = R"(
#include <stridescope/exercise_harness.h>
int main(int argc, char** argv) {
  namespace ex = stridescope_exercise;
  const int width = int(ex::arg(argc, argv, 1)), height = int(ex::arg(argc, argv, 2));
  std::vector<float> in(width * height);
  for (int i = 0; i < width * height; i++) in[i] = ex::unit_float(i, 16);
  float* d_in = ex::to_device(in, "in");
  float* d_out = ex::zeros_on_device<float>(width * height, "out");
  transpose<<<dim3(width / 32, height / 32), dim3(32, 8)>>>(d_in, d_out, width, height);
  cudaDeviceSynchronize();
  ex::expect_read("in", d_in, in.size());
  ex::report("out", d_out, width * height);
  return 0;
}
)";

}  // namespace

Exercise exercise_transpose() {
  Exercise e;
  e.name = "transpose";
  e.title = "A transpose without bank conflicts";
  e.statement = kStatement;
  e.starter =
      R"(// Exercise transpose: out[x * height + y] = in[y * width + x], 32 x 32 tiles, no bank conflicts.
// Check it: stridescope exercise check transpose transpose.cu

const int TILE = 32, ROWS = 8;

__global__ void transpose(const float* in, float* out, int width, int height) {
  __shared__ float tile[TILE][TILE];  // TODO: one more word per row
  int x = blockIdx.x * TILE + threadIdx.x, y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS) tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * width + x];
  // TODO: wait for the whole tile; then write the transposed tile: the block's x and y swap,
  // and each thread reads tile[threadIdx.x][threadIdx.y + j].
}
)";
  e.solution =
      R"(// Exercise transpose: out[x * height + y] = in[y * width + x], 32 x 32 tiles, no bank conflicts.

const int TILE = 32, ROWS = 8;

__global__ void transpose(const float* in, float* out, int width, int height) {
  __shared__ float tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x, y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS) tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * width + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS) out[(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
}
)";
  e.hints = {"After the loads, __syncthreads(): a thread reads words other threads wrote.",
             "The output tile's corner is (blockIdx.y * 32, blockIdx.x * 32): swap the block "
             "coordinates, keep the thread's.",
             "tile[TILE][TILE + 1]: a column of the padded tile falls in 32 different banks."};
  e.harness = kHarness;
  e.cases = {{"64 x 64", {64, 64}, 0, 3}, {"96 x 32", {96, 32}, 0, 2}};
  e.reference = [](const std::vector<long>& args) {
    const long width = args[0], height = args[1];
    std::vector<double> out(std::size_t(width * height));
    for (long y = 0; y < height; ++y)
      for (long x = 0; x < width; ++x)
        out[std::size_t(x * height + y)] =
            exercise_inputs::unit_float(std::uint32_t(y * width + x), 16);
    return std::vector<ExpectedArray>{exercise_inputs::within("out", out, 1e-7)};
  };
  e.goals = {ExerciseGoal::ConflictFree};
  return e;
}

}  // namespace stridescope
