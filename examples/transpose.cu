// A 64x64 matrix transpose through a padded shared tile (32x33 floats: the extra column keeps the
// column reads free of bank conflicts), 2x2 blocks of 32x8 threads, each thread moving 4 elements.
// Not a reduction: nothing is added. Prints "transpose: correct" when out[x][y] == in[y][x].
#include <cstdio>

#define TILE 32
#define ROWS 8
#define WIDTH 64

__global__ void transpose(float* out, const float* in) {
  __shared__ float tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS) tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * WIDTH + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  for (int j = 0; j < TILE; j += ROWS) out[(y + j) * WIDTH + x] = tile[threadIdx.x][threadIdx.y + j];
}

int main() {
  const int n = WIDTH * WIDTH;
  static float in[n], out[n];
  for (int i = 0; i < n; ++i) in[i] = i;
  float *dev_in, *dev_out;
  cudaMalloc((void**)&dev_in, n * sizeof(float));
  cudaMalloc((void**)&dev_out, n * sizeof(float));
  cudaMemcpy(dev_in, in, n * sizeof(float), cudaMemcpyHostToDevice);
  transpose<<<dim3(WIDTH / TILE, WIDTH / TILE), dim3(TILE, ROWS)>>>(dev_out, dev_in);
  cudaMemcpy(out, dev_out, n * sizeof(float), cudaMemcpyDeviceToHost);
  bool correct = true;
  for (int y = 0; y < WIDTH; ++y)
    for (int x = 0; x < WIDTH; ++x) correct = correct && out[x * WIDTH + y] == in[y * WIDTH + x];
  printf("transpose: %s\n", correct ? "correct" : "WRONG");
  cudaFree(dev_in);
  cudaFree(dev_out);
  return 0;
}
