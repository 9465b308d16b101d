// A wrong solution of grid-stride (wrong-stride); the checker must say: its share is about
// Exercise grid-stride: out[i] = 3 * in[i] + 1 for every i < n, with 8 blocks of 64 threads.

__global__ void scale(const int* in, int* out, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x)
    out[i] = 3 * in[i] + 1;
}
