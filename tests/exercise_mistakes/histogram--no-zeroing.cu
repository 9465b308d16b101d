// A wrong solution of histogram (no-zeroing); the checker must say: before any thread wrote it
// Exercise histogram: bins[v] += how many of data[0..n-1] equal v (0..255).

__global__ void histogram(const unsigned char* data, unsigned* bins, int n) {
  __shared__ unsigned temp[256];
  for (int i = threadIdx.x + blockIdx.x * blockDim.x; i < n; i += blockDim.x * gridDim.x)
    atomicAdd(&temp[data[i]], 1u);
  __syncthreads();
  atomicAdd(&bins[threadIdx.x], temp[threadIdx.x]);
}
