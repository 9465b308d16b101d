// A wrong solution of sum4 (memset-past-s); the checker must say: past the end of __shared__ s

__global__ void sum4(const int* in, int* out) {
  __shared__ int s[4];
  if (threadIdx.x == 0) memset(s, 0, 512);  // bytes, not elements: 128 ints into 4
  __syncthreads();
  const int t = threadIdx.x;
  s[t] = in[t];
  __syncthreads();
  if (t < 2) s[t] += s[t + 2];
  __syncthreads();
  if (t == 0) {
    s[0] += s[1];
    out[0] = s[0];
  }
}
