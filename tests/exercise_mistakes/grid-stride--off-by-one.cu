// A wrong solution of grid-stride (off-by-one); the checker must say: out[0] is 0, expected
// Exercise grid-stride: out[i] = 3 * in[i] + 1 for every i < n, with 8 blocks of 64 threads.

__global__ void scale(const int* in, int* out, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n - 1; i += gridDim.x * blockDim.x)
    out[i] = 3 * in[i] + 1;
}
