// A wrong solution of histogram (plain-increment); the checker must say: use atomicAdd
// Exercise histogram: bins[v] += how many of data[0..n-1] equal v (0..255).

__global__ void histogram(const unsigned char* data, unsigned* bins, int n) {
  __shared__ unsigned temp[256];
  temp[threadIdx.x] = 0;
  __syncthreads();
  for (int i = threadIdx.x + blockIdx.x * blockDim.x; i < n; i += blockDim.x * gridDim.x)
    temp[data[i]]++;
  __syncthreads();
  atomicAdd(&bins[threadIdx.x], temp[threadIdx.x]);
}
