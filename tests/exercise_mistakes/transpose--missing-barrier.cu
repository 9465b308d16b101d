// A wrong solution of transpose (missing-barrier); the checker must say: with no __syncthreads() between them
// Exercise transpose: out[x * height + y] = in[y * width + x], 32 x 32 tiles, no bank conflicts.

const int TILE = 32, ROWS = 8;

__global__ void transpose(const float* in, float* out, int width, int height) {
  __shared__ float tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x, y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS) tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * width + x];
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS) out[(y + j) * height + x] = tile[threadIdx.x][threadIdx.y + j];
}
