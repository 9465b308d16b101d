// A wrong solution of sum4 (missing-barrier); the checker must say: with no __syncwarp() or __syncthreads() between them
// Exercise sum4: one block of 4 threads adds in[0..3] into out[0].

__global__ void sum4(const int* in, int* out) {
  __shared__ int s[4];
  const int t = threadIdx.x;
  s[t] = in[t];
  if (t < 2) s[t] += s[t + 2];
  __syncthreads();
  if (t == 0) {
    s[0] += s[1];
    out[0] = s[0];
  }
}
