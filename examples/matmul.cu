// Matrix multiply C = A * B (A is n x l, B is l x m) four ways, each checked against the host:
//  1. one thread per element of C, a 1-D grid;
//  2. one block per row of A, its threads striding over the columns of B;
//  3. as 2, with the row of A staged in shared memory first;
//  4. 16 x 16 tiles of A and B in shared memory, two __syncthreads() per tile, a 2-D grid.
// `stridescope run examples/matmul.cu --launch 3` traces the tiles (launch 2: the staged row).
#include <cmath>
#include <cstdio>
#include <cstdlib>

#define TILE 16
const int n = 32, l = 48, m = 32;

__global__ void matmul_element(const float* A, const float* B, float* C) {
  int k = blockIdx.x * blockDim.x + threadIdx.x;
  if (k >= n * m) return;
  int row = k / m, col = k % m;
  float sum = 0;
  for (int j = 0; j < l; j++) sum += A[row * l + j] * B[j * m + col];
  C[row * m + col] = sum;
}

__global__ void matmul_row(const float* A, const float* B, float* C) {
  int row = blockIdx.x;
  for (int col = threadIdx.x; col < m; col += blockDim.x) {
    float sum = 0;
    for (int j = 0; j < l; j++) sum += A[row * l + j] * B[j * m + col];
    C[row * m + col] = sum;
  }
}

__global__ void matmul_row_shared(const float* A, const float* B, float* C) {
  __shared__ float rowA[l];
  int row = blockIdx.x;
  for (int j = threadIdx.x; j < l; j += blockDim.x) rowA[j] = A[row * l + j];
  __syncthreads();
  for (int col = threadIdx.x; col < m; col += blockDim.x) {
    float sum = 0;
    for (int j = 0; j < l; j++) sum += rowA[j] * B[j * m + col];
    C[row * m + col] = sum;
  }
}

__global__ void matmul_tiled(const float* A, const float* B, float* C) {
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE];
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * TILE + ty, col = blockIdx.x * TILE + tx;
  float sum = 0;
  for (int t = 0; t < l / TILE; t++) {
    As[ty][tx] = A[row * l + t * TILE + tx];
    Bs[ty][tx] = B[(t * TILE + ty) * m + col];
    __syncthreads();
    for (int k = 0; k < TILE; k++) sum += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  C[row * m + col] = sum;
}

// The largest difference from the host's product.
float max_error(const float* C, const float* A, const float* B) {
  float worst = 0;
  for (int row = 0; row < n; row++)
    for (int col = 0; col < m; col++) {
      float sum = 0;
      for (int j = 0; j < l; j++) sum += A[row * l + j] * B[j * m + col];
      worst = fmaxf(worst, fabsf(sum - C[row * m + col]));
    }
  return worst;
}

int main() {
  float *A = (float*)malloc(n * l * sizeof(float)), *B = (float*)malloc(l * m * sizeof(float));
  float* C = (float*)malloc(n * m * sizeof(float));
  for (int i = 0; i < n * l; i++) A[i] = (i % 7) - 3;  // small integers: every sum is exact
  for (int i = 0; i < l * m; i++) B[i] = (i % 5) - 2;
  float *dA, *dB, *dC;
  cudaMalloc((void**)&dA, n * l * sizeof(float));
  cudaMalloc((void**)&dB, l * m * sizeof(float));
  cudaMalloc((void**)&dC, n * m * sizeof(float));
  cudaMemcpy(dA, A, n * l * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(dB, B, l * m * sizeof(float), cudaMemcpyHostToDevice);
  const char* names[4] = {"1 thread per element", "2 block per row", "3 row in shared memory",
                          "4 shared 16x16 tiles"};
  for (int way = 0; way < 4; way++) {
    cudaMemset(dC, 0, n * m * sizeof(float));
    if (way == 0) matmul_element<<<(n * m + 127) / 128, 128>>>(dA, dB, dC);
    if (way == 1) matmul_row<<<n, 16>>>(dA, dB, dC);
    if (way == 2) matmul_row_shared<<<n, 16>>>(dA, dB, dC);
    if (way == 3) matmul_tiled<<<dim3(m / TILE, n / TILE), dim3(TILE, TILE)>>>(dA, dB, dC);
    cudaMemcpy(C, dC, n * m * sizeof(float), cudaMemcpyDeviceToHost);
    printf("matmul %s: C[0][0] = %g, C[%d][%d] = %g, max error %g\n", names[way], C[0], n - 1,
           m - 1, C[n * m - 1], max_error(C, A, B));
  }
  cudaFree(dA);
  cudaFree(dB);
  cudaFree(dC);
  free(A);
  free(B);
  free(C);
  return 0;
}
