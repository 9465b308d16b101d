// A wrong solution of map-guard (read-before-guard); the checker must say: past the end of the cudaMalloc buffer in
// Exercise map-guard: out[i] = in[i] * in[i] for every i < n; the load comes before the guard.

__global__ void square(const int* in, int* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int v = in[i];
  if (i < n) out[i] = v * v;
}
