// Unsigned shared words past INT_MAX: a multiplicative hash per thread, their largest by a halving
// max, and 8-byte words (a hash in the high half) summed with wrap-around. For the GPU trace check
// (scripts/gpu-trace-check.sh): the emulator's trace and an H200's read the words as unsigned
// alike.
#include <cstdio>

__global__ void hashes(unsigned* largest, unsigned long long* sum) {
  __shared__ unsigned h[64];
  __shared__ unsigned long long w[64];
  const unsigned t = threadIdx.x;
  h[t] = (t + 1 + 64 * blockIdx.x) * 2654435761u;
  w[t] = (unsigned long long)h[t] << 32 | t;
  __syncthreads();
  for (unsigned s = 32; s > 0; s /= 2) {
    if (t < s) {
      h[t] = max(h[t], h[t + s]);
      w[t] += w[t + s];
    }
    __syncthreads();
  }
  if (t == 0) {
    largest[blockIdx.x] = h[0];
    sum[blockIdx.x] = w[0];
  }
}

int main() {
  unsigned* largest;
  unsigned long long* sum;
  cudaMalloc(&largest, 2 * sizeof(unsigned));
  cudaMalloc(&sum, 2 * sizeof(unsigned long long));
  hashes<<<2, 64>>>(largest, sum);
  unsigned l[2];
  unsigned long long s[2];
  cudaMemcpy(l, largest, sizeof l, cudaMemcpyDeviceToHost);
  cudaMemcpy(s, sum, sizeof s, cudaMemcpyDeviceToHost);
  for (int b = 0; b < 2; ++b) printf("block %d: largest hash %u, wide sum %llu\n", b, l[b], s[b]);
  return 0;
}
