// A wrong solution of kahan (plain-sum); the checker must say: sum is
// Exercise kahan: out[0] = the sum of in[0..n-1], within 1e-6 relative, one block of 128.

__global__ void kahan_sum(const float* in, float* out, int n) {
  __shared__ float partial[128];
  const int t = threadIdx.x;
  float sum = 0, c = 0;
  for (int i = t; i < n; i += blockDim.x) {
    sum += in[i];
  }
  partial[t] = sum;
  __syncthreads();
  for (int stride = 64; stride > 0; stride /= 2) {
    if (t < stride) partial[t] += partial[t + stride];
    __syncthreads();
  }
  if (t == 0) out[0] = partial[0];
}
