// A wrong solution of dot (missing-barrier); the checker must say: with no __syncthreads() between them
// Exercise dot: partial[blockIdx.x] = this block's share of the sum of a[i] * b[i].

const int threadsPerBlock = 256;

__global__ void dot(const float* a, const float* b, float* partial, int n) {
  __shared__ float cache[threadsPerBlock];
  int tid = threadIdx.x + blockIdx.x * blockDim.x;
  int cacheIndex = threadIdx.x;
  float temp = 0;
  while (tid < n) {
    temp += a[tid] * b[tid];
    tid += blockDim.x * gridDim.x;
  }
  cache[cacheIndex] = temp;
  int i = blockDim.x / 2;
  while (i != 0) {
    if (cacheIndex < i) cache[cacheIndex] += cache[cacheIndex + i];
    __syncthreads();
    i /= 2;
  }
  if (cacheIndex == 0) partial[blockIdx.x] = cache[0];
}
