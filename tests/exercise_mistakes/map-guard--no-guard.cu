// A wrong solution of map-guard (no-guard); the checker must say: read in[1] (byte 4), past the end of the cudaMalloc buffer in (in[0]..
// Exercise map-guard: out[i] = in[i] * in[i] for every i < n.

__global__ void square(const int* in, int* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = in[i] * in[i];
}
