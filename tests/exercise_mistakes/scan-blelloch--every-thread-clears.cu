// A wrong solution of scan-blelloch (every-thread-clears); the checker must say: let one thread do it

__global__ void exclusive_scan(const int* in, int* out) {
  extern __shared__ int s[];  // 2 * blockDim.x words
  const int t = threadIdx.x, n = 2 * blockDim.x;
  s[2 * t] = in[2 * t];
  s[2 * t + 1] = in[2 * t + 1];
  for (int d = 1; d < n; d *= 2) {  // up-sweep
    __syncthreads();
    if (t < n / (2 * d)) s[d * (2 * t + 2) - 1] += s[d * (2 * t + 1) - 1];
  }
  s[n - 1] = 0;
  for (int d = n / 2; d >= 1; d /= 2) {  // down-sweep
    __syncthreads();
    if (t < n / (2 * d)) {
      const int left = d * (2 * t + 1) - 1, right = d * (2 * t + 2) - 1;
      const int value = s[left];
      s[left] = s[right];
      s[right] += value;
    }
  }
  __syncthreads();
  out[2 * t] = s[2 * t];
  out[2 * t + 1] = s[2 * t + 1];
}
