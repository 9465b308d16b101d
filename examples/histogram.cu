// A 16-bin histogram of 4096 bytes: each block counts into its own shared bins with atomicAdd,
// then adds them to the global bins. Step 0 zeroes the bins (the constant 0, nothing loaded); not
// a reduction into one word. Prints the 16 counts (256 each: byte i is i % 256).
#include <cstdio>

#define BINS 16
#define N 4096

__global__ void histogram(const unsigned char* data, unsigned* bins) {
  __shared__ unsigned counts[BINS];
  if (threadIdx.x < BINS) counts[threadIdx.x] = 0;
  __syncthreads();
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < N; i += blockDim.x * gridDim.x)
    atomicAdd(&counts[data[i] % BINS], 1u);
  __syncthreads();
  if (threadIdx.x < BINS) atomicAdd(&bins[threadIdx.x], counts[threadIdx.x]);
}

int main() {
  static unsigned char data[N];
  for (int i = 0; i < N; ++i) data[i] = i % 256;
  unsigned bins[BINS] = {};
  unsigned char* dev_data;
  unsigned* dev_bins;
  cudaMalloc((void**)&dev_data, N);
  cudaMalloc((void**)&dev_bins, sizeof bins);
  cudaMemcpy(dev_data, data, N, cudaMemcpyHostToDevice);
  cudaMemcpy(dev_bins, bins, sizeof bins, cudaMemcpyHostToDevice);
  histogram<<<4, 128>>>(dev_data, dev_bins);
  cudaMemcpy(bins, dev_bins, sizeof bins, cudaMemcpyDeviceToHost);
  for (int b = 0; b < BINS; ++b) printf("%u%c", bins[b], b + 1 < BINS ? ' ' : '\n');
  cudaFree(dev_data);
  cudaFree(dev_bins);
  return 0;
}
