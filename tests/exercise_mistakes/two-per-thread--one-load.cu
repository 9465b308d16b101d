// A wrong solution of two-per-thread (one-load); the checker must say: before any thread wrote it
// Exercise two-per-thread: block b sums in[b * 2B .. b * 2B + 2B - 1] (below n) into out[b].

__global__ void sum_pairs(const int* in, int* out, int n) {
  extern __shared__ int s[];  // 2 * blockDim.x words
  const unsigned t = threadIdx.x, B = blockDim.x;
  const unsigned first = blockIdx.x * 2 * B;
  s[t] = first + t < unsigned(n) ? in[first + t] : 0;
  __syncthreads();
  for (unsigned stride = B; stride > 0; stride /= 2) {
    if (t < stride) s[t] += s[t + stride];
    __syncthreads();
  }
  if (t == 0) out[blockIdx.x] = s[0];
}
