// A wrong solution of many-blocks (early-return); the checker must say: barrier divergence
// Exercise many-blocks: block b sums in[b * 256 ..] (up to n) into partial[b].

__global__ void partial_sums(const int* in, int* partial, int n) {
  __shared__ int s[256];
  const int t = threadIdx.x;
  const int i = blockIdx.x * blockDim.x + t;
  if (i >= n) return;
  s[t] = in[i];
  __syncthreads();
  for (int stride = blockDim.x / 2; stride > 0; stride /= 2) {
    if (t < stride) s[t] += s[t + stride];
    __syncthreads();
  }
  if (t == 0) partial[blockIdx.x] = s[0];
}
