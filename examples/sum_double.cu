// A double-precision sum: each thread loads two elements into a shared array of 2 * blockDim
// words, the tree starts at stride blockDim.x, each block writes its sum to the front of the
// input, and the host relaunches the kernel on those sums until one block remains.
// n = 100000 values i: the sum is n (n - 1) / 2 = 4999950000, exact in double.
// Caution, as on a GPU: block b writes in[b] while block 0 may still be about to read in[b]
// (b < 2 * BLOCK). GPUs start blocks in order, so block 0 has usually loaded its elements first,
// but CUDA does not promise it. stridescope run spreads blocks over the CPU's cores, where it can
// show; with --workers 1 blocks run one after another and it never does.
#include <cstdio>

#define BLOCK 128

__global__ void sum(double* in, unsigned n) {
  __shared__ double s[2 * BLOCK];
  unsigned tid = threadIdx.x;
  unsigned i = blockIdx.x * 2 * blockDim.x + tid;
  s[tid] = i < n ? in[i] : 0.0;
  s[tid + blockDim.x] = i + blockDim.x < n ? in[i + blockDim.x] : 0.0;
  __syncthreads();
  for (unsigned stride = blockDim.x; stride > 0; stride /= 2) {
    if (tid < stride) s[tid] += s[tid + stride];
    __syncthreads();
  }
  if (tid == 0) in[blockIdx.x] = s[0];
}

int main() {
  const unsigned n = 100000;
  double* host = new double[n];
  for (unsigned i = 0; i < n; i++) host[i] = i;
  double* dev;
  cudaMalloc((void**)&dev, n * sizeof(double));
  cudaMemcpy(dev, host, n * sizeof(double), cudaMemcpyHostToDevice);
  unsigned left = n, launches = 0;
  while (true) {
    unsigned blocks = (left + 2 * BLOCK - 1) / (2 * BLOCK);
    sum<<<blocks, BLOCK>>>(dev, left);
    launches++;
    printf("launch %u: %u values -> %u block sums\n", launches, left, blocks);
    left = blocks;
    if (blocks == 1) break;
  }
  double result = 0;
  cudaMemcpy(&result, dev, sizeof(double), cudaMemcpyDeviceToHost);
  printf("sum = %.1f (expected %.1f)\n", result, (double)n * (n - 1) / 2);
  cudaFree(dev);
  delete[] host;
  return 0;
}
