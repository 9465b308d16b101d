// The dot-product ladder, six kernels for one dot product (512 threads, 8 blocks, N = 32768,
// each thread a grid-stride loop over 8 products), each timed with CUDA events:
//  dot0  products in shared memory, thread 0 adds them one after another;
//  dot1  a tree: at stride s the threads with (tid & (2s - 1)) == 0 add (interleaved);
//  dot2  dot1 with each thread's products added with Kahan compensation;
//  dot3  sequential addressing: the lower half adds the upper half, halving;
//  dot4  dot3 fully unrolled for 512 threads, a __syncthreads() per level;
//  dot5  dot3 down to 64, then the last warp unrolled without barriers: a race. Warps in lockstep
//        (a GPU before Volta, or `--schedule lockstep`) happen to add it right; thread after
//        thread (`stridescope run`'s default order) thread 0 adds before the others did, and the
//        sum is wrong; the lab names the race either way (since Volta: __syncwarp() per step).
// The values are small integers, so every correct rung's float sum is exact: 49150.
// `stridescope run examples/dot_ladder.cu --launch K` traces rung K.
#include <cstdio>

#define THREADS 512
#define BLOCKS 8
const int N = 32 * 1024;

__device__ float products(const float* a, const float* b) {
  float temp = 0;
  for (int i = threadIdx.x + blockIdx.x * blockDim.x; i < N; i += blockDim.x * gridDim.x)
    temp += a[i] * b[i];
  return temp;
}

__global__ void dot0(const float* a, const float* b, float* c) {
  __shared__ float cache[THREADS];
  cache[threadIdx.x] = products(a, b);
  __syncthreads();
  if (threadIdx.x == 0) {
    for (int t = 1; t < blockDim.x; t++) cache[0] += cache[t];
    c[blockIdx.x] = cache[0];
  }
}

__global__ void dot1(const float* a, const float* b, float* c) {
  __shared__ float cache[THREADS];
  unsigned tid = threadIdx.x;
  cache[tid] = products(a, b);
  __syncthreads();
  for (unsigned s = 1; s < blockDim.x; s *= 2) {
    if ((tid & (2 * s - 1)) == 0) cache[tid] += cache[tid + s];
    __syncthreads();
  }
  if (tid == 0) c[blockIdx.x] = cache[0];
}

__global__ void dot2(const float* a, const float* b, float* c) {
  __shared__ float cache[THREADS];
  unsigned tid = threadIdx.x;
  float sum = 0, compensation = 0;
  for (int i = tid + blockIdx.x * blockDim.x; i < N; i += blockDim.x * gridDim.x) {
    float y = a[i] * b[i] - compensation;
    float t = sum + y;
    compensation = (t - sum) - y;
    sum = t;
  }
  cache[tid] = sum;
  __syncthreads();
  for (unsigned s = 1; s < blockDim.x; s *= 2) {
    if ((tid & (2 * s - 1)) == 0) cache[tid] += cache[tid + s];
    __syncthreads();
  }
  if (tid == 0) c[blockIdx.x] = cache[0];
}

__global__ void dot3(const float* a, const float* b, float* c) {
  __shared__ float cache[THREADS];
  unsigned tid = threadIdx.x;
  cache[tid] = products(a, b);
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 0; s /= 2) {
    if (tid < s) cache[tid] += cache[tid + s];
    __syncthreads();
  }
  if (tid == 0) c[blockIdx.x] = cache[0];
}

__global__ void dot4(const float* a, const float* b, float* c) {
  __shared__ float cache[THREADS];
  unsigned tid = threadIdx.x;
  cache[tid] = products(a, b);
  __syncthreads();
  if (tid < 256) cache[tid] += cache[tid + 256];
  __syncthreads();
  if (tid < 128) cache[tid] += cache[tid + 128];
  __syncthreads();
  if (tid < 64) cache[tid] += cache[tid + 64];
  __syncthreads();
  if (tid < 32) cache[tid] += cache[tid + 32];
  __syncthreads();
  if (tid < 16) cache[tid] += cache[tid + 16];
  __syncthreads();
  if (tid < 8) cache[tid] += cache[tid + 8];
  __syncthreads();
  if (tid < 4) cache[tid] += cache[tid + 4];
  __syncthreads();
  if (tid < 2) cache[tid] += cache[tid + 2];
  __syncthreads();
  if (tid < 1) cache[tid] += cache[tid + 1];
  __syncthreads();
  if (tid == 0) c[blockIdx.x] = cache[0];
}

__global__ void dot5(const float* a, const float* b, float* c) {
  __shared__ float cache[THREADS];
  unsigned tid = threadIdx.x;
  cache[tid] = products(a, b);
  __syncthreads();
  for (unsigned s = blockDim.x / 2; s > 32; s /= 2) {
    if (tid < s) cache[tid] += cache[tid + s];
    __syncthreads();
  }
  if (tid < 32) {  // racy: no __syncwarp() between the steps
    volatile float* v = cache;
    v[tid] += v[tid + 32];
    v[tid] += v[tid + 16];
    v[tid] += v[tid + 8];
    v[tid] += v[tid + 4];
    v[tid] += v[tid + 2];
    v[tid] += v[tid + 1];
  }
  if (tid == 0) c[blockIdx.x] = cache[0];
}

int main() {
  float *a = new float[N], *b = new float[N], partial[BLOCKS];
  for (int i = 0; i < N; i++) {
    a[i] = i % 4;
    b[i] = i % 3;
  }
  float *dev_a, *dev_b, *dev_c;
  cudaMalloc((void**)&dev_a, N * sizeof(float));
  cudaMalloc((void**)&dev_b, N * sizeof(float));
  cudaMalloc((void**)&dev_c, BLOCKS * sizeof(float));
  cudaMemcpy(dev_a, a, N * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(dev_b, b, N * sizeof(float), cudaMemcpyHostToDevice);
  cudaEvent_t start, stop;
  cudaEventCreate(&start);
  cudaEventCreate(&stop);
  for (int rung = 0; rung < 6; rung++) {
    cudaEventRecord(start);
    if (rung == 0) dot0<<<BLOCKS, THREADS>>>(dev_a, dev_b, dev_c);
    if (rung == 1) dot1<<<BLOCKS, THREADS>>>(dev_a, dev_b, dev_c);
    if (rung == 2) dot2<<<BLOCKS, THREADS>>>(dev_a, dev_b, dev_c);
    if (rung == 3) dot3<<<BLOCKS, THREADS>>>(dev_a, dev_b, dev_c);
    if (rung == 4) dot4<<<BLOCKS, THREADS>>>(dev_a, dev_b, dev_c);
    if (rung == 5) dot5<<<BLOCKS, THREADS>>>(dev_a, dev_b, dev_c);
    cudaEventRecord(stop);
    cudaEventSynchronize(stop);
    float ms = 0;
    cudaEventElapsedTime(&ms, start, stop);
    cudaMemcpy(partial, dev_c, BLOCKS * sizeof(float), cudaMemcpyDeviceToHost);
    float c = 0;
    for (int i = 0; i < BLOCKS; i++) c += partial[i];
    printf("dot%d = %.0f  (%.3f ms)\n", rung, c, ms);
  }
  cudaEventDestroy(start);
  cudaEventDestroy(stop);
  cudaFree(dev_a);
  cudaFree(dev_b);
  cudaFree(dev_c);
  delete[] a;
  delete[] b;
  return 0;
}
