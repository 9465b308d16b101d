// Matrix transpose through a shared tile, two ways, as the CUDA samples' transpose writes it: a
// 32 x 32 tile written along its rows and read down its columns (the 32 lanes of a warp read one
// bank: 31 extra wavefronts per load), and the same tile padded to 33 columns (no conflict).
// Launch 0 and 1; scripts/gpu-check.sh counts their bank conflicts beside Nsight Compute's.
#include <cstdio>

#define TILE 32
#define ROWS 8  // a block is 32 x 8 threads: each copies 4 rows of the tile
const int N = 64;

__global__ void transpose_tile(const float* in, float* out) {
  __shared__ float tile[TILE][TILE];
  int x = blockIdx.x * TILE + threadIdx.x, y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS) tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * N + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS) out[(y + j) * N + x] = tile[threadIdx.x][threadIdx.y + j];
}

__global__ void transpose_padded(const float* in, float* out) {
  __shared__ float tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x, y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS) tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * N + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS) out[(y + j) * N + x] = tile[threadIdx.x][threadIdx.y + j];
}

// Elements of out that are not in[] transposed.
int errors(const float* in, const float* out) {
  int wrong = 0;
  for (int r = 0; r < N; r++)
    for (int c = 0; c < N; c++) wrong += out[c * N + r] != in[r * N + c];
  return wrong;
}

int main() {
  static float in[N * N], out[N * N];
  for (int i = 0; i < N * N; i++) in[i] = i;
  float *d_in, *d_out;
  cudaMalloc((void**)&d_in, sizeof in);
  cudaMalloc((void**)&d_out, sizeof out);
  cudaMemcpy(d_in, in, sizeof in, cudaMemcpyHostToDevice);
  dim3 grid(N / TILE, N / TILE), block(TILE, ROWS);

  transpose_tile<<<grid, block>>>(d_in, d_out);
  cudaMemcpy(out, d_out, sizeof out, cudaMemcpyDeviceToHost);
  printf("transpose_tile:   out[1] = %g, out[%d] = %g, %d wrong\n", out[1], N, out[N],
         errors(in, out));

  cudaMemset(d_out, 0, sizeof out);
  transpose_padded<<<grid, block>>>(d_in, d_out);
  cudaMemcpy(out, d_out, sizeof out, cudaMemcpyDeviceToHost);
  printf("transpose_padded: out[1] = %g, out[%d] = %g, %d wrong\n", out[1], N, out[N],
         errors(in, out));

  cudaFree(d_in);
  cudaFree(d_out);
  return 0;
}
