// A wrong solution of map-guard (no-block-offset); the checker must say: (no kernel wrote it)
// Exercise map-guard: every block squares in[0..B-1]: the other blocks' elements are never written.

__global__ void square(const int* in, int* out, int n) {
  const int i = threadIdx.x;
  if (i < n) out[i] = in[i] * in[i];
}
