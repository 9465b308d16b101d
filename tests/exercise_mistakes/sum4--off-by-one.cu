// A wrong solution of sum4 (off-by-one); the checker must say: never reach the block's sum
// Exercise sum4: one block of 4 threads adds in[0..3] into out[0].

__global__ void sum4(const int* in, int* out) {
  __shared__ int s[4];
  const int t = threadIdx.x;
  s[t] = in[t];
  __syncthreads();
  if (t < 1) s[t] += s[t + 2];
  __syncthreads();
  if (t == 0) {
    s[0] += s[1];
    out[0] = s[0];
  }
}
