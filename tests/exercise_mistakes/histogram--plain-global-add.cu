// A wrong solution of histogram (plain-global-add); the checker must say: a race in global memory
__global__ void histogram(const unsigned char* data, unsigned* bins, int n) {
  __shared__ unsigned temp[256];
  temp[threadIdx.x] = 0;
  __syncthreads();
  for (int i = threadIdx.x + blockIdx.x * blockDim.x; i < n; i += blockDim.x * gridDim.x)
    atomicAdd(&temp[data[i]], 1u);
  __syncthreads();
  bins[threadIdx.x] += temp[threadIdx.x];
}
