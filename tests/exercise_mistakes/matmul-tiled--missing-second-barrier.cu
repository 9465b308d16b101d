// A wrong solution of matmul-tiled (missing-second-barrier); the checker must say: with no __syncthreads() between them
// Exercise matmul-tiled: C = A * B (n x n, row-major), 16 x 16 tiles in shared memory.

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
  }
  C[row * n + col] = sum;
}
